// Package coercetest declares the tools that coerce's table tests (coerce/testdata/dispatch.tsv
// and its neighbours) are written against, so that coerce's tests, its subpackages' and those of
// the packages built on it run the same rows on the same tools without the classroom: the
// library's tests do not depend on the lesson's wording.
//
// The tools: get_job (job_id 1..MaxJobID; jobs 17 and 42 exist), get_user (a "usr_" id;
// usr_8f3a exists), set_alerts (a required boolean with no string spellings and an optional one
// that opts in to "true"/"false") and add_points (a number and an array of integers).
package coercetest

import (
	"context"
	"strconv"

	"coerceplayground/coerce"
)

// MaxJobID is the largest job_id get_job admits (an int32 key, as a real table has).
const MaxJobID = 2147483647

// Calls counts handler runs per tool name, so a row can assert the handler did, or did not, run.
// A nil Calls counts nothing.
type Calls map[string]int

// Tools returns the four tools, counting their handler runs in n.
func Tools(n Calls) []coerce.Tool { return ToolsWith(n, true) }

// ToolsWith is Tools with set_alerts' quiet field opting in to "true"/"false" strings or not.
func ToolsWith(n Calls, quietBoolStrings bool) []coerce.Tool {
	return []coerce.Tool{
		counted(GetJob(), n),
		counted(getUser(), n),
		counted(setAlerts(quietBoolStrings), n),
		counted(addPoints(), n),
	}
}

// job is one record get_job finds.
type job struct {
	id                               int64
	name, status, failedStep, reason string
}

var jobs = []job{
	{17, "nightly-backup", "failed", "upload", "storage quota exceeded"},
	{42, "invoice-export", "failed", "render", "template missing: invoice_v2"},
}

// GetJob looks a job up by its numeric id; an id that is valid but names no job is not_found,
// with a hint naming the ids that exist.
func GetJob() coerce.Tool {
	return coerce.Tool{
		Name:        "get_job",
		Description: "Look up a job by its id.",
		Schema:      coerce.Schema{Fields: []coerce.Field{coerce.IntField("job_id", MaxJobID, "17", "The job's numeric id.")}},
		Codes:       []coerce.Code{coerce.NotFound},
		Handler: func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
			id := a.Int("job_id")
			for _, j := range jobs {
				if j.id == id {
					return coerce.Result{coerce.M("job", coerce.Object(
						coerce.M("id", coerce.Int(j.id)),
						coerce.M("name", coerce.String(j.name)),
						coerce.M("status", coerce.String(j.status)),
						coerce.M("failed_step", coerce.String(j.failedStep)),
						coerce.M("error", coerce.String(j.reason)),
					))}, nil
				}
			}
			return nil, coerce.NotFoundError("job_id", "no job "+strconv.FormatInt(id, 10)+"; job ids look like 17 and 42")
		},
	}
}

func getUser() coerce.Tool {
	return coerce.Tool{
		Name:        "get_user",
		Description: "Look up a user by id.",
		Schema:      coerce.Schema{Fields: []coerce.Field{coerce.IDField("user_id", "usr_", "usr_8f3a", "The user's id.")}},
		Codes:       []coerce.Code{coerce.NotFound},
		Handler: func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
			if id := a.ID("user_id"); id != "usr_8f3a" {
				return nil, coerce.NotFoundError("user_id", "no such user; user ids look like usr_8f3a")
			}
			return coerce.Result{coerce.M("user", coerce.Object(coerce.M("id", coerce.String("usr_8f3a"))))}, nil
		},
	}
}

func setAlerts(quietBoolStrings bool) coerce.Tool {
	return coerce.Tool{
		Name:        "set_alerts",
		Description: "Turn a job's failure alerts on or off.",
		Schema: coerce.Schema{Fields: []coerce.Field{
			coerce.IntField("job_id", 100000, "17", "The job."),
			{Name: "enabled", Kind: coerce.Boolean, Example: "true", Description: "Alerts on or off."},
			{Name: "quiet", Kind: coerce.Boolean, Optional: true, Example: "false", BoolStrings: quietBoolStrings, Description: "No sound."},
		}},
		Handler: func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
			return coerce.Result{
				coerce.M("enabled", coerce.Bool(a.Bool("enabled"))),
				coerce.M("quiet", coerce.Bool(a.Bool("quiet"))),
			}, nil
		},
	}
}

func addPoints() coerce.Tool {
	return coerce.Tool{
		Name:        "add_points",
		Description: "Add points to jobs.",
		Schema: coerce.Schema{Fields: []coerce.Field{
			{Name: "points", Kind: coerce.Number, MinNumber: "0", MaxNumber: "100", Example: "2.5", Description: "How many."},
			{Name: "job_ids", Kind: coerce.Array, Optional: true, Example: "[17]", Description: "The jobs.",
				Items: &coerce.Field{Kind: coerce.Integer, Max: 100000, Example: "17"}},
		}},
		Handler: func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
			return coerce.Result{coerce.M("points", a.Value("points")), coerce.M("job_ids", a.Value("job_ids"))}, nil
		},
	}
}

// counted wraps t's handler to count its runs in n.
func counted(t coerce.Tool, n Calls) coerce.Tool {
	if n == nil {
		return t
	}
	inner := t.Handler
	t.Handler = func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
		n[t.Name]++
		return inner(ctx, a)
	}
	return t
}
