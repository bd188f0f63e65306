package page

import (
	"os"
	"slices"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestRead runs testdata/readings.txt: what a result shows besides its code.
func TestRead(t *testing.T) {
	data, err := os.ReadFile("testdata/readings.txt")
	if err != nil {
		t.Fatal(err)
	}
	notes := map[string]string{"redacted": noteRedacted, "cut": noteCut, "status": noteOKStatus}
	lab := lesson.NewLab(lesson.LabConfig{})
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		in, want, ok := strings.Cut(line, "=>")
		if !ok {
			t.Fatalf("no => in %q", line)
		}
		n++
		in = strings.TrimSpace(in)
		res := lab.RunOne(in)
		rd := readResult(res)
		var gotField, gotHint string
		wantNotes := map[string]bool{}
		for _, w := range splitWants(want) {
			switch {
			case strings.HasPrefix(w, "field="):
				gotField = strings.TrimPrefix(w, "field=")
			case strings.HasPrefix(w, "hint="):
				gotHint = strings.TrimPrefix(w, "hint=")
			case w != "-":
				wantNotes[w] = true
			}
		}
		if rd.Field != gotField {
			t.Errorf("%s: field %q, want %q", in, rd.Field, gotField)
		}
		if !strings.HasPrefix(rd.Hint, gotHint) || (gotHint == "") != (rd.Hint == "") {
			t.Errorf("%s: hint %q, want one starting %q", in, rd.Hint, gotHint)
		}
		for name, text := range notes {
			if has := slices.Contains(rd.Notes, text); has != wantNotes[name] {
				t.Errorf("%s: explains %s = %v, want %v (notes %q)", in, name, has, wantNotes[name], rd.Notes)
			}
		}
		isOK, isBare := false, false
		for _, note := range rd.Notes {
			isOK = isOK || strings.HasPrefix(note, "ok: the call worked")
			isBare = isBare || note == noteBare(res.Sent) && res.Sent != ""
		}
		if isBare != wantNotes["bare"] {
			t.Errorf("%s: explains bare text = %v, want %v (notes %q)", in, isBare, wantNotes["bare"], rd.Notes)
		}
		if isOK != wantNotes["ok"] {
			t.Errorf("%s: labels an ok payload = %v, want %v", in, isOK, wantNotes["ok"])
		}
		// The layout is the observation with white space only between tokens: one member a line.
		if strings.Join(strings.Fields(rd.Layout), "") != strings.Join(strings.Fields(lab.RunOne(in).Observation), "") {
			t.Errorf("%s: the layout changed the observation:\n%s", in, rd.Layout)
		}
		if !strings.Contains(rd.Layout, "\n  \"") {
			t.Errorf("%s: the layout is not one member per line:\n%s", in, rd.Layout)
		}
	}
	if n < 6 {
		t.Fatalf("only %d cases read", n)
	}
}

// splitWants splits "field=job_id hint=job_id must not start with 0 cut" into its parts: a
// hint runs to the end, but for the note names after it.
func splitWants(s string) []string {
	var out []string
	words := strings.Fields(s)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "hint=") {
			for i+1 < len(words) && !isNoteName(words[i+1]) {
				i++
				w += " " + words[i]
			}
		}
		out = append(out, w)
	}
	return out
}

func isNoteName(w string) bool {
	switch w {
	case "ok", "status", "redacted", "cut", "bare":
		return true
	}
	return strings.HasPrefix(w, "field=")
}
