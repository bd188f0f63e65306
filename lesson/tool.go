package lesson

import (
	"context"
	"slices"

	"coerceplayground/coerce"
)

// ToolSpec declares one classroom tool, once. Everything else about the tool derives from it
// and from the ordered list in specs: ToolNames, the files the page shows, the Lab's dispatcher,
// the permissions a page offers, the denied outcome.
//
// A tool's schema and catalog are files beside its Go file (get_job.schema.json,
// get_job.catalog.json, …) so the page can show them and a reviewer can read them without Go.
// The tool's file embeds them as strings (embed.FS would link io/fs into the page for nothing);
// go test ./lesson -update writes them from Build, and the tests check they match.
type ToolSpec struct {
	Name string
	// Permission is what a caller must hold for the handler to run; "" for none. The Lab checks it
	// after the arguments are valid and before the handler runs, so a caller without it learns
	// nothing about the data, and the description and catalog say so (denied).
	Permission string
	// Schema and Catalog are the embedded <Name>.schema.json and <Name>.catalog.json.
	Schema, Catalog string
	// Build declares the tool over a Lab's fixtures and switches: description, fields, the codes
	// the handler returns, and the handler. The example ids in its schema and hints come from the
	// fixtures, so they name records that exist.
	Build func(Env) coerce.Tool
}

// Env is what a tool is built over.
type Env struct {
	Jobs     []Job
	Users    []User
	Switches Switches
}

// specs lists the classroom's tools in the order the page offers them; the first is DefaultTool.
// Adding a tool is its own file (a ToolSpec value and its two embedded files) and a name here.
func specs() []ToolSpec { return []ToolSpec{getJob, getUser, refund} }

// DefaultTool is the tool a table calls when it names none.
const DefaultTool = "get_job"

// lookup returns the named tool's spec.
func lookup(name string) (ToolSpec, bool) {
	for _, s := range specs() {
		if s.Name == name {
			return s, true
		}
	}
	return ToolSpec{}, false
}

// ToolNames lists the classroom's tools, DefaultTool first.
func ToolNames() []string {
	all := specs()
	out := make([]string, len(all))
	for i, s := range all {
		out[i] = s.Name
	}
	return out
}

func isTool(name string) bool {
	_, ok := lookup(name)
	return ok
}

// PermissionOf is the permission the named tool needs, or "" (none, or no such tool).
func PermissionOf(tool string) string {
	s, _ := lookup(tool)
	return s.Permission
}

// Permissions lists the permissions the classroom's tools need, each once, in tool order: what
// a page may let the learner grant.
func Permissions() []string {
	var out []string
	for _, s := range specs() {
		if s.Permission != "" && !slices.Contains(out, s.Permission) {
			out = append(out, s.Permission)
		}
	}
	return out
}

// SchemaJSON returns get_job's JSON Schema: what the model is shown.
func SchemaJSON() []byte { return SchemaJSONFor(DefaultTool) }

// SchemaJSONFor returns a classroom tool's JSON Schema, or nil for an unknown tool.
func SchemaJSONFor(tool string) []byte {
	if s, ok := lookup(tool); ok {
		return []byte(s.Schema)
	}
	return nil
}

// CatalogJSONFor returns a classroom tool's error catalog, or nil for an unknown tool.
func CatalogJSONFor(tool string) []byte {
	if s, ok := lookup(tool); ok {
		return []byte(s.Catalog)
	}
	return nil
}

// tool builds the spec's coerce.Tool as a Lab runs it: its permission, when it has one, is
// named in the description, declared as a code and checked before the handler; calls, when not
// nil, counts the calls that got past argument checking.
func (s ToolSpec) tool(env Env, granted func(string) bool, calls *int) coerce.Tool {
	t := s.Build(env)
	h, perm := t.Handler, s.Permission
	if perm != "" {
		t.Description += " Needs the " + perm + " permission."
		if !slices.Contains(t.Codes, coerce.Denied) {
			t.Codes = append(append([]coerce.Code(nil), t.Codes...), coerce.Denied)
		}
	}
	t.Handler = func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
		if calls != nil {
			*calls++
		}
		if perm != "" && (granted == nil || !granted(perm)) {
			return nil, coerce.DeniedError(perm, s.Name+" needs the "+perm+" permission; tell the user to ask an admin, do not retry")
		}
		return h(ctx, args)
	}
	return t
}
