package page

// The markup of the panels' lists of steps: a learner's attempt, a loop step, a vendor
// response's result, a missed prediction, a switch's change. Each is an <li> that carries the
// automation contract's data-code and data-observation (README), built by a pure function and
// tested against golden files (views_test.go). Learner text goes in as Text and attribute
// values only.

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// AttemptView is one attempt of the learner box: its code and input, Add to table, and its
// reading. (An embed without the table, or a read-only one, hides Add to table: style.css.)
func AttemptView(at Attempt) Node {
	res := at.Result
	key := strconv.Itoa(at.Seq)
	return E("li", "data-code", string(res.Code), "data-observation", res.Observation,
		"data-trace", string(res.Trace.JSON()), "data-seq", key).With(
		E("div", "class", "head").With(codeBadge(res.Code), E("code", "class", "input").Say(at.Input),
			E("button", "class", "add-tried", "type", "button", "data-seq", key,
				"aria-label", "Add "+LabelInput(at.Input)+" to the table").Say("Add to table")),
		ReadingView(res, key, false),
	)
}

// LabelInput is an input as a button's label quotes it: cut after 40 characters.
func LabelInput(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return s
}

// stepHead is the head line of a step: its number and the call.
func stepHead(num int, call string) Node {
	return E("div", "class", "head").With(E("span", "class", "num").Say(strconv.Itoa(num)),
		E("code", "class", "call").Say(call))
}

// LoopStepView is step i of a loop run: the call, its code and observation, the runtime's
// decision and reason, and the Why of the decision, drawn now and open on the step that ended
// the loop (the one a reader asks about). A call not sent says so instead.
func LoopStepView(i int, st lesson.Step) Node {
	li := E("li", "class", "step", "data-step", strconv.Itoa(i+1), "data-sent", strconv.FormatBool(st.Sent),
		"data-code", string(st.Result.Code), "data-observation", st.Result.Observation)
	head := stepHead(i+1, st.Tool+" "+st.Input)
	if !st.Sent {
		return li.Set("class", "step unsent").With(head.With(E("span", "class", "decision").Say("not sent")),
			E("p", "class", "reason").Say("The model never made this call: the runtime had already ended the loop."))
	}
	dec := string(st.Decision)
	li = li.Set("data-decision", dec).Set("data-count", strconv.Itoa(st.Count)).
		Set("data-cap", strconv.Itoa(st.Cap)).Set("data-trace", string(st.Why.JSON()))
	return li.With(head.With(codeBadge(st.Result.Code)),
		E("pre", "class", "obs").Say(st.Result.Observation),
		E("p", "class", "reason").With(E("span", "class", "decision", "data-decision", dec).Say("→ "+dec),
			E("span").Say(" "+st.Reason)),
		whyView("loop-"+strconv.Itoa(i), WhyFor(st.Why, st.Result.Code), dec, endsLoop(st.Decision)),
	)
}

// HTTPResultView is vendor response i's result: what its status and headers normalized into,
// against the code it was expected to give. Its Why, which status became which code, is drawn
// when opened, except for a response that did not give the expected code: that one is open
// from the start, as a mispredicted row's is.
func HTTPResultView(i int, r lesson.Result) Node {
	li := E("li", "class", "step", "tabindex", "-1", "data-row", strconv.Itoa(i+1), "data-code", string(r.Code),
		"data-observation", r.Observation, "data-pass", strconv.FormatBool(r.Pass), "data-trace", string(r.Trace.JSON()))
	head := stepHead(i+1, r.Input).With(codeBadge(r.Code))
	switch {
	case r.Want == "":
		head = head.With(E("span", "class", "mark none").Say("no expectation"))
	case r.Pass:
		head = head.With(E("span", "class", "mark pass").Say("✓ as expected"))
	default:
		li = li.Set("class", "step fail")
		head = head.With(E("span", "class", "mark fail").Say("✗ expected " + string(r.Want)))
	}
	li = li.With(head, E("pre", "class", "obs").Say(r.Observation))
	if r.Note != "" {
		li = li.With(E("p", "class", "note").Say(r.Note))
	}
	open := Mispredicted(r.Want, r.Code)
	var steps []WhyStep
	if open {
		steps = WhyFor(r.Trace, r.Code)
	}
	return li.With(whyView(strconv.Itoa(i), steps, string(r.Code), open))
}

// MissView is a prediction the run proved wrong: the row, what the student said and what the
// tool answered (obs, the row's observation).
func MissView(m Miss, obs string) Node {
	return E("li", "class", "step miss", "data-row", strconv.Itoa(m.Row), "data-want", string(m.Want), "data-got", string(m.Got),
		"data-code", string(m.Got), "data-observation", obs).With(
		stepHead(m.Row, m.Input).With(E("span").Say("you said"), codeBadge(m.Want), E("span").Say("it answered"), codeBadge(m.Got)))
}

// ChangeView is change k of a switch's flip: the row, its code before → after, its observation
// now (obs) and Add as fixture.
func ChangeView(k int, c Change, obs string) Node {
	return E("li", "class", "step change", "data-row", strconv.Itoa(c.Row+1), "data-input", c.Input,
		"data-before", string(c.Before), "data-after", string(c.After), "data-code", string(c.After), "data-observation", obs).With(
		stepHead(c.Row+1, c.Input).With(codeBadge(c.Before), E("span", "class", "arrow").Say("→"), codeBadge(c.After),
			E("button", "type", "button", "data-fixture", strconv.Itoa(k),
				"aria-label", "Add "+c.Input+" → "+string(c.After)+" to the table as a fixture").Say("Add as fixture")),
		E("pre", "class", "obs").Say(obs))
}

// WasBefore is the note a switch's flip puts in a results row whose code it changed.
func WasBefore(before coerce.Code) Node {
	return E("span", "class", "was").Say("was " + string(before) + " before the switch")
}
