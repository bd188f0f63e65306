package embed

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// The seed corpus is Go's own, testdata/fuzz/FuzzParseFragment beside this file; go test skips a
// missing directory silently, so this test notices when the seeds go missing.
func TestFragmentSeedsArePresent(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "fuzz", "FuzzParseFragment"))
	if err != nil || len(entries) < 5 {
		t.Errorf("testdata/fuzz/FuzzParseFragment holds %d seeds (%v)", len(entries), err)
	}
}

// maxNoticeBytes bounds ProblemsNotice: MaxProblems sentences within lesson.MaxMessageBytes, its
// opening words and the count of the others.
const maxNoticeBytes = MaxProblems*(lesson.MaxMessageBytes+1) + 100

// FuzzParseFragment: ParseFragment never panics; whatever the fragment, the options it reads are
// known panels (at least one), a theme, at most MaxOrigins origins each an Origin, at most
// MaxProblems problems in a notice of at most maxNoticeBytes; a table it cannot read is an error
// that wraps lesson.ErrShare, within the table readers' bound.
func FuzzParseFragment(f *testing.F) {
	big := strings.Repeat("x", 1<<20-100)
	for _, frag := range []string{
		"panels=" + big, "theme=" + big, big + "=%zz", "origins=https://a.example:" + big,
		strings.Repeat("theme=neon&panels=nope&origins=*&", 30000),
		"table=" + lesson.EncodeShareRaw([]byte(`{"mode":"`+big[:700000]+`","rows":[]}`)) + "&panels=catalog",
		"#table=e30&" + strings.Repeat("a", lesson.MaxURLBytes),
	} {
		f.Add(frag)
	}
	f.Fuzz(func(t *testing.T, frag string) {
		fr := ParseFragment(frag)
		o := fr.Options
		if len(o.Panels) == 0 || len(o.Origins) > MaxOrigins || len(o.Problems) > MaxProblems {
			t.Fatalf("%d panels, %d origins, %d problems", len(o.Panels), len(o.Origins), len(o.Problems))
		}
		for _, p := range o.Panels {
			if !knownPanel(p) {
				t.Fatalf("unknown panel %q", p)
			}
		}
		for _, origin := range o.Origins {
			if again, ok := Origin(origin); !ok || again != origin {
				t.Fatalf("origin %q", origin)
			}
		}
		if o.Theme != "auto" && o.Theme != "light" && o.Theme != "dark" {
			t.Fatalf("theme %q", o.Theme)
		}
		if n := len(o.ProblemsNotice()); n > maxNoticeBytes {
			t.Fatalf("a %d-byte notice: %.300q", n, o.ProblemsNotice())
		}
		if fr.Err != nil && (!fr.HasTable || !errors.Is(fr.Err, lesson.ErrShare) || len(fr.Err.Error()) > lesson.MaxMessageBytes+100) {
			t.Fatalf("table error %.300v (has a table: %v)", fr.Err, fr.HasTable)
		}
	})
}
