package e2e

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEmbedSetTableQuestion: a course page on another site sends setTable with its own question;
// the frame asks it above the table, refuses one that is not one line of text with bad_question
// (keeping what it had), and asks a question built from the rows when a later table has none.
func TestEmbedSetTableQuestion(t *testing.T) {
	cs := newCourseSite(t)
	tb := newTab(t)
	tb.do(chromedp.Navigate(cs.a + "/?probe=1&frag=" + "origins=" + cs.a))
	waitMessage(tb, `d => d.type === "coerce-playground:height" && d.height > 400`)
	fr := frame(tb)
	fr.waitReady()
	asked := func(want string) string {
		q, err := poll[string](fr, `(() => { const q = document.getElementById("table-question");
			return q && q.checkVisibility() && q.textContent.includes(`+strconv.Quote(want)+`) && q.textContent; })()`)
		if err != nil {
			t.Fatalf("the frame never asked %q: %v", want, err)
		}
		return q
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "q1", question: "Which of these ids reach the job store?",
		rows: [{input: "42"}, {input: '"0017"'}]})`))
	if rep := waitMessage(tb, `d => d.id === "q1"`); rep.Data["type"] != "coerce-playground:table" {
		t.Fatalf("setTable with a question: %+v", rep)
	}
	asked("Which of these ids reach the job store?")
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "q2", question: "two\nlines", rows: [{input: "1"}]})`))
	if bad := waitMessage(tb, `d => d.id === "q2"`); bad.Data["code"] != "bad_question" || !strings.Contains(bad.Data["message"].(string), "one line") {
		t.Errorf("a two-line question: %+v", bad)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "q3", question: 7, rows: [{input: "1"}]})`))
	if bad := waitMessage(tb, `d => d.id === "q3"`); bad.Data["code"] != "bad_question" {
		t.Errorf("a question that is a number: %+v", bad)
	}
	if q := asked("Which of these ids reach the job store?"); q == "" {
		t.Error("a refused question changed the one asked")
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "q4", rows: [{input: "42"}, {input: "-7"}]})`))
	waitMessage(tb, `d => d.id === "q4"`)
	if q := asked("-7"); strings.Contains(q, "job store") {
		t.Errorf("a table without a question still asks the old one: %q", q)
	}
}
