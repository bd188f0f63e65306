package calllog

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"coerceplayground/coerce"
	"github.com/go-json-experiment/json/jsontext"
)

// timeLayout is RFC 3339 with milliseconds, always three digits so lines sort as text.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// AppendJSON appends the line's JSON and a newline to b, every string cut to MaxText bytes and
// at most MaxRules rules listed.
func (l Line) AppendJSON(b []byte) []byte {
	b = append(b, `{"time":"`...)
	b = l.Time.UTC().AppendFormat(b, timeLayout)
	b = append(b, `","session":`...)
	b = appendText(b, l.Session)
	b = append(b, `,"tool":`...)
	b = appendText(b, l.Tool)
	if l.Field != "" {
		b = append(b, `,"field":`...)
		b = appendText(b, l.Field)
	}
	b = append(b, `,"code":`...)
	b = appendText(b, string(l.Code))
	more := l.RulesMore
	if len(l.Rules) > 0 {
		b = append(b, `,"rules":[`...)
		for i, r := range l.Rules {
			if i == MaxRules {
				more += len(l.Rules) - MaxRules
				break
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"field":`...)
			b = appendText(b, r.Field)
			b = append(b, `,"rule":`...)
			b = appendText(b, r.Rule)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if more > 0 {
		b = append(b, `,"rules_more":`...)
		b = strconv.AppendInt(b, int64(more), 10)
	}
	if l.Forwarded {
		b = append(b, `,"upstream_ms":`...)
		b = strconv.AppendFloat(b, float64(l.Upstream.Microseconds())/1000, 'f', -1, 64)
	}
	return append(b, "}\n"...)
}

// appendText quotes s cut to MaxText bytes; bytes that are not UTF-8 become U+FFFD, so the
// quote never fails. It cuts before it looks, so a 10 MB name costs no more than a short one.
func appendText(b []byte, s string) []byte {
	s = coerce.Cut(s, MaxText)
	if !utf8.ValidString(s) {
		s = coerce.Cut(strings.ToValidUTF8(s, "\uFFFD"), MaxText)
	}
	q, _ := jsontext.AppendQuote(b, s)
	return q
}

// millis is a duration read back from upstream_ms.
func millis(ms float64) time.Duration {
	return time.Duration(math.Round(ms*1000)) * time.Microsecond
}
