package coerce

import (
	"strconv"
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

// defaultRetryAfter is used for a 429 without a usable Retry-After; maxRetryAfter bounds any.
const (
	defaultRetryAfter = 60
	maxRetryAfter     = 3600
)

// Normalize returns the error for a failed response, or nil for 2xx (the tool then builds its
// ok result from the body itself).
//
// 400/422 → invalid_args; 401/403 → denied; 404/410 → not_found; 408/504 and a client deadline →
// timeout; 429 → rate_limited with retry_after; 5xx → internal_error with the vendor's request id
// or a new correlation id. Other 4xx are invalid_args; anything else unexpected is internal_error.
func (n HTTPNormalizer) Normalize(resp HTTPResponse) *Error {
	e, _ := n.decide(resp, false)
	return e
}

// Explain says in one plain sentence which rule Normalize applies to resp and why: the status
// and the code it maps to, where retry_after came from, whose id the correlation_id is. It is
// for a person reading a trace; it never quotes the body, and header values only as got would.
func (n HTTPNormalizer) Explain(resp HTTPResponse) string {
	_, w := n.decide(resp, true)
	if w.code == "" {
		return w.status + ": no error; the tool builds its result from the body"
	}
	s := w.status + ": " + string(w.code)
	switch w.code {
	case RateLimited:
		s += ", retry_after " + w.after + " s " + w.from
	case InternalError:
		s += " with " + w.from
	}
	return s
}

// httpWhy is why decide gave its answer, in pieces a sentence (Explain) or steps
// (NormalizeTraced) are made of. Empty unless decide was asked to explain.
type httpWhy struct {
	// status says what the status means ("HTTP 429 means too many requests"); code is the code
	// it maps to, "" for a success.
	status string
	code   Code
	// from says where retry_after or the correlation_id came from; header is the header value it
	// was read from, as got would echo it ("" for none); after is the value the observation holds.
	from, header, after string
}

// decide is Normalize, with the reason when explain is set (built only then).
func (n HTTPNormalizer) decide(resp HTTPResponse, explain bool) (*Error, httpWhy) {
	const late = "the service did not answer in time; it may or may not have acted, so check before repeating a change"
	var w httpWhy
	status := func(meaning string) {
		if explain {
			w.status = "HTTP " + strconv.Itoa(resp.Status) + " " + meaning
		}
	}
	if resp.DeadlineExceeded {
		if explain {
			w.status, w.code = "the client gave up waiting, so no status", Timeout
		}
		return &Error{Code: Timeout, Hint: late}, w
	}
	var e *Error
	switch s := resp.Status; {
	case s >= 200 && s < 300:
		status("is a success")
		return nil, w
	case s == 408 || s == 504:
		status("means the request timed out")
		e = &Error{Code: Timeout, Hint: late}
	case s == 429:
		status("means too many requests")
		secs, from, value := n.retryAfter(resp.Header)
		e = &Error{Code: RateLimited, Hint: "too many calls; the runtime retries after retry_after seconds", RetryAfter: secs}
		if explain {
			w.from, w.header, w.after = from, gotString("", value), strconv.FormatInt(secs, 10)
		}
	case s == 401 || s == 403:
		status("refuses the credentials")
		e = &Error{Code: Denied, Hint: "the service refused this call: the credentials lack permission; do not retry, tell the user"}
	case s == 404 || s == 410:
		status("has no such record")
		e = &Error{Code: NotFound, Hint: "the service has no such record; use an id from an earlier result, do not guess"}
	case s >= 400 && s < 500:
		status("rejects the request")
		e = &Error{Code: InvalidArgs, Hint: "the service rejected the arguments; check them against the tool's schema"}
	default:
		status("is a server error")
		if s < 500 || s > 599 {
			status("is not a status a tool expects")
		}
		id, from := requestID(resp.Header)
		if id == "" {
			id, from = n.id(), "a new correlation id, as the service sent no usable request id"
		} else {
			from = "the service's request id from " + from
		}
		e = &Error{Code: InternalError, Hint: "the service failed; try later and quote the correlation_id", CorrelationID: id}
		if explain {
			w.from, w.after = from, id
		}
	}
	if explain {
		w.code = e.Code
	}
	return e, w
}

// id is a new correlation id: NewID's when it makes them in the format, otherwise a random one.
func (n HTTPNormalizer) id() string {
	id, _ := correlationID("", n.NewID)
	return id
}

func header(h [][2]string, name string) (string, bool) {
	for _, kv := range h {
		if strings.EqualFold(strings.TrimSpace(kv[0]), name) {
			return strings.TrimSpace(kv[1]), true
		}
	}
	return "", false
}

// requestID returns the vendor's request id when it is in the correlation id format
// ([ValidCorrelationID]): short and plain enough to echo.
func requestID(h [][2]string) (id, from string) {
	// Where vendors put the id their support desk asks for.
	requestIDHeaders := [...]string{"x-request-id", "request-id", "x-correlation-id", "x-amzn-requestid", "x-amz-request-id", "x-github-request-id", "cf-ray"}
	for _, name := range requestIDHeaders {
		if v, ok := header(h, name); ok && ValidCorrelationID(v) {
			return v, name
		}
	}
	return "", ""
}

// retryAfter reads Retry-After as delta-seconds or an HTTP date, bounded to 1 … maxRetryAfter,
// and says where the figure came from and what the header held ("" when absent).
func (n HTTPNormalizer) retryAfter(h [][2]string) (secs int64, from, value string) {
	v, ok := header(h, "retry-after")
	if !ok {
		return defaultRetryAfter, "by default, as there is no Retry-After", ""
	}
	if allASCIIDigits([]byte(v)) {
		secs, ok := parseDigits([]byte(v))
		return clampRetry(secs, ok), "from Retry-After in seconds" + clamped(secs, ok), v
	}
	if at, ok := parseHTTPDate(v); ok {
		now := time.Now()
		if n.Now != nil {
			now = n.Now()
		}
		// Unix floors, so this is the wait rounded up to whole seconds.
		return clampRetry(at-now.Unix(), true), "from the Retry-After date" + clamped(at-now.Unix(), true), v
	}
	return defaultRetryAfter, "by default, as Retry-After is neither seconds nor an HTTP date", v
}

// clamped says when clampRetry changes a wait.
func clamped(secs int64, ok bool) string {
	switch {
	case !ok || secs > maxRetryAfter:
		return ", cut to the maximum"
	case secs < 1:
		return ", raised to the minimum"
	}
	return ""
}

// parseHTTPDate reads the three date forms RFC 9110 says a recipient must accept, as Unix
// seconds: IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT", RFC 850 "Sunday, 06-Nov-94 08:49:37 GMT"
// and asctime "Sun Nov  6 08:49:37 1994". Written out rather than with time.Parse, whose layout
// machinery is 80 KB of the WebAssembly build.
func parseHTTPDate(v string) (int64, bool) {
	name, rest, ok := strings.Cut(v, " ")
	if !ok {
		return 0, false
	}
	comma := strings.HasSuffix(name, ",")
	dayNames := [...]string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	if !oneOf(dayNames[:], strings.TrimSuffix(name, ",")) {
		return 0, false
	}
	f := strings.Fields(rest)
	var day, month, year int64
	var clock string
	switch {
	case comma && len(f) == 5 && f[4] == "GMT" && len(f[0]) == 2 && len(f[2]) == 4: // IMF-fixdate
		day, month, year, clock = num(f[0]), monthNum(f[1]), num(f[2]), f[3]
	case comma && len(f) == 3 && f[2] == "GMT" && len(f[0]) == 9 && f[0][2] == '-' && f[0][6] == '-': // RFC 850
		day, month, year, clock = num(f[0][:2]), monthNum(f[0][3:6]), num(f[0][7:]), f[1]
		if year >= 0 {
			if year < 69 { // as time.Parse reads "06": 69-99 are 19xx
				year += 2000
			} else {
				year += 1900
			}
		}
	case !comma && len(f) == 4 && len(f[3]) == 4 && len(f[1]) <= 2: // asctime
		day, month, year, clock = num(f[1]), monthNum(f[0]), num(f[3]), f[2]
	default:
		return 0, false
	}
	if len(clock) != 8 || clock[2] != ':' || clock[5] != ':' {
		return 0, false
	}
	hh, mm, ss := num(clock[:2]), num(clock[3:5]), num(clock[6:])
	if month < 1 || year < 1 || day < 1 || day > daysIn(month, year) || hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 59 {
		return 0, false
	}
	return daysFromCivil(year, month, day)*86400 + hh*3600 + mm*60 + ss, true
}

func oneOf(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// num reads 1-4 ASCII digits; -1 for anything else.
func num(s string) int64 {
	if len(s) == 0 || len(s) > 4 || !allASCIIDigits([]byte(s)) {
		return -1
	}
	n, _ := parseDigits([]byte(s))
	return n
}

func monthNum(s string) int64 {
	monthNames := [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	for i, m := range monthNames {
		if m == s {
			return int64(i + 1)
		}
	}
	return -1
}

func daysIn(month, year int64) int64 {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil counts days from 1970-01-01 to a proleptic Gregorian date (years ≥ 1), after
// Howard Hinnant's days_from_civil.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400
	doy := (153*((m+9)%12)+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

func clampRetry(secs int64, ok bool) int64 {
	switch {
	case !ok || secs > maxRetryAfter:
		return maxRetryAfter
	case secs < 1:
		return 1
	}
	return secs
}
