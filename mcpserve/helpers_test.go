package mcpserve_test

import (
	"context"
	"encoding/json"
	"testing"

	"coerceplayground/coerce"
	fixtures "coerceplayground/internal/fixture"
	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fixture is one row of testdata/coerce/dispatch.tsv (its format is documented there).
type fixture struct {
	line                          int
	tool, args, code, field, hint string
	got, note                     string
}

func loadFixtures(t testing.TB) []fixture {
	t.Helper()
	rows, err := fixtures.Read("../testdata/coerce/dispatch.tsv", 7)
	if err != nil {
		t.Fatal(err)
	}
	var out []fixture
	for _, r := range rows {
		c := r.Cols
		args, err := fixtures.Text(c[1])
		if err != nil {
			t.Fatalf("dispatch.tsv:%d: %v", r.Line, err)
		}
		out = append(out, fixture{line: r.Line, tool: c[0], args: args, code: c[2], field: c[3], hint: c[4], got: c[5], note: c[6]})
	}
	return out
}

// calls counts handler runs per tool.
type calls map[string]int

// fixtureTools are the tools dispatch.tsv is written against, as coerce's own test declares them:
// the lesson's get_job, get_user (a prefixed id), set_alerts, whose quiet field opts in to
// "true"/"false" and whose enabled does not, and add_points (a number and an array of integers).
func fixtureTools(n calls) []coerce.Tool {
	getJob := counted(lesson.GetJob(lesson.Jobs(), nil), n)
	getUser := counted(coerce.Tool{
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
	}, n)
	setAlerts := counted(coerce.Tool{
		Name:        "set_alerts",
		Description: "Turn a job's failure alerts on or off.",
		Schema: coerce.Schema{Fields: []coerce.Field{
			coerce.IntField("job_id", 100000, "17", "The job."),
			{Name: "enabled", Kind: coerce.Boolean, Example: "true", Description: "Alerts on or off."},
			{Name: "quiet", Kind: coerce.Boolean, Optional: true, Example: "false", BoolStrings: true, Description: "No sound."},
		}},
		Handler: func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
			return coerce.Result{coerce.M("enabled", coerce.Bool(a.Bool("enabled"))), coerce.M("quiet", coerce.Bool(a.Bool("quiet")))}, nil
		},
	}, n)
	addPoints := counted(coerce.Tool{
		Name: "add_points",
		Schema: coerce.Schema{Fields: []coerce.Field{
			{Name: "points", Kind: coerce.Number, MinNumber: "0", MaxNumber: "100", Example: "2.5", Description: "How many."},
			{Name: "job_ids", Kind: coerce.Array, Optional: true, Example: "[17]", Description: "The jobs.",
				Items: &coerce.Field{Kind: coerce.Integer, Max: 100000, Example: "17"}},
		}},
		Handler: func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
			return coerce.Result{coerce.M("points", a.Value("points")), coerce.M("job_ids", a.Value("job_ids"))}, nil
		},
	}, n)
	return []coerce.Tool{getJob, getUser, setAlerts, addPoints}
}

func counted(t coerce.Tool, n calls) coerce.Tool {
	inner := t.Handler
	t.Handler = func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
		n[t.Name]++
		return inner(ctx, a)
	}
	return t
}

// serve mounts tools on a new SDK server and returns it with the mount.
func serve(t testing.TB, opts mcpserve.Options, tools ...coerce.Tool) (*mcp.Server, *mcpserve.Server) {
	t.Helper()
	d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "cid" }}, tools...)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	return s, mcpserve.Mount(s, d, opts)
}

// connect opens an in-memory session with s: the SDK's own client, JSON on a pipe.
func connect(t testing.TB, s *mcp.Server) (*mcp.ClientSession, *mcp.ServerSession) {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, ss
}

// call sends raw as the arguments of one tools/call, byte for byte as the client's encoder
// writes a json.RawMessage.
func call(t testing.TB, cs *mcp.ClientSession, tool, raw string) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(raw)})
	if err != nil {
		t.Fatalf("%s %.120q: a protocol error, want a tool result: %v", tool, raw, err)
	}
	return res
}

// text returns the result's one text content, failing on anything else.
func text(t testing.TB, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("%d content items, want 1", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T, want text", res.Content[0])
	}
	return tc.Text
}
