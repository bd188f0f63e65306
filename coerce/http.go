package coerce

import (
	"strings"
	"time"
)

// HTTPResponse is what a tool that wraps a vendor API got back: enough to normalize it without
// importing net/http. Header names are matched case-insensitively.
type HTTPResponse struct {
	Status int
	Header [][2]string
	// Body is never copied into the observation: vendor HTML, stack traces and echoes of the
	// request stay out of the model's context.
	Body []byte
	// DeadlineExceeded is set when the client gave up waiting (no status then).
	DeadlineExceeded bool
}

// HTTPNormalizer maps vendor responses to error observations.
type HTTPNormalizer struct {
	// Now is the clock for Retry-After dates; nil means time.Now.
	Now func() time.Time
	// NewID makes a correlation id when the vendor sent no request id; nil means random.
	NewID func() string
}

// DefaultRetryAfter is used for a 429 without a usable Retry-After; MaxRetryAfter bounds any.
const (
	DefaultRetryAfter = 60
	MaxRetryAfter     = 3600
)

// requestIDHeaders are where vendors put the id their support desk asks for.
var requestIDHeaders = [...]string{"x-request-id", "request-id", "x-correlation-id", "x-amzn-requestid", "x-amz-request-id", "x-github-request-id", "cf-ray"}

// Normalize returns the error for a failed response, or nil for 2xx (the tool then builds its
// ok result from the body itself).
//
// 400/422 → invalid_args; 401/403 → denied; 404/410 → not_found; 408/504 and a client deadline →
// timeout; 429 → rate_limited with retry_after; 5xx → internal_error with the vendor's request id
// or a new correlation id. Other 4xx are invalid_args; anything else unexpected is internal_error.
func (n HTTPNormalizer) Normalize(resp HTTPResponse) *Error {
	if resp.DeadlineExceeded {
		return &Error{Code: Timeout, Hint: "the service did not answer in time; it may or may not have acted, so check before repeating a change"}
	}
	s := resp.Status
	switch {
	case s >= 200 && s < 300:
		return nil
	case s == 408 || s == 504:
		return &Error{Code: Timeout, Hint: "the service did not answer in time; it may or may not have acted, so check before repeating a change"}
	case s == 429:
		return &Error{Code: RateLimited, Hint: "too many calls; the runtime retries after retry_after seconds", RetryAfter: n.retryAfter(resp.Header)}
	case s == 401 || s == 403:
		return &Error{Code: Denied, Hint: "the service refused this call: the credentials lack permission; do not retry, tell the user"}
	case s == 404 || s == 410:
		return &Error{Code: NotFound, Hint: "the service has no such record; use an id from an earlier result, do not guess"}
	case s >= 400 && s < 500:
		return &Error{Code: InvalidArgs, Hint: "the service rejected the arguments; check them against the tool's schema"}
	}
	id := requestID(resp.Header)
	if id == "" {
		id = n.id()
	}
	return &Error{Code: InternalError, Hint: "the service failed; try later and quote the correlation_id", CorrelationID: id}
}

func (n HTTPNormalizer) id() string {
	if n.NewID != nil {
		return n.NewID()
	}
	return randomID()
}

func header(h [][2]string, name string) (string, bool) {
	for _, kv := range h {
		if strings.EqualFold(strings.TrimSpace(kv[0]), name) {
			return strings.TrimSpace(kv[1]), true
		}
	}
	return "", false
}

// requestID returns the vendor's request id when it is short and plain enough to echo.
func requestID(h [][2]string) string {
	for _, name := range requestIDHeaders {
		v, ok := header(h, name)
		if !ok || v == "" || len(v) > MaxGotBytes || LooksLikeCredential(v) {
			continue
		}
		plain := true
		for i := 0; i < len(v); i++ {
			c := v[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
				plain = false
				break
			}
		}
		if plain {
			return v
		}
	}
	return ""
}

// httpDateLayouts are the three date forms RFC 9110 says a recipient must accept.
var httpDateLayouts = [...]string{"Mon, 02 Jan 2006 15:04:05 GMT", "Monday, 02-Jan-06 15:04:05 GMT", "Mon Jan _2 15:04:05 2006"}

// retryAfter reads Retry-After as delta-seconds or an HTTP date, bounded to 1 … MaxRetryAfter.
func (n HTTPNormalizer) retryAfter(h [][2]string) int64 {
	v, ok := header(h, "retry-after")
	if !ok {
		return DefaultRetryAfter
	}
	if allASCIIDigits([]byte(v)) {
		secs, ok := parseDigits([]byte(v))
		return clampRetry(secs, ok)
	}
	for _, layout := range httpDateLayouts {
		if t, err := time.Parse(layout, v); err == nil {
			now := time.Now()
			if n.Now != nil {
				now = n.Now()
			}
			d := t.Sub(now)
			secs := int64((d + time.Second - 1) / time.Second)
			return clampRetry(secs, true)
		}
	}
	return DefaultRetryAfter
}

func clampRetry(secs int64, ok bool) int64 {
	switch {
	case !ok || secs > MaxRetryAfter:
		return MaxRetryAfter
	case secs < 1:
		return 1
	}
	return secs
}

// Observation encodes e within capBytes (DefaultCap when zero), as a dispatcher would.
func (e *Error) Observation(capBytes int) []byte {
	if capBytes <= 0 {
		capBytes = DefaultCap
	}
	if capBytes < MinCap {
		capBytes = MinCap
	}
	if e.Got != "" {
		safe := *e
		safe.Got = safeGot(e.Field, e.Got)
		e = &safe
	}
	return encodeError(e, capBytes)
}

// Outcome wraps e as the outcome of tool, for a [Budget].
func (e *Error) Outcome(tool string, capBytes int) Outcome {
	return Outcome{Tool: tool, Code: e.Code, Field: e.Field, Observation: e.Observation(capBytes), RetryAfter: e.RetryAfter}
}
