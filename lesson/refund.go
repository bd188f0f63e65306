package lesson

import (
	"context"
	_ "embed"
	"strconv"

	"coerceplayground/coerce"
)

var (
	//go:embed refund.schema.json
	refundSchema string
	//go:embed refund.catalog.json
	refundCatalog string
)

// RefundPermission is what refund needs.
const RefundPermission = "refunds.write"

// MaxRefundCents bounds one refund: 1,000.00 in cents.
const MaxRefundCents = 100000

// refund(job_id, amount_cents, dry_run) refunds part of a failed job's charge. It is the tool
// that needs a permission, and the one the bool_strings switch is about: the switch opts dry_run
// in to the strings "true" and "false".
var refund = ToolSpec{
	Name:       "refund",
	Permission: RefundPermission,
	Schema:     refundSchema,
	Catalog:    refundCatalog,
	Build:      buildRefund,
}

func buildRefund(env Env) coerce.Tool {
	jobs := env.Jobs
	dryRun := coerce.BoolField("dry_run", "When true, check the refund without making it.")
	dryRun.BoolStrings = env.Switches.BoolStrings
	return coerce.Tool{
		Name:        "refund",
		Description: "Refund part of a failed job's charge, in cents.",
		Schema: coerce.Schema{Fields: []coerce.Field{
			coerce.IntField("job_id", MaxJobID, strconv.FormatInt(jobs[0].ID, 10), "The failed job to refund."),
			coerce.IntField("amount_cents", MaxRefundCents, "500", "The amount in cents: 500 is 5.00."),
			dryRun,
		}},
		Codes: []coerce.Code{coerce.NotFound},
		Handler: func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
			id := args.Int("job_id")
			for _, j := range jobs {
				if j.ID == id {
					status := "refunded"
					if args.Bool("dry_run") {
						status = "would_refund"
					}
					return coerce.Result{coerce.M("refund", coerce.Object(
						coerce.M("job_id", coerce.Int(id)),
						coerce.M("amount_cents", coerce.Int(args.Int("amount_cents"))),
						coerce.M("dry_run", coerce.Bool(args.Bool("dry_run"))),
						coerce.M("status", coerce.String(status)),
					))}, nil
				}
			}
			return nil, coerce.NotFoundError("job_id", "no job "+strconv.FormatInt(id, 10)+"; "+jobIDsHint(jobs)+": use an id from the jobs list, do not guess")
		},
	}
}
