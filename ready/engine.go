package ready

import (
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Option configures an Engine.
type Option func(*Engine)

// StuckAfter sets how long the program may stay not ready after it started
// or after the last input before the engine calls it Stuck (default 30 s;
// zero disables it).
func StuckAfter(d time.Duration) Option { return func(e *Engine) { e.stuckAfter = d } }

// StartAt tells the engine the program started at t, before any event, so
// a program that prints nothing is reported stuck in time.
func StartAt(t time.Time) Option { return func(e *Engine) { e.startAt = t } }

const defaultStuck = 30 * time.Second

// Engine is the readiness state machine: it is fed a terminal's events with
// the screen after each, and asks its signals, strongest first, whether the
// program is starting, busy, ready, asking a question, exited or stuck. It
// is deterministic: time comes only from the events and from Tick. It is not
// safe for concurrent use; its owner (a live terminal or a replay)
// serialises calls.
type Engine struct {
	prof    Profile
	signals []signal
	names   []string // each signal's name, as signals
	// kept: each signal's last abstention if it is steady (kept.go), as
	// signals; nil when votes are not kept (a test's WithoutKeptVotes).
	kept       []keptVote
	stuckAfter time.Duration
	startAt    time.Time

	f       facts
	started bool
	exited  bool

	next      time.Time // when a signal wants to be asked again
	timeline  []Transition
	status    Transition // the latest evaluation, even when it moved no state; its Reason is statusWhy's
	statusWhy vote       // the vote behind status, whose reason Status formats
}

// NewEngine returns an engine for programs described by p, in the Starting
// state. It fails only for an invalid profile.
func NewEngine(p Profile, opts ...Option) (*Engine, error) {
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("ready: profile %q: %w", p.Name, err)
	}
	sigs, names, err := buildSignals(p)
	if err != nil {
		return nil, fmt.Errorf("ready: profile %q: %w", p.Name, err)
	}
	e := &Engine{prof: p, signals: sigs, names: names, stuckAfter: defaultStuck, kept: make([]keptVote, len(sigs))}
	for i, s := range sigs {
		_, e.kept[i].steady = s.(steady)
	}
	e.f.setUp(p)
	for _, o := range opts {
		o(e)
	}
	if !e.startAt.IsZero() {
		e.start(e.startAt, "program started")
		e.decide(e.startAt, nil)
	}
	return e, nil
}

// Name returns "ttyrig/" and the profile's name.
func (e *Engine) Name() string { return "ttyrig/" + e.prof.Name }

// Profile returns the profile the engine decides with.
func (e *Engine) Profile() Profile { return e.prof }

func (e *Engine) start(t time.Time, why string) {
	e.started, e.f.now, e.f.ref = true, t, t
	e.timeline = append(e.timeline, Transition{Time: t, State: Starting, Signal: SignalOutput, By: "start", Reason: why})
}

// Observe feeds one event and returns the transitions it caused.
func (e *Engine) Observe(ev Event) []Transition {
	if e.exited {
		return nil
	}
	var out []Transition
	if !e.started {
		e.start(ev.Time, "first "+ev.Kind.String())
		out = append(out, e.timeline[0])
	}
	f := &e.f
	if ev.Time.After(f.now) {
		f.now = ev.Time
	}
	if ev.Kind != Kernel {
		f.rev++ // a kernel view changes the facts only where it says so (kept.go)
	}
	switch ev.Kind {
	case Exit:
		e.exited = true
		return e.emit(out, Transition{Time: f.now, State: Exited, Signal: SignalExit, By: "exit",
			Reason: fmt.Sprintf("the process exited with status %d", ev.Code), Cursor: ev.Screen.Cursor(), Code: ev.Code})
	case Output:
		f.proto.output(ev.Time, ev.Changes)
		e.see(ev.Screen)
	case Input:
		e.see(ev.Screen) // what changed before the input is no reaction to it
		f.proto.input(ev.Data)
		f.input(ev.Time, ev.Data)
	case Resize:
		e.see(ev.Screen)
	}
	for _, sig := range e.signals {
		if o, ok := sig.(observer); ok {
			o.observe(f, ev)
		}
	}
	return e.decide(f.now, out)
}

// see updates the facts and lets the signals take notes of a visible
// change.
func (e *Engine) see(s screen.Snapshot) {
	if !e.f.see(s) {
		return
	}
	for _, sig := range e.signals {
		sig.seen(&e.f)
	}
}

// Tick tells the engine that time has reached now with no new event.
func (e *Engine) Tick(now time.Time) []Transition {
	if e.exited || !e.started {
		return nil
	}
	if now.After(e.f.now) {
		e.f.now = now
	}
	return e.decide(e.f.now, nil)
}

