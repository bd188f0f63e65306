package lesson

import (
	"os"
	"strings"
	"testing"
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
