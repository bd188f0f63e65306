package page

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestBoolStringsNamesItsFields: the bool_strings switch's words follow the tools whose Build opts
// a field in (lesson.BoolStringsFields), and the switch's label in web/index.html, which cannot
// derive, says the same: a tool added with a field that follows the switch (README, "Add a tool")
// fails here until the label names it.
func TestBoolStringsNamesItsFields(t *testing.T) {
	fields := lesson.BoolStringsFields()
	if len(fields) == 0 {
		t.Fatal("no field follows bool_strings: the switch would do nothing")
	}
	if got, want := switchLabel("bool_strings"), `"true"/"false" → bool on refund's dry_run`; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	none := Flip{Switch: "bool_strings", On: true}
	if got, want := flipMessage(none, "refund"), `Turned "true"/"false" → bool on refund's dry_run on: nothing changed on this table. Add a row such as {"job_id": 17, "amount_cents": 500, "dry_run": "true"} (with refunds.write granted) to see it.`; got != want {
		t.Errorf("refund, nothing changed:\n%s\nwant\n%s", got, want)
	}
	if got := flipMessage(none, "get_user"); !strings.HasSuffix(got, " This switch only affects refund's dry_run; the table calls get_user.") {
		t.Errorf("get_user, nothing changed: %s", got)
	}
	html, err := os.ReadFile("../../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<label[^>]*>\s*<input[^>]*id="switch-bool_strings"[^>]*>(.*?)</label>`).FindSubmatch(html)
	if m == nil {
		t.Fatal(`web/index.html has no <label> around id="switch-bool_strings"`)
	}
	label := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(m[1]), "")), " ")
	if !strings.HasPrefix(label, switchLabel("bool_strings")) {
		t.Errorf("Add a tool: the bool_strings switch's label in web/index.html reads %q; it must name the fields the switch affects, as switchLabel does: %q", label, switchLabel("bool_strings"))
	}
}