// Deadline returns when Tick must next be called for the engine to decide
// something; false when only a new event can change its mind.
func (e *Engine) Deadline() (time.Time, bool) {
	return e.next, !e.next.IsZero() && !e.exited
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

// Status returns the engine's latest evaluation: the current state with the
// reason it holds now, which may be newer than the transition into it ("busy
// since the input" may have become "busy marker ..."). Reports use it to say
// why a program is still not ready.
func (e *Engine) Status() Transition {
	if e.status.State == "" {
		return e.Current()
	}
	st := e.status
	if st.Reason == "" {
		st.Reason = e.statusWhy.why()
	}
	return st
}

// evaluate asks the signals in order; the first with an opinion decides.
// Every signal asked may schedule the next look.
func (e *Engine) evaluate(now time.Time) vote {
	for i, s := range e.signals {
		var v vote
		if k := e.keptOf(i); k != nil && k.reuse(e.f.rev, now) {
			v.again = k.again // the abstention it made, still true
		} else {
			v = s.vote(&e.f, now)
			if k != nil {
				k.keep(e.f.rev, v)
			}
		}
		e.wake(now, v.again)
		if v.verdict != abstain {
			v.by = e.names[i]
			return v
		}
	}
	// The silence signal always has an opinion; this is unreachable with
	// the core signals registered.
	return hold(SignalOutput, "no signal decided")
}

// keptOf returns where signal i's abstention is kept, nil if it is not a
// steady signal or votes are not kept.
func (e *Engine) keptOf(i int) *keptVote {
	if e.kept == nil || !e.kept[i].steady {
		return nil
	}
	return &e.kept[i]
}

// decide evaluates the state at now and records a transition if it moved.
func (e *Engine) decide(now time.Time, out []Transition) []Transition {
	e.next = time.Time{}
	v := e.evaluate(now)
	var st State
	switch v.verdict {
	case ready:
		st = Ready
		if e.f.view != nil && e.f.view.prompt() != nil && e.f.view.labelOnly {
			// A question whose shape only names it (a widget's list, its
			// item highlighted while the program works too) is asked once
			// the other signals find the program waiting.
			st, v.verdict, v.prompt = Question, question, e.f.view.prompt()
		}
	case question:
		st = Question
	default:
		st = Busy
		if !e.f.waited && e.f.inputAt.IsZero() {
			st = Starting
		}
	}
	if !st.Waiting() && e.stuckAfter > 0 {
		switch {
		case e.Current().State == Stuck:
			e.status, e.statusWhy = Transition{Time: now, State: Stuck, Signal: v.signal, By: "stuck", Cursor: e.Current().Cursor}, v
			return out // stuck until ready, exit or new input
		case now.Sub(e.f.ref) >= e.stuckAfter:
			what := "start"
			if !e.f.inputAt.IsZero() {
				what = "the last input"
			}
			st, v.signal, v.by, v.reason, v.format = Stuck, SignalTimeout, "stuck", fmt.Sprintf("not ready %v after %s (%s)", e.stuckAfter, what, v.why()), ""
		default:
			e.wake(now, e.f.ref.Add(e.stuckAfter))
		}
	}
	var pos screen.Position
	if e.f.view != nil {
		pos = e.f.view.cursor
	}
	var prompt *Prompt
	if st == Question {
		prompt = v.prompt
	}
	tr := Transition{Time: now, State: st, Signal: v.signal, By: v.by, Cursor: pos, Prompt: prompt}
	cur := e.Current()
	if st == cur.State && (st != Question || samePrompt(prompt, cur.Prompt)) {
		if st != Stuck {
			e.status, e.statusWhy = tr, v // the reason is formatted if asked
		}
		return out
	}
	if st.Waiting() && !e.f.waited {
		e.f.waited = true
		e.f.rev++
	}
	tr.Reason = v.why()
	e.status, e.statusWhy = tr, v
	return e.emit(out, tr)
}

func (e *Engine) emit(out []Transition, t Transition) []Transition {
	if n := len(e.timeline); n > 0 && t.Time.Before(e.timeline[n-1].Time) {
		t.Time = e.timeline[n-1].Time
	}
	e.timeline = append(e.timeline, t)
	return append(out, t)
}

// wake asks to be evaluated again at t, if t is after now.
func (e *Engine) wake(now, t time.Time) {
	if t.After(now) && (e.next.IsZero() || t.Before(e.next)) {
		e.next = t
	}
}

func samePrompt(a, b *Prompt) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Kind == b.Kind && a.Text == b.Text && a.Default == b.Default && strings.Join(a.Options, "\x00") == strings.Join(b.Options, "\x00")
}
