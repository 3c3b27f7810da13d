// Package ready decides when a terminal program is ready for input. The
// Engine is fed timestamped events (output, input, resize, exit) with the
// screen after each, and emits state transitions; it never sleeps and never
// reads the wall clock, so live terminals and replays on a virtual clock
// make the same decisions.
package ready

import (
	"time"
)

// Engine is the readiness state machine. It is not safe for concurrent use;
// its owner (a live terminal or a replay) serialises calls.
//
// PLACEHOLDER: a plain quiet-window rule until the tiered engine lands.
type Engine struct {
	quiet    time.Duration
	timeline []Transition
	last     Event
	seen     bool
	pending  bool // output since the last decision
	exited   bool
}

// NewEngine returns an engine in the Starting state.
func NewEngine() *Engine {
	return &Engine{quiet: 500 * time.Millisecond}
}

// Observe feeds one event and returns the transitions it caused.
func (e *Engine) Observe(ev Event) []Transition {
	if e.exited {
		return nil
	}
	var out []Transition
	if !e.seen {
		e.seen = true
		out = e.to(out, Transition{Time: ev.Time, State: Starting, Reason: "first event"})
	}
	switch ev.Kind {
	case Exit:
		e.exited = true
		return e.to(out, Transition{Time: ev.Time, State: Exited, Reason: "process exited", Code: ev.Code, Cursor: ev.Screen.Cursor()})
	case Output:
		e.last, e.pending = ev, true
		if c := e.Current(); c.State.Waiting() && ev.Screen.Changed().Equal(ev.Time) {
			out = e.to(out, Transition{Time: ev.Time, State: Busy, Reason: "screen changed", Cursor: ev.Screen.Cursor()})
		}
	case Input:
		e.last = ev
	}
	return out
}

// Tick tells the engine that time has reached now with no new event.
func (e *Engine) Tick(now time.Time) []Transition {
	d, ok := e.Deadline()
	if !ok || now.Before(d) {
		return nil
	}
	e.pending = false
	return e.to(nil, Transition{Time: now, State: Ready, Reason: "quiet for " + e.quiet.String(), Cursor: e.last.Screen.Cursor()})
}

// Deadline returns when Tick must next be called for the engine to decide.
func (e *Engine) Deadline() (time.Time, bool) {
	if !e.pending || e.exited {
		return time.Time{}, false
	}
	return e.last.Screen.Changed().Add(e.quiet), true
}

// Current returns the latest transition (State Starting before any event).
func (e *Engine) Current() Transition {
	if len(e.timeline) == 0 {
		return Transition{State: Starting}
	}
	return e.timeline[len(e.timeline)-1]
}

// Timeline returns every transition so far, oldest first.
func (e *Engine) Timeline() []Transition {
	return append([]Transition(nil), e.timeline...)
}

func (e *Engine) to(out []Transition, t Transition) []Transition {
	if c := e.Current(); len(e.timeline) > 0 && c.State == t.State {
		return out
	}
	e.timeline = append(e.timeline, t)
	return append(out, t)
}
