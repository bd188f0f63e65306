package lesson

import (
	"context"
	_ "embed"
	"strconv"

	"coerceplayground/coerce"
)

var (
	//go:embed get_job.schema.json
	getJobSchema string
	//go:embed get_job.catalog.json
	getJobCatalog string
)

// getJob looks a job up by its numeric id: the tool the lesson is about.
var getJob = ToolSpec{
	Name:    "get_job",
	Schema:  getJobSchema,
	Catalog: getJobCatalog,
	Build:   buildGetJob,
}

func buildGetJob(env Env) coerce.Tool {
	jobs := env.Jobs
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

// GetJob declares get_job over jobs, for code that runs it outside a Lab (the coerce package's
// tests and benchmarks). calls, when not nil, is incremented each time the handler runs, so a
// test can assert it was not called for invalid arguments.
func GetJob(jobs []Job, calls *int) coerce.Tool {
	return getJob.tool(Env{Jobs: jobs}, nil, calls)
}
