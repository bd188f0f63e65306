package coerce

import (
	"context"
	"strconv"
)

// How a handler can fail that is the tool's bug, as a trace and a log line say it.
const (
	faultPanic  = "the handler panicked"
	faultGoexit = "the handler called runtime.Goexit"
	faultPlain  = "the handler returned a plain error; its text is not shown"
	faultID     = "the handler's correlation_id is not in the format; a new one replaces it"
)

// failedHint is the hint of an internal_error that is the tool's fault.
const failedHint = "the tool failed; try later and quote the correlation_id"

// lateHint is the hint of a timeout: the call may have acted.
const lateHint = "the tool did not finish in time; it may or may not have acted, so check before repeating a change"

// maxUnwrap bounds how deep a handler's error chain is searched for an [*Error] or a deadline: a
// chain that wraps itself must not keep a call from answering.
const maxUnwrap = 32

// handlerRun is one run of a handler, on a goroutine of its own so that whatever the handler
// does, the call answers: a panic or runtime.Goexit ends only that goroutine, and a handler that
// ignores its deadline is left behind when the deadline passes. Everything the handler gives back
// is read on that goroutine too (an error's Unwrap and Is methods are the handler's code).
type handlerRun struct {
	h    Handler
	ctx  context.Context
	args Args
	// What the handler gave: its result, the *Error it returned (a copy), whether it reported a
	// deadline, and how it failed when that is a bug ("" for none).
	res      Result
	ce       *Error
	deadline bool
	fault    string
	// start is r.run as a func value, made once per run: "go r.start()" then allocates nothing,
	// where "go r.run()" allocates a closure each time.
	start func()
	// done receives false from the handler's goroutine when it is through, and true from the
	// context's watcher when the context ends first.
	done chan bool
}

// newRun returns a run whose done channel holds n answers without blocking.
func newRun(n int) *handlerRun {
	r := &handlerRun{done: make(chan bool, n)}
	r.start = r.run
	return r
}

func (r *handlerRun) run() {
	returned := false
	defer func() {
		if p := recover(); p != nil {
			r.res, r.ce, r.deadline, r.fault = nil, nil, false, faultPanic
		} else if !returned {
			r.res, r.ce, r.deadline, r.fault = nil, nil, false, faultGoexit
		}
		r.done <- false
	}()
	res, err := r.h(r.ctx, r.args)
	if err == nil {
		r.res = res
	} else if r.ce, r.deadline = classify(err); r.ce == nil && !r.deadline {
		r.fault = faultPlain
	}
	returned = true
}

// watch tells a run that its context ended. It waits for the context and nothing else: a
// select on the handler too would link the runtime's select, 15 KB of the page's WebAssembly
// for the one call that needs it. So the watcher lives until the context ends, after the call
// when the handler was quicker: the lifetime the context package gives a child context whose
// cancel is never called, and one a caller that cancels its contexts (go vet's lostcancel) never
// sees.
func watch(ended <-chan struct{}, done chan<- bool) {
	<-ended
	done <- true
}

// classify looks down err's chain, depth first as errors.As and errors.Is do, at most
// maxUnwrap errors deep, for the first [*Error] (returned as a copy) and for a deadline.
func classify(err error) (ce *Error, deadline bool) {
	stack := []error{err}
	for n := 0; len(stack) > 0 && n < maxUnwrap; n++ {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x, ok := e.(*Error); ok && x != nil && ce == nil {
			cp := *x
			ce = &cp
		}
		if e == context.DeadlineExceeded {
			deadline = true
		}
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			if next := u.Unwrap(); next != nil {
				stack = append(stack, next)
			}
		case interface{ Unwrap() []error }:
			kids := u.Unwrap()
			if len(kids) > maxUnwrap {
				kids = kids[:maxUnwrap]
			}
			for i := len(kids) - 1; i >= 0; i-- {
				if kids[i] != nil {
					stack = append(stack, kids[i])
				}
			}
		}
	}
	return ce, deadline
}

// run calls the handler, turning panics, Goexit, plain errors and undeclared codes into
// internal_error, and a deadline passed (whatever the handler returns later) into timeout. fault,
// when not empty, says how the handler failed: the outcome is the tool's bug. called is false
// only when the context had ended before the handler could start.
func (d *Dispatcher) run(ctx context.Context, t *compiledTool, args Args) (res Result, e *Error, fault string, called bool) {
	if ctx == nil {
		ctx = context.Background()
	}
	if ctx.Err() != nil {
		return nil, &Error{Code: Timeout, Hint: lateHint}, "", false
	}
	// A run is pooled only when nothing but the handler can answer it. When the context can
	// end, the watcher may answer after the call, so the run is the call's own.
	ended := ctx.Done()
	var r *handlerRun
	if ended == nil {
		r = d.runs.Get().(*handlerRun)
	} else {
		r = newRun(2)
	}
	r.h, r.ctx, r.args = t.Handler, ctx, args
	go r.start()
	if ended != nil {
		go watch(ended, r.done)
	}
	if late := <-r.done; late {
		// r stays with the handler's goroutine: its late result is never read.
		return nil, &Error{Code: Timeout, Hint: lateHint}, "", true
	}
	res, ce, deadline, fault := r.res, r.ce, r.deadline, r.fault
	if ended == nil {
		*r = handlerRun{done: r.done, start: r.start}
		d.runs.Put(r)
	}
	switch {
	case fault != "":
		return nil, &Error{Code: InternalError, Hint: failedHint}, fault, true
	case ce != nil && mayReturn(t, ce.Code):
		sanitize(ce, t.cap) // ce is the run's own copy
		return nil, ce, "", true
	case deadline:
		return nil, &Error{Code: Timeout, Hint: lateHint}, "", true
	case ce != nil:
		return nil, &Error{Code: InternalError, Hint: failedHint}, "the handler returned the code " + strconv.Quote(Cut(string(ce.Code), maxGotBytes)) + ", which it does not declare", true
	}
	return res, nil, "", true
}

// sanitize makes an error a handler wrote (a copy of it) safe to encode and log: its field,
// hint, permission and got pass the same redaction and cuts as an echoed argument, so a handler
// cannot put a credential, a 10 MB name or broken JSON into an observation or a log line. The
// correlation id is checked by finish, as every error's is.
func sanitize(e *Error, capBytes int) {
	e.Field = fieldLabel(e.Field)
	e.Hint = echo(e.Hint, capBytes)
	e.RequiredPermission = echo(e.RequiredPermission, maxGotBytes)
	if e.Got != "" {
		e.Got = safeGot(e.Field, e.Got)
	}
	e.step = stepNone
}

// mayReturn reports whether t's handler may return code: the codes it declares, plus the three
// every tool can give (see [Tool.Catalog]). A tool that declares nothing may not return not_found or
// denied: its committed catalog would not list them.
func mayReturn(t *compiledTool, code Code) bool {
	switch code {
	case InvalidArgs, Timeout, InternalError:
		return true
	}
	return declares(t.Codes, code)
}

func declares(codes []Code, c Code) bool {
	for _, x := range codes {
		if x == c {
			return true
		}
	}
	return false
}
