package lesson

import (
	"context"
	"strconv"

	"coerceplayground/coerce"
)

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

// jobIDsHint names the fixture's ids the way a hint should: "job ids look like 17 and 42".
func jobIDsHint(jobs []Job) string {
	ids := make([]string, len(jobs))
	for i, j := range jobs {
		ids[i] = strconv.FormatInt(j.ID, 10)
	}
	return "job ids look like " + joinAnd(ids)
}

// GetJob declares get_job over jobs. calls, when not nil, is incremented each time the handler
// runs, so tests can assert it was not called for invalid arguments.
func GetJob(jobs []Job, calls *int) coerce.Tool {
	// Results are built once: the fixture does not change, and the ok path then allocates only
	// the observation itself.
	results := make([]coerce.Result, len(jobs))
	for i, j := range jobs {
		results[i] = coerce.Result{coerce.M("job", coerce.Object(
			coerce.M("id", coerce.Int(j.ID)),
			coerce.M("name", coerce.String(j.Name)),
			coerce.M("status", coerce.String(j.Status)),
			coerce.M("failed_step", coerce.String(j.FailedStep)),
			coerce.M("error", coerce.String(j.Error)),
		))}
	}
	return coerce.Tool{
		Name:        "get_job",
		Description: "Look up a job by its id and return its status, and for a failed job the step that failed and why.",
		Schema: coerce.Schema{Fields: []coerce.Field{
			coerce.IntField("job_id", MaxJobID, strconv.FormatInt(jobs[0].ID, 10), "The job's numeric id, as shown in the jobs list."),
		}},
		Codes: []coerce.Code{coerce.NotFound},
		Handler: func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
			count(calls)
			id := args.Int("job_id")
			for i, j := range jobs {
				if j.ID == id {
					return results[i], nil
				}
			}
			return nil, coerce.NotFoundError("job_id", "no job "+strconv.FormatInt(id, 10)+"; "+jobIDsHint(jobs)+": use an id from the jobs list, do not guess")
		},
	}
}
