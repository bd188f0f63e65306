package coerce

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// coerceText is the Text rule: a JSON string, and nothing else is converted to one. An id (a
// field with a Pattern or an Enum) is trimmed, then must have its declared length, be one of the
// Enum and match the Pattern, exactly and case-sensitively; text is taken as sent and only its
// length is checked.
func coerceText(f *Field, raw jsontext.Value, r Rules, tr *tracer) (string, *Error) {
	like := "like " + f.quotedExample()
	if k := raw.Kind(); k != '"' {
		return "", invalidAt(stepType, f.Name, f.Name+" is a string "+like+", not "+kindWord(k))
	}
	tr.ok(stepType, f.Name, "a JSON string")
	s, ok := stringContent(raw)
	if !ok || !utf8.Valid(s) {
		return "", invalidAt(stepMatch, f.Name, f.Name+" must be text "+like)
	}
	id := f.isID()
	if id && r.TrimSpace {
		s = trimmed(f, raw, s, tr)
	}
	if id && len(trimASCIISpace(s)) == 0 {
		return "", invalidAt(stepMatch, f.Name, f.Name+" is empty; send a value "+like)
	}
	if n := utf8.RuneCount(s); n < f.MinLength || f.MaxLength > 0 && n > f.MaxLength {
		return "", invalidAt(stepMatch, f.Name, f.Name+" must be "+lengthWords(f)+", "+like)
	}
	if len(f.Enum) > 0 && !f.inEnum(string(s)) {
		return "", invalidAt(stepMatch, f.Name, f.Name+" must be one of "+enumWords(f.Enum)+", exactly")
	}
	if f.Pattern != nil && !f.Pattern.Match(string(s)) {
		return "", invalidAt(stepMatch, f.Name, f.Name+" must look "+like+": the whole value must match "+patternWords(f.Pattern))
	}
	if tr != nil {
		tr.ok(stepMatch, f.Name, textDetail(f))
	}
	return string(s), nil
}

// maxPatternWords bounds a pattern quoted in a hint or a trace step, as other quoted values are:
// a pattern may be up to maxPatternBytes, and real id patterns are under 100 bytes.
const maxPatternWords = 128

// patternWords is p as a hint names it: whole when short, else cut to maxPatternWords and marked.
func patternWords(p *Pattern) string { return Cut(p.String(), maxPatternWords) }

// lengthWords says a Text field's length bounds: "1 to 64 characters long".
func lengthWords(f *Field) string {
	lo := strconv.Itoa(f.MinLength)
	switch {
	case f.MaxLength == 0:
		return "at least " + lo + " characters long"
	case f.MaxLength == f.MinLength:
		return "exactly " + lo + " characters long"
	}
	return lo + " to " + strconv.Itoa(f.MaxLength) + " characters long"
}

// enumWords lists an enum for a hint: the first five values, quoted, and how many more.
func enumWords(enum []string) string {
	var b strings.Builder
	for i, e := range enum {
		if i == 5 {
			b.WriteString(" and " + strconv.Itoa(len(enum)-5) + " more")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.Write(appendQuoted(nil, e))
	}
	return b.String()
}

// textDetail is the match step's detail for a value that passed every check of f.
func textDetail(f *Field) string {
	var parts []string
	if f.MinLength > 0 || f.MaxLength > 0 {
		parts = append(parts, lengthWords(f))
	}
	if len(f.Enum) > 0 {
		parts = append(parts, "one of the "+strconv.Itoa(len(f.Enum))+" values listed")
	}
	if f.Pattern != nil {
		parts = append(parts, "the whole value matches "+patternWords(f.Pattern))
	}
	if len(parts) == 0 {
		return "text, taken as sent"
	}
	return strings.Join(parts, "; ")
}
