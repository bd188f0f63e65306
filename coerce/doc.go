// Package coerce turns the raw argument text a language model sends to a tool into either a call of
// the tool's handler with clean, typed arguments, or a structured error the agent loop can branch on.
//
// The vocabulary, defined once and used everywhere (Go, JSON keys, the page, the README):
//
//   - An argument is one named field of a tool's argument object, declared in Go by a [Schema].
//   - Coercion is the one narrow pass between the strict JSON parse and the handler that accepts a
//     few boring spellings of a valid value ("17" for 17, " usr_8f3a " for "usr_8f3a") and nothing
//     else. It runs once, in one direction: it never guesses, rounds, unwraps or converts a boolean.
//   - An observation is what the model sees after a call: always exactly one JSON object, either
//     {"ok": true, ...result} or {"error": code, ...}, with a fixed key order and deterministic bytes.
//   - A code is the stable, snake_case name of an outcome: "ok" or one of the six error codes in the
//     [Catalog]. Prose may change; codes never do. A code outside the catalog is a bug.
//   - A hint is the short sentence in an error observation that tells the model what to send next.
//     It names the field and a valid example; it never quotes the raw input.
//   - got is the offending value echoed back, only where it helps and is not a secret: at most
//     [MaxGotBytes] bytes, cut on a UTF-8 boundary with a visible cut mark, "[redacted]" when the
//     field or the value looks like a credential.
//   - The cap is the byte limit every observation of a tool fits in, ok or error, whatever the input
//     size ([DefaultCap] unless the tool says otherwise).
//
// What the model is allowed to retry is not left to the model: a [Budget] fed with each call's
// [Outcome] answers retry, stop or hand off, by the catalog's caps.
//
// The package is pure Go without reflection-heavy or formatting packages so that it stays small in
// a WebAssembly build; JSON is tokenized with jsontext, which rejects duplicate keys and invalid
// UTF-8 and keeps strings apart from numbers.
package coerce
