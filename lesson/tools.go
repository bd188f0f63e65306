package lesson

import (
	"context"
	"strconv"
	"strings"

	"coerceplayground/coerce"
)

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

// RefundPermission is what refund needs; the page has a switch for it.
const RefundPermission = "refunds.write"

// MaxRefundCents bounds one refund: 1,000.00 in cents.
const MaxRefundCents = 100000

// GetUser declares get_user over users: a string id trimmed, then matched exactly.
func GetUser(users []User, calls *int) coerce.Tool {
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	return coerce.Tool{
		Name:        "get_user",
		Description: "Look up a user by id and return their name and role.",
		Schema: coerce.Schema{Fields: []coerce.Field{
			coerce.IDField("user_id", "usr_", users[0].ID, "The user's id: usr_ then letters and digits."),
		}},
		Codes: []coerce.Code{coerce.NotFound},
		Handler: func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
			count(calls)
			id := args.ID("user_id")
			for _, u := range users {
				if u.ID == id {
					return coerce.Result{coerce.M("user", coerce.Object(
						coerce.M("id", coerce.String(u.ID)),
						coerce.M("name", coerce.String(u.Name)),
						coerce.M("role", coerce.String(u.Role)),
					))}, nil
				}
			}
			return nil, coerce.NotFoundError("user_id", "no such user; user ids look like "+joinAnd(ids)+": use an id from an earlier result, do not guess")
		},
	}
}

// Refund declares refund(job_id, amount_cents, dry_run). It needs RefundPermission, checked
// before anything else so a caller without it learns nothing about the jobs. dryRunStrings opts
// dry_run in to the strings "true" and "false".
func Refund(jobs []Job, granted func(string) bool, dryRunStrings bool, calls *int) coerce.Tool {
	dryRun := coerce.BoolField("dry_run", "When true, check the refund without making it.")
	dryRun.BoolStrings = dryRunStrings
	return coerce.Tool{
		Name:        "refund",
		Description: "Refund part of a failed job's charge, in cents. Needs the " + RefundPermission + " permission.",
		Schema: coerce.Schema{Fields: []coerce.Field{
			coerce.IntField("job_id", MaxJobID, strconv.FormatInt(jobs[0].ID, 10), "The failed job to refund."),
			coerce.IntField("amount_cents", MaxRefundCents, "500", "The amount in cents: 500 is 5.00."),
			dryRun,
		}},
		Codes: []coerce.Code{coerce.NotFound, coerce.Denied},
		Handler: func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
			count(calls)
			if granted == nil || !granted(RefundPermission) {
				return nil, coerce.DeniedError(RefundPermission, "refunds need the "+RefundPermission+" permission; tell the user to ask an admin, do not retry")
			}
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

func count(calls *int) {
	if calls != nil {
		*calls++
	}
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
