package coerce

import "strconv"

// NormalizeTraced is Normalize with its explanation as steps, the way a call's trace explains a
// call (docs/trace.md, "A vendor response's steps"), so a page shows both the same way:
//
//   - status: what the status means (or that the client gave up waiting). It decides the code:
//     not ok when the response is an error, the code being the error's, as a call's deciding
//     step is.
//   - retry_after: for rate_limited, where retry_after came from: the Retry-After header in
//     seconds or as a date, or the default; before is the header as got would echo it, after the
//     seconds the observation holds.
//   - correlation_id: for internal_error, whose id the correlation_id is: the vendor's request
//     id, named by its header, or a new one; after is the id the observation holds.
//   - body: that the vendor's body (N bytes) stays out of the observation. Only when there is one
//     and the response is an error.
//
// status comes first and is the only step that can be not ok; the others say where the
// observation's other members came from. The error is the one Normalize returns for resp, the
// same correlation id included.
func (n HTTPNormalizer) NormalizeTraced(resp HTTPResponse) (*Error, Trace) {
	e, w := n.decide(resp, true)
	if e == nil {
		return nil, Trace{{Name: "status", OK: true, Detail: w.status + ": no error; the tool builds its ok result from the body"}}
	}
	t := Trace{{Name: "status", Detail: w.status}}
	switch e.Code {
	case RateLimited:
		s := Step{Name: "retry_after", OK: true, Detail: "retry_after " + w.after + " s, " + w.from, After: w.after}
		if w.header != "" {
			s.Before = string(appendQuoted(nil, w.header))
		}
		t = append(t, s)
	case InternalError:
		t = append(t, Step{Name: "correlation_id", OK: true, Detail: "the correlation_id is " + w.from,
			After: string(appendQuoted(nil, gotString("", w.after)))})
	}
	if len(resp.Body) > 0 {
		t = append(t, Step{Name: "body", OK: true, Detail: "the body, " + strconv.Itoa(len(resp.Body)) +
			" bytes, stays out of the observation: the model never reads a vendor's page, traceback or echo"})
	}
	return e, t
}
