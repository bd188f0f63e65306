package page

import (
	"reflect"
	"strconv"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// TestMessagesHoldOnlyWhatJSValueOfTakes: the app hands these maps to postMessage through
// js.ValueOf, which panics on any other type, a named string such as coerce.Code included: the
// compiler cannot see it (the maps hold any), so a code put in unconverted would end the Go
// program on the first Run in an embed.
func TestMessagesHoldOnlyWhatJSValueOfTakes(t *testing.T) {
	tbl := lesson.Classroom()
	tbl.Mode = lesson.PredictMode
	s := New(tbl)
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	msgs := map[string]any{
		"results": s.resultsMessage("run"),
		"ran":     s.RanMessage(),
		"error":   s.Message(embed.Request{Type: "getResults"}, embed.Reply{Type: embed.ReplyError, Code: "not_run", Message: "m"}),
		"table":   s.Message(embed.Request{Type: "setTable"}, embed.Reply{Type: embed.ReplyTable, Rows: 6}),
		"scroll":  embed.ScrollMessage(10, 400),
	}
	for i, m := range embed.HeightMessages(500) {
		msgs["height "+strconv.Itoa(i)] = m
	}
	for name, m := range msgs {
		if at, bad := notJSValue(m, name); bad != nil {
			t.Errorf("%s holds a %v, which js.ValueOf refuses", at, bad)
		}
	}
}

// notJSValue returns the path and type of the first value in v that js.ValueOf does not take.
func notJSValue(v any, at string) (string, reflect.Type) {
	switch x := v.(type) {
	case nil, bool, string, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64,
		uintptr, float32, float64:
		return "", nil
	case []any:
		for i, e := range x {
			if p, bad := notJSValue(e, at+"["+strconv.Itoa(i)+"]"); bad != nil {
				return p, bad
			}
		}
		return "", nil
	case map[string]any:
		for k, e := range x {
			if p, bad := notJSValue(e, at+"."+k); bad != nil {
				return p, bad
			}
		}
		return "", nil
	case []map[string]any:
		return at, reflect.TypeOf(v) // js.ValueOf takes []any, not a typed slice
	}
	return at, reflect.TypeOf(v)
}
