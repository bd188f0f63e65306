// Package coerce stands between a language model and a tool: it turns the raw argument text the
// model sends into either a call of the tool's handler with clean, typed arguments, or a
// structured error the agent loop can branch on.
//
// Five words, defined once and used everywhere (Go, JSON keys, the page, the docs):
//
//   - An observation is what the model sees after a call: always exactly one JSON object, either
//     {"ok": true, ...result} or {"error": code, ...}, with a fixed key order and deterministic
//     bytes.
//   - A code is the stable, snake_case name of an outcome: "ok" or one of the six error codes of
//     the [Catalog]. Prose may change; codes never do. A code outside the catalog is a bug.
//   - A hint is the short sentence in an error observation that tells the model what to send next.
//     It names the field and a valid example; it never quotes the raw input.
//   - got is the offending value echoed back, only where it helps and is not a secret: at most 64
//     bytes, cut on a UTF-8 boundary with a visible "…", and "[redacted]" when the field's name or
//     the value looks like a credential (a bearer token, an API key, a JWT, a PEM block).
//   - The cap is the byte limit every observation of a tool fits in, ok or error, whatever the
//     input size ([DefaultCap] unless the [Tool] sets its own).
//
// A [Tool] declares its arguments with a [Schema] of [Field]s, the codes its [Handler] may return,
// and the handler. A [Dispatcher] runs calls: a strict JSON parse (jsontext: no duplicate keys, no
// invalid UTF-8, no trailing data), then coercion, the one narrow pass that accepts a few boring
// spellings of a valid value ("17" for 17, " usr_8f3a " for "usr_8f3a", see [Rules]) and nothing
// else, then the handler, which only ever sees valid [Args]. It never guesses, rounds, unwraps or
// converts a boolean. [Dispatcher.CallTraced] also returns the call's [Trace]: the steps it took,
// in order, with the values a rule changed and the one step that decided an error.
//
// What the model may retry is not left to the model: a [Budget] fed with each call's [Outcome]
// answers retry, stop or hand off, by the catalog's caps. A tool that wraps a vendor API maps the
// vendor's response onto the same codes with an [HTTPNormalizer].
//
// The package is pure Go without reflection or formatting packages, so that it stays small in a
// WebAssembly build: observations, schemas and traces are written as JSON by hand.
package coerce
