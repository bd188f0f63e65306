package coerce_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// hangingCtx is a context whose deadline the test passes by hand: a deadline without a clock.
type hangingCtx struct {
	context.Context
	done chan struct{}
}

func (c hangingCtx) Done() <-chan struct{} { return c.done }

func (c hangingCtx) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// TestLateHandlerAnswersTimeout: a handler that ignores its deadline is answered for at the
// deadline with timeout, and what it returns later is dropped: never an ok, never a second count.
func TestLateHandlerAnswersTimeout(t *testing.T) {
	started, release, returned := make(chan struct{}), make(chan struct{}), make(chan struct{})
	m := &coerce.Metrics{}
	var logged []coerce.LogLine
	d, err := coerce.NewDispatcher(coerce.Config{Metrics: m, Log: func(l coerce.LogLine) { logged = append(logged, l) }},
		failingTool(func(context.Context) (coerce.Result, error) {
			defer close(returned)
			close(started)
			<-release // the deadline is ignored
			return coerce.Result{coerce.M("late", coerce.Bool(true))}, nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := hangingCtx{Context: context.Background(), done: make(chan struct{})}
	go func() {
		<-started
		close(ctx.done)
	}()
	o := d.Call(ctx, "flaky", []byte(`{"job_id":17}`))
	close(release)
	<-returned
	if o.Code != coerce.Timeout || !o.HandlerCalled || strings.Contains(string(o.Observation), "late") {
		t.Fatalf("%+v %s", o, o.Observation)
	}
	if snap := m.Snapshot(); len(snap) != 1 || snap[0].Code != coerce.Timeout || snap[0].N != 1 || len(logged) != 1 || logged[0].Bug {
		t.Errorf("metrics %+v, log %+v: want one timeout, not the tool's bug", snap, logged)
	}
}

// TestPassedDeadlineSkipsTheHandler: a context that has already ended is a timeout before the
// handler starts; the handler is not called.
func TestPassedDeadlineSkipsTheHandler(t *testing.T) {
	ran := false
	d, err := coerce.NewDispatcher(coerce.Config{}, failingTool(func(context.Context) (coerce.Result, error) {
		ran = true
		return nil, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := hangingCtx{Context: context.Background(), done: make(chan struct{})}
	close(ctx.done)
	if o := d.Call(ctx, "flaky", []byte(`{"job_id":17}`)); o.Code != coerce.Timeout || o.HandlerCalled || ran {
		t.Errorf("%+v %s, handler ran %v", o, o.Observation, ran)
	}
}

type panickyUnwrap struct{}

func (panickyUnwrap) Error() string { return leak }
func (panickyUnwrap) Unwrap() error { panic(leak) }

type selfWrap struct{}

func (selfWrap) Error() string { return leak }
func (selfWrap) Unwrap() error { return selfWrap{} }

type panickyText struct{}

func (panickyText) Error() string { panic(leak) }

// TestHandlerEscapes: the ways a handler can leave other than by returning, and errors whose own
// methods misbehave, all end in an internal_error that Call returns, marked as the tool's bug.
func TestHandlerEscapes(t *testing.T) {
	for _, c := range []struct {
		name string
		fail func(ctx context.Context) (coerce.Result, error)
		why  string
	}{
		{"Goexit", func(context.Context) (coerce.Result, error) { runtime.Goexit(); return nil, nil }, "Goexit"},
		{"Goexit after a result", func(context.Context) (coerce.Result, error) {
			defer runtime.Goexit()
			return coerce.Result{coerce.M("x", coerce.Int(1))}, nil
		}, "Goexit"},
		{"panic(nil)", func(context.Context) (coerce.Result, error) { panic(nil) }, "panicked"},
		{"Unwrap panics", func(context.Context) (coerce.Result, error) { return nil, panickyUnwrap{} }, "panicked"},
		{"Unwrap returns itself", func(context.Context) (coerce.Result, error) { return nil, selfWrap{} }, "plain error"},
		{"Error panics", func(context.Context) (coerce.Result, error) { return nil, panickyText{} }, "plain error"},
		{"nil *Error", func(context.Context) (coerce.Result, error) { return nil, (*coerce.Error)(nil) }, "plain error"},
		{"joined plain errors", func(context.Context) (coerce.Result, error) { return nil, errors.Join(plainErr{}, selfWrap{}) }, "plain error"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var logged []coerce.LogLine
			d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "9e1d" }, Log: func(l coerce.LogLine) { logged = append(logged, l) }}, failingTool(c.fail))
			if err != nil {
				t.Fatal(err)
			}
			o, tr := d.CallTraced(context.Background(), "flaky", []byte(`{"job_id":17}`))
			obs := checkBounded(t, o.Observation, coerce.DefaultCap)
			if o.Code != coerce.InternalError || obs.str("correlation_id") != "9e1d" || strings.Contains(string(o.Observation), "zqleak") {
				t.Fatalf("%s", o.Observation)
			}
			if last := tr[len(tr)-1]; !strings.Contains(last.Detail, c.why) || len(logged) != 1 || !logged[0].Bug {
				t.Errorf("step %+v, log %+v: want %q and bug=true", last, logged, c.why)
			}
		})
	}
}

// TestDeadlineFoundDownAJoinedChain: a deadline wrapped with errors.Join is still a timeout.
func TestDeadlineFoundDownAJoinedChain(t *testing.T) {
	d, err := coerce.NewDispatcher(coerce.Config{}, failingTool(func(context.Context) (coerce.Result, error) {
		return nil, errors.Join(plainErr{}, &wrapped{leak, context.DeadlineExceeded})
	}))
	if err != nil {
		t.Fatal(err)
	}
	if o := d.Call(context.Background(), "flaky", []byte(`{"job_id":17}`)); o.Code != coerce.Timeout {
		t.Errorf("%s", o.Observation)
	}
}

// TestNoGoroutineOutlivesItsCall: a dispatcher whose handler ended its goroutine with Goexit
// answers the next call, and once calls are answered and their contexts ended, every goroutine
// they started has ended: a thousand in a row, 32 at a time, and a hundred whose context could
// end (each with a watcher until it does).
func TestNoGoroutineOutlivesItsCall(t *testing.T) {
	exit := true
	d, err := coerce.NewDispatcher(coerce.Config{}, failingTool(func(context.Context) (coerce.Result, error) {
		if exit {
			runtime.Goexit()
		}
		return coerce.Result{coerce.M("n", coerce.Int(1))}, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	if o := d.Call(context.Background(), "flaky", []byte(`{"job_id":17}`)); o.Code != coerce.InternalError {
		t.Fatalf("Goexit: %s", o.Observation)
	}
	exit = false
	call := func(ctx context.Context) bool { return d.Call(ctx, "flaky", []byte(`{"job_id":17}`)).Code == coerce.OK }
	for i := 0; i < 1000; i++ {
		if !call(context.Background()) {
			t.Fatalf("call %d after Goexit failed", i)
		}
	}
	done := make(chan bool)
	for g := 0; g < 32; g++ {
		go func() {
			ok := true
			for i := 0; i < 30; i++ {
				ok = call(context.Background()) && ok
			}
			done <- ok
		}()
	}
	for g := 0; g < 32; g++ {
		if !<-done {
			t.Fatal("a concurrent call failed")
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	for i := 0; i < 100; i++ {
		if !call(ctx) {
			t.Fatalf("call %d with a context that can end failed", i)
		}
	}
	cancel()
	// The goroutines end on their own once their calls are answered: wait for it, without a clock.
	for i := 0; runtime.NumGoroutine() > before; i++ {
		if i == 1e6 {
			t.Fatalf("%d goroutines, %d before the calls", runtime.NumGoroutine(), before)
		}
		runtime.Gosched()
	}
}
