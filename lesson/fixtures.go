package lesson

import (
	"strconv"
	"strings"
)

// The fixtures are the data the classroom's tools answer from: two failed jobs and two users.
// They are small on purpose: a hint can name every id ("job ids look like 17 and 42").

// Job is one record of the jobs fixture.
type Job struct {
	ID         int64
	Name       string
	Status     string
	FailedStep string
	Error      string
}

// MaxJobID is the largest job id the schema admits (the jobs table's int32 key).
const MaxJobID = 2147483647

// Jobs returns the fixture: the failed jobs a student can look up.
func Jobs() []Job {
	return []Job{
		{ID: 17, Name: "nightly-backup", Status: "failed", FailedStep: "upload", Error: "storage quota exceeded"},
		{ID: 42, Name: "invoice-export", Status: "failed", FailedStep: "render", Error: "template missing: invoice_v2"},
	}
}

// User is one record of the users fixture.
type User struct {
	ID, Name, Role string
}

// Users returns the users fixture.
func Users() []User {
	return []User{
		{ID: "usr_8f3a", Name: "Ada Lovelace", Role: "admin"},
		{ID: "usr_k2p9", Name: "Grace Hopper", Role: "support"},
	}
}

// jobIDsHint names the fixture's ids the way a hint should: "job ids look like 17 and 42".
func jobIDsHint(jobs []Job) string {
	ids := make([]string, len(jobs))
	for i, j := range jobs {
		ids[i] = strconv.FormatInt(j.ID, 10)
	}
	return "job ids look like " + joinAnd(ids)
}

func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return "nothing"
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
