package tooldef

import (
	"context"
	"strconv"
	"strings"

	"coerceplayground/coerce"
)

// Tool returns d as a coerce.Tool. Its handler answers what a real handler would be given: a
// valid call without the permission (granted is nil or says no) is denied, before any record is
// looked at, so a caller without it learns nothing about the data; an id that is not among its
// field's records is not_found, with a hint naming the first two; every other valid call is ok,
// with the coerced arguments as {"arguments": {…}}.
func (d Def) Tool(granted func(permission string) bool) coerce.Tool {
	return d.ToolWith(granted, func(_ context.Context, arguments coerce.Value) (coerce.Result, error) {
		return coerce.Result{coerce.M("arguments", arguments)}, nil
	})
}

// ToolWith is Tool with next in place of answering the arguments: a valid call that has the
// permission and names existing records is passed to next with its coerced arguments, one JSON
// object holding the arguments sent, in the definition's order (Value.AppendJSON writes it). A
// proxy forwards them to the server that declared the tool; what next returns is the call's
// result, or its error as a handler's error is.
func (d Def) ToolWith(granted func(permission string) bool, next func(ctx context.Context, arguments coerce.Value) (coerce.Result, error)) coerce.Tool {
	t := coerce.Tool{Name: d.Name, Description: d.Description, Schema: d.Schema}
	if len(d.Records) > 0 {
		t.Codes = append(t.Codes, coerce.NotFound)
	}
	if d.Permission != "" {
		t.Codes = append(t.Codes, coerce.Denied)
	}
	t.Handler = func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
		if d.Permission != "" && (granted == nil || !granted(d.Permission)) {
			return nil, coerce.DeniedError(d.Permission, d.Name+" needs the "+d.Permission+" permission; tell the user to ask an admin, do not retry")
		}
		for i := range d.Records {
			if e := d.Records[i].lookup(args); e != nil {
				return nil, e
			}
		}
		return next(ctx, d.Arguments(args))
	}
	return t
}

// Arguments are a call's coerced arguments as one JSON object: those sent, in the definition's
// order, each as the dispatcher read it (a digit string become a number, an id trimmed).
func (d Def) Arguments(args coerce.Args) coerce.Value {
	var members []coerce.Member
	for _, f := range d.Schema.Fields {
		if args.Has(f.Name) {
			members = append(members, coerce.M(f.Name, args.Value(f.Name)))
		}
	}
	return coerce.Object(members...)
}

// lookup is not_found when the call's value of rec's field is not among its ids; a field the
// call left out is not looked up.
func (rec *Records) lookup(args coerce.Args) *coerce.Error {
	if !args.Has(rec.Field) {
		return nil
	}
	noun, ids := recordNoun(rec.Field)
	shown := rec.all()[:min(2, len(rec.Ints)+len(rec.IDs))]
	tail := "; " + ids + " look like " + strings.Join(shown, " and ") + ": use an id from an earlier result, do not guess"
	if rec.Ints != nil {
		n := args.Int(rec.Field)
		for _, id := range rec.Ints {
			if id == n {
				return nil
			}
		}
		return coerce.NotFoundError(rec.Field, "no "+noun+" "+strconv.FormatInt(n, 10)+tail)
	}
	s := args.ID(rec.Field)
	for _, id := range rec.IDs {
		if id == s {
			return nil
		}
	}
	return coerce.NotFoundError(rec.Field, "no such "+noun+tail)
}

// recordNoun names what a field's records are: "job_id" gives "job" and "job ids", as the
// lesson's hints say; a field not named like an id gives its name and "<name> values".
func recordNoun(field string) (noun, plural string) {
	for _, suffix := range []string{"_id", "Id", "ID"} {
		if base, ok := strings.CutSuffix(field, suffix); ok && base != "" {
			return base, base + " ids"
		}
	}
	return field, field + " values"
}
