package lesson

import (
	"context"
	_ "embed"

	"coerceplayground/coerce"
)

var (
	//go:embed get_user.schema.json
	getUserSchema string
	//go:embed get_user.catalog.json
	getUserCatalog string
)

// getUser looks a user up by a string id: trimmed, then matched exactly, never case-folded.
var getUser = ToolSpec{
	Name:    "get_user",
	Schema:  getUserSchema,
	Catalog: getUserCatalog,
	Build:   buildGetUser,
}

func buildGetUser(env Env) coerce.Tool {
	users := env.Users
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
