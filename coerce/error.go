package coerce

// Error is an error observation as a Go value. Handlers return it (as an error) to report an
// outcome the model can act on; the package builds the rest itself. Only Code is required.
type Error struct {
	Code Code
	// Field names the argument the error is about, when there is one.
	Field string
	// Hint is the next prompt: what to send instead, with an example.
	Hint string
	// Got is the offending value as JSON text (a literal, or a quoted string). Set it with
	// [Error.WithGot] or leave it empty: the dispatcher fills it from the named field's argument,
	// redacted and truncated, when that helps.
	Got string
	// RetryAfter is in seconds; zero means absent.
	RetryAfter int64
	// RequiredPermission names the permission a denied call lacked.
	RequiredPermission string
	// CorrelationID ties an internal_error to the server's logs.
	CorrelationID string

	// step is the step of a call that decided this error, for its trace; zero for an error a
	// handler returned (the handler step, or lookup for not_found).
	step stepID
}

// Error returns the code and field, for logs. It never holds the input.
func (e *Error) Error() string {
	code := Cut(string(e.Code), maxGotBytes)
	if e.Field != "" {
		return code + " (" + Cut(e.Field, maxGotBytes) + ")"
	}
	return code
}

// NewError returns an error with a code, the field it is about (or "") and a hint.
func NewError(code Code, field, hint string) *Error {
	return &Error{Code: code, Field: field, Hint: hint}
}

// invalidAt is an invalid_args decided by step.
func invalidAt(step stepID, field, hint string) *Error {
	return &Error{Code: InvalidArgs, Field: field, Hint: hint, step: step}
}

// NotFoundError is the error a handler returns when a well-formed id names nothing. The hint
// should show what real ids look like, taken from the data, so the model does not guess.
func NotFoundError(field, hint string) *Error { return NewError(NotFound, field, hint) }

// DeniedError is the error a handler returns when the caller lacks permission.
func DeniedError(permission, hint string) *Error {
	return &Error{Code: Denied, Hint: hint, RequiredPermission: permission}
}

// WithGot sets Got to the JSON string of value, redacted and truncated as for any argument.
func (e *Error) WithGot(value string) *Error {
	quoted := appendQuoted(nil, gotString(e.Field, value))
	e.Got = string(quoted)
	return e
}

// Observation encodes e within capBytes (DefaultCap when zero, raised to MinCap), as a dispatcher
// would: a code outside the catalog is a bug, written as internal_error rather than passed on to
// the model; field, hint, permission and got are redacted and cut as a handler's are; a
// correlation id outside the format ([ValidCorrelationID]) is replaced by a new one, and an
// internal_error without one gets one. It is how a tool that normalizes a vendor response
// ([HTTPNormalizer]) answers.
func (e *Error) Observation(capBytes int) []byte {
	if capBytes <= 0 {
		capBytes = DefaultCap
	}
	if capBytes < MinCap {
		capBytes = MinCap
	}
	if _, ok := Lookup(e.Code); !ok {
		e = &Error{Code: InternalError, Hint: failedHint, CorrelationID: "unknown_code"}
	}
	safe := *e
	sanitize(&safe, capBytes)
	if safe.Code == InternalError || safe.CorrelationID != "" {
		safe.CorrelationID, _ = correlationID(safe.CorrelationID, nil)
	}
	return encodeError(&safe, capBytes)
}
