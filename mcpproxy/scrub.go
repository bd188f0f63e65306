package mcpproxy

import (
	"strings"

	"coerceplayground/coerce"
)

// traceCut replaces the lines of a stack trace.
const traceCut = "[stack trace cut]"

// scrub makes an upstream's text fit to be shown to a model: stack traces cut (Go, Python,
// Node and Java shapes), credentials redacted (coerce.RedactText), then cut to max bytes on a
// UTF-8 boundary with the cut marked. Linear in the length of text.
func scrub(text string, max int) string {
	if len(text) > 4*maxUpstreamText {
		text = coerce.Cut(text, 4*maxUpstreamText) // what is past this is never shown anyway
	}
	return coerce.Cut(strings.TrimSpace(coerce.RedactText(cutTraces(text))), max)
}

// maxUpstreamText bounds the upstream text an observation or a log line carries.
const maxUpstreamText = 512

// cutTraces drops the frames of stack traces, leaving one traceCut line where a run of them
// was: what failed stays (the exception's or panic's message), where in the upstream's code
// it failed does not.
func cutTraces(text string) string {
	lines := strings.Split(text, "\n")
	out := lines[:0]
	inGo, inPython, cut := false, false, false
	for _, line := range lines {
		frame := false
		trimmed := strings.TrimSpace(line)
		switch {
		case isGoroutineLine(trimmed) || inGo && isGoFrame(line):
			inGo, frame = true, true
		case trimmed == "Traceback (most recent call last):":
			inPython, frame = true, true
		case inPython && strings.HasPrefix(line, " "):
			frame = true // "  File \"…\", line N, in f" and the source line under it
		case isAtFrame(trimmed) || isMoreLine(trimmed):
			frame = true
		default:
			inGo, inPython = false, false
		}
		if frame {
			if !cut {
				out = append(out, traceCut)
			}
			cut = true
			continue
		}
		cut = false
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// isGoroutineLine reports Go's "goroutine 1 [running]:", which starts a panic's frames.
func isGoroutineLine(s string) bool {
	rest, ok := strings.CutPrefix(s, "goroutine ")
	if !ok {
		return false
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	return n > 0 && strings.HasPrefix(rest[n:], " [")
}

// isGoFrame reports a line of a goroutine's frames: "main.main()", "\t/app/main.go:7 +0x25",
// "created by main.start in goroutine 1".
func isGoFrame(line string) bool {
	s := strings.TrimSpace(line)
	return strings.HasPrefix(line, "\t") || strings.HasSuffix(s, ")") || strings.HasPrefix(s, "created by ")
}

// isAtFrame reports a Node ("at f (/app/x.js:3:9)", "at /app/x.js:3:9") or Java
// ("at com.x.Y.f(Y.java:12)") frame.
func isAtFrame(s string) bool {
	rest, ok := strings.CutPrefix(s, "at ")
	return ok && strings.ContainsAny(rest, "(:") && !strings.Contains(rest, " at ")
}

// isMoreLine reports Java's "... 12 more".
func isMoreLine(s string) bool {
	rest, ok := strings.CutPrefix(s, "... ")
	return ok && strings.HasSuffix(rest, " more")
}
