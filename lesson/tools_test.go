package lesson

import (
	"strings"
	"testing"
)

type toolCase struct {
	tool, input, code, mention string
	called                     bool
}

func runCases(t *testing.T, lab *Lab, cases []toolCase) {
	t.Helper()
	for _, c := range cases {
		before := lab.HandlerCalls()
		r := lab.RunRow(c.tool, Row{Input: c.input})
		if string(r.Code) != c.code || !strings.Contains(r.Observation, c.mention) {
			t.Errorf("%s %s: got %s, want %s mentioning %q", c.tool, c.input, r.Observation, c.code, c.mention)
		}
		if called := lab.HandlerCalls() > before; called != c.called || r.HandlerCalled != c.called {
			t.Errorf("%s %s: handler called %v (result says %v), want %v", c.tool, c.input, called, r.HandlerCalled, c.called)
		}
	}
}

func TestGetUser(t *testing.T) {
	runCases(t, NewLab(LabConfig{}), []toolCase{
		{"get_user", `"usr_8f3a"`, "ok", `"name":"Ada Lovelace"`, true},
		{"get_user", `" usr_k2p9\n"`, "ok", `"id":"usr_k2p9"`, true},
		{"get_user", `"USR_8F3A"`, "invalid_args", `looks like \"usr_8f3a\"`, false},
		{"get_user", `"usr_8F3A"`, "not_found", "usr_8f3a and usr_k2p9", true},
		{"get_user", `42`, "invalid_args", `user_id is a string id like \"usr_8f3a\", not a number`, false},
		{"get_user", `"usr_"`, "invalid_args", "usr_ then letters and digits", false},
		{"get_user", `"usr_8f3a'; DROP TABLE users;--"`, "invalid_args", `"field":"user_id"`, false},
	})
}

func TestRefund(t *testing.T) {
	denied := NewLab(LabConfig{})
	runCases(t, denied, []toolCase{
		{"refund", `{"job_id": 17, "amount_cents": 500}`, "denied", `"required_permission":"refunds.write"`, true},
		{"refund", `{"job_id": 17, "amount_cents": -5}`, "invalid_args", `"field":"amount_cents"`, false},
		{"refund", `17`, "invalid_args", `"field":"amount_cents"`, false},
	})
	granted := NewLab(LabConfig{Permissions: []string{RefundPermission}})
	runCases(t, granted, []toolCase{
		{"refund", `{"job_id": 17, "amount_cents": "500"}`, "ok", `"status":"refunded"`, true},
		{"refund", `{"job_id": 42, "amount_cents": 500, "dry_run": true}`, "ok", `"status":"would_refund"`, true},
		{"refund", `{"job_id": 99, "amount_cents": 500}`, "not_found", "17 and 42", true},
		{"refund", `{"job_id": 17, "amount_cents": 100001}`, "invalid_args", "1 to 100000", false},
		{"refund", `{"job_id": 17, "amount_cents": 500, "dry_run": "true"}`, "invalid_args", `"field":"dry_run"`, false},
		{"refund", `{"job_id": 17, "amount_cents": 500, "dry_run": 1}`, "invalid_args", `"field":"dry_run"`, false},
	})
}

// Each switch has a row that flips when it is turned off (or, for BoolStrings, on).
func TestSwitchesFlipTheirFixtures(t *testing.T) {
	perms := []string{RefundPermission}
	for _, c := range []struct {
		name       string
		sw         Switches
		tool, row  string
		before, af string
	}{
		{"trim off", Switches{DigitStrings: true}, "get_job", `" 17 "`, "ok", "invalid_args"},
		{"trim off for ids", Switches{DigitStrings: true}, "get_user", `" usr_8f3a "`, "ok", "invalid_args"},
		{"digit strings off", Switches{TrimSpace: true}, "get_job", `"17"`, "ok", "invalid_args"},
		{"bool strings on", Switches{TrimSpace: true, DigitStrings: true, BoolStrings: true}, "refund", `{"job_id": 17, "amount_cents": 500, "dry_run": "true"}`, "invalid_args", "ok"},
	} {
		sw := c.sw
		before := NewLab(LabConfig{Permissions: perms}).RunRow(c.tool, Row{Input: c.row})
		after := NewLab(LabConfig{Permissions: perms, Switches: &sw}).RunRow(c.tool, Row{Input: c.row})
		if string(before.Code) != c.before || string(after.Code) != c.af {
			t.Errorf("%s: %s gave %s then %s, want %s then %s", c.name, c.row, before.Code, after.Code, c.before, c.af)
		}
	}
}

func TestDirectivesAndShareKeepToolAndMode(t *testing.T) {
	tb, err := ParseTable("@tool refund\n@mode predict\n{\"job_id\": 17, \"amount_cents\": 500} ?\n")
	if err != nil || tb.Tool != "refund" || tb.Mode != PredictMode || len(tb.Rows) != 1 || tb.Rows[0].Want != "" {
		t.Fatalf("got %+v, %v", tb, err)
	}
	back, err := ParseTable(FormatTable(tb))
	if err != nil || back.Tool != "refund" || back.Mode != PredictMode {
		t.Errorf("format round trip lost tool or mode: %+v %v", back, err)
	}
	shared, err := DecodeShare(EncodeShare(tb))
	if err != nil || shared.Tool != "refund" || shared.Mode != PredictMode {
		t.Errorf("share round trip lost tool or mode: %+v %v", shared, err)
	}
	if r := NewLab(LabConfig{}).Run(tb); r[0].Code != "denied" || r[0].Tool != "refund" {
		t.Errorf("a refund table runs refund: %+v", r[0])
	}
	for _, bad := range []string{"@tool nope\n", "@mode exam\n", "@colour red\n", "@tool\n"} {
		if _, err := ParseTable(bad); err == nil || !strings.HasPrefix(err.Error(), "line 1: ") {
			t.Errorf("%q: got %v, want a line 1 error", bad, err)
		}
	}
	if _, err := DecodeShare(EncodeShareRaw([]byte(`{"tool":"drop_db","rows":[{"input":"1","want":"ok"}]}`))); err == nil {
		t.Error("a link naming an unknown tool was accepted")
	}
}
