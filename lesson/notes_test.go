package lesson

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// Every card's Try it targets exist and its claims hold: the row it loads gives the code the
// card says, the loop ends as it says, the switch flips as it says.
func TestNotesClaimsHold(t *testing.T) {
	notes := Notes()
	if len(notes) != 10 {
		t.Errorf("%d notes, the lesson has 10 ideas", len(notes))
	}
	for _, n := range notes {
		for _, try := range n.Tries {
			if ok, seen := try.Verify(); !ok {
				t.Errorf("%s: %+v does not hold: saw %s", n.Slug, try, seen)
			}
		}
	}
}

// Notes are inserted as HTML, so every tag must be a bare tag from a short list: no attributes
// (no on* handlers, style, href or src), nothing that loads or runs anything.
func TestNotesAreInertHTML(t *testing.T) {
	allowed := map[string]bool{"p": true, "code": true, "em": true, "strong": true, "ul": true, "ol": true, "li": true}
	for _, n := range Notes() {
		rest, open := n.HTML, map[string]int{}
		for {
			i := strings.IndexByte(rest, '<')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i:], '>')
			if j < 0 {
				t.Errorf("%s: unclosed tag", n.Slug)
				break
			}
			tag := rest[i+1 : i+j]
			name := strings.TrimPrefix(tag, "/")
			if !allowed[name] {
				t.Errorf("%s: tag <%s> is not a bare allowed tag", n.Slug, tag)
			}
			if strings.HasPrefix(tag, "/") {
				open[name]--
			} else {
				open[name]++
			}
			rest = rest[i+j+1:]
		}
		for name, k := range open {
			if k != 0 {
				t.Errorf("%s: <%s> opened and closed unevenly", n.Slug, name)
			}
		}
		if strings.Contains(n.HTML, "&") && !strings.Contains(n.HTML, "&amp;") && !strings.Contains(n.HTML, "&lt;") {
			t.Errorf("%s: a bare & in HTML", n.Slug)
		}
	}
}

func TestParseNoteErrors(t *testing.T) {
	for _, text := range []string{
		"title: x\n<p>no separator</p>",
		"title: x\n---\n<p>no try</p>",
		"title: x\ntry: panel two words\n---\n",
		"title: x\ntry: panel <schema>\n---\n",
		"title: x\ntry: switch sideways get_job 17 => ok -> ok\n---\n",
		"title: x\ntry: row get_job 17\n---\n",
		"title: x\ntry: teleport 1 => ok\n---\n",
		"title: x\nauthor: me\ntry: panel table\n---\n",
	} {
		if _, err := ParseNote("t", text); err == nil {
			t.Errorf("%q parsed", text)
		}
	}
	bad := Try{Kind: "row", Tool: "get_job", Input: "17", Claim: "not_found"}
	if ok, seen := bad.Verify(); ok || seen != "ok" {
		t.Errorf("a false claim verified: %v %s", ok, seen)
	}
}

// Notes are embedded one string per file; a file added to lesson/notes/ must be listed too.
func TestEveryNoteFileIsListed(t *testing.T) {
	entries, err := os.ReadDir("notes")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, strings.TrimSuffix(e.Name(), ".html"))
	}
	var listed []string
	for _, s := range noteSources() {
		listed = append(listed, s[0])
	}
	if strings.Join(files, " ") != strings.Join(listed, " ") {
		t.Errorf("lesson/notes/ holds %v, noteSources lists %v", files, listed)
	}
}

// Verify runs a Try it target and reports whether the card's claim holds, with what was seen.
func (t Try) Verify() (ok bool, seen string) {
	switch t.Kind {
	case "panel":
		// Nothing to run: the page's tests check that the panel exists.
		return isName(t.Target), t.Target
	case "row":
		r := NewLab(LabConfig{}).RunRow(t.Tool, Row{Input: t.Input})
		return string(r.Code) == t.Claim, string(r.Code)
	case "loop":
		for _, p := range Presets() {
			if p.Name == t.Target {
				steps := NewLab(LabConfig{}).RunLoop(p)
				last := coerce.Decision("")
				for _, s := range steps {
					if s.Sent {
						last = s.Decision
					}
				}
				return string(last) == t.Claim, string(last)
			}
		}
		return false, "no preset " + t.Target
	case "http":
		for i, r := range HTTPRows() {
			if r.Deadline && t.Target == "deadline" || !r.Deadline && strconv.Itoa(r.Status) == t.Target {
				res := RunHTTP(HTTPRows()[i:i+1], nil)[0]
				return string(res.Code) == t.Claim, string(res.Code)
			}
		}
		return false, "no HTTP row " + t.Target
	case "switch":
		perms := Permissions()
		on := DefaultSwitches()
		flipped, ok := on.With(t.Target, !on.On(t.Target))
		if !ok {
			return false, "no switch " + t.Target
		}
		before := NewLab(LabConfig{Permissions: perms, Switches: &on}).RunRow(t.Tool, Row{Input: t.Input})
		after := NewLab(LabConfig{Permissions: perms, Switches: &flipped}).RunRow(t.Tool, Row{Input: t.Input})
		return string(before.Code) == t.Claim && string(after.Code) == t.After, string(before.Code) + " -> " + string(after.Code)
	}
	return false, "unknown kind " + t.Kind
}
