package ready

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Detector turns a terminal's events into readiness transitions. The Engine
// is one; the baselines it is measured against (baseline.go) are others.
// Implementations never sleep, start goroutines or read the wall clock.
type Detector interface {
	// Name says which detector this is, for tables and reports.
	Name() string
	// Observe feeds one event and returns the transitions it caused.
	Observe(ev Event) []Transition
	// Tick tells the detector that time has reached now with no new event.
	Tick(now time.Time) []Transition
	// Deadline returns when Tick must next be called for the detector to
	// decide something; false when only a new event can change its mind.
	Deadline() (time.Time, bool)
	// Current returns the latest transition.
	Current() Transition
	// Timeline returns every transition so far, oldest first.
	Timeline() []Transition
}

// Option configures an Engine.
type Option func(*Engine)

// StuckAfter sets how long the program may stay not ready after it started
// or after the last input before the engine calls it Stuck (default 30 s;
// zero disables it).
func StuckAfter(d time.Duration) Option { return func(e *Engine) { e.stuckAfter = d } }

// StartAt tells the engine the program started at t, before any event, so
// a program that prints nothing is reported stuck in time.
func StartAt(t time.Time) Option { return func(e *Engine) { e.startAt = t } }

// Shadow feeds every event and tick to other detectors as well, so they can
// be compared with the engine on exactly the same stream. Their transitions
// are theirs; the engine's Deadline includes theirs so they are ticked on
// time.
func Shadow(ds ...Detector) Option { return func(e *Engine) { e.shadows = append(e.shadows, ds...) } }

const (
	defaultStuck = 30 * time.Second
	syncLimit    = time.Second            // a synchronized update held longer is shown anyway (as terminals do)
	probeHold    = 500 * time.Millisecond // quiet required right after a terminal query
)

// Engine is the readiness state machine: it is fed a terminal's events with
// the screen after each, and decides, strongest signal first, whether the
// program is starting, busy, ready, asking a question, exited or stuck. It
// is deterministic: time comes only from the events and from Tick. It is not
// safe for concurrent use; its owner (a live terminal or a replay)
// serialises calls.
type Engine struct {
	prof                 Profile
	busy, idle, question []compiledMarker
	startedBy            []compiledMarker // start-up is over once one matched
	startupDone          bool
	restartAt            time.Time // start of the burst of output that drew a Restart marker
	burstStart           time.Time // first change after the screen was last quiet (Quiet long)
	stuckAfter           time.Duration
	startAt              time.Time
	shadows              []Detector

	started   bool
	now       time.Time // latest time seen
	ref       time.Time // start of the current wait for readiness: start or last input
	view      *view     // the screen as last seen
	rowTimes  []time.Time
	titleTime time.Time
	// lastChange is when the screen last changed visibly; lastSolid the
	// same, leaving out repeat frames of a region already seen animating
	// (the alternate screen's clocks and counters).
	lastChange, lastSolid time.Time
	syncOpen              bool
	syncSince             time.Time
	anim                  animation
	proto                 protocols
	kern                  kernelSignal // the kernel's view (kernel.go)

	inputAt  time.Time
	answered *Prompt // the question on screen when input was last sent
	awaiting bool    // input sent, no visible reaction yet
	waited   bool    // a Ready or Question state was reached at least once
	exited   bool

	next     time.Time // when evaluate wants to be asked again
	timeline []Transition
	status   Transition // the latest evaluation, even when it moved no state
}

// NewEngine returns an engine for programs described by p, in the Starting
// state. It fails only for an invalid profile.
func NewEngine(p Profile, opts ...Option) (*Engine, error) {
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("ready: profile %q: %w", p.Name, err)
	}
	e := &Engine{prof: p, stuckAfter: defaultStuck, startupDone: len(p.Started) == 0}
	for _, set := range []struct {
		in  []Marker
		out *[]compiledMarker
	}{{p.Busy, &e.busy}, {p.Idle, &e.idle}, {p.Question, &e.question}, {p.Started, &e.startedBy}} {
		for _, m := range set.in {
			c, _ := m.compile() // Validate compiled them already
			*set.out = append(*set.out, c)
		}
	}
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
	e.started, e.now, e.ref = true, t, t
	e.timeline = append(e.timeline, Transition{Time: t, State: Starting, Signal: SignalOutput, Reason: why})
}

// Observe feeds one event and returns the transitions it caused.
func (e *Engine) Observe(ev Event) []Transition {
	for _, s := range e.shadows {
		s.Observe(ev)
	}
	if e.exited {
		return nil
	}
	var out []Transition
	if !e.started {
		e.start(ev.Time, "first "+ev.Kind.String())
		out = append(out, e.timeline[0])
	}
	if ev.Time.After(e.now) {
		e.now = ev.Time
	}
	if ev.Kind == Kernel {
		e.observeKernel(ev)
	} else {
		e.kern.heard()
	}
	switch ev.Kind {
	case Exit:
		e.exited = true
		return e.emit(out, Transition{Time: e.now, State: Exited, Signal: SignalExit,
			Reason: fmt.Sprintf("the process exited with status %d", ev.Code), Cursor: ev.Screen.Cursor(), Code: ev.Code})
	case Output:
		e.proto.output(ev.Data)
		e.see(ev.Screen)
	case Input:
		e.see(ev.Screen) // what changed before the input is no reaction to it
		e.proto.input(ev.Data)
		e.inputAt, e.awaiting, e.ref = ev.Time, true, ev.Time
		e.answered = nil
		if e.view != nil {
			e.answered = e.view.prompt
		}
	case Resize:
		e.see(ev.Screen)
	}
	return e.decide(e.now, out)
}

// Tick tells the engine that time has reached now with no new event.
func (e *Engine) Tick(now time.Time) []Transition {
	for _, s := range e.shadows {
		s.Tick(now)
	}
	if e.exited || !e.started {
		return nil
	}
	if now.After(e.now) {
		e.now = now
	}
	return e.decide(e.now, nil)
}

// Deadline returns when Tick must next be called for the engine (or a
// shadow detector) to decide something.
func (e *Engine) Deadline() (time.Time, bool) {
	d, ok := e.next, !e.next.IsZero() && !e.exited
	for _, s := range e.shadows {
		if sd, sok := s.Deadline(); sok && (!ok || sd.Before(d)) {
			d, ok = sd, true
		}
	}
	return d, ok
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

// see takes in the screen after an event: which rows changed, whether that
// was an animation frame, what markers and questions are on it now.
func (e *Engine) see(s screen.Snapshot) {
	if s.SyncOpen() != e.syncOpen {
		e.syncOpen, e.syncSince = s.SyncOpen(), e.now
	}
	_, rows := s.Size()
	if rows == 0 {
		return // no screen with this event
	}
	// The screen's change time says whether anything changed, except when
	// two events share an instant (a replay, a coarse clock): then compare.
	if e.view != nil && !s.Changed().After(e.view.snap.Changed()) && len(e.view.rows) == rows &&
		(s.Changed().Before(e.view.snap.Changed()) || sameScreen(e.view.snap, s)) {
		e.view.snap = s
		return
	}
	t := s.Changed()
	if t.IsZero() || t.After(e.now) {
		t = e.now
	}
	if e.view == nil || t.Sub(e.lastChange) >= e.prof.Quiet.D() {
		e.burstStart = t
	}
	nv := newView(s)
	over, grown := changedRows(e.view, nv)
	if len(e.rowTimes) != rows {
		e.rowTimes = make([]time.Time, rows)
	}
	for _, r := range append(over, grown...) {
		e.rowTimes[r-1] = t
	}
	repeat := true // every part of this change repaints a region already animating
	if n := len(over) + len(grown); n > 0 && n <= animMaxRows {
		rows := append(slices.Clone(over), grown...)
		key := rowKey(rows)
		repeat = len(grown) == 0 && e.anim.seen(t, key)
		e.anim.add(t, key, rows, len(over) > 0)
	} else if n > 0 {
		// A large redraw moves content around: what a row showed before
		// says nothing about its next change.
		e.anim.forget(append(over, grown...))
		repeat = false
	}
	oldTitle := ""
	if e.view != nil {
		oldTitle = e.view.snap.Title()
	}
	if title := s.Title(); e.view == nil || title != oldTitle {
		e.titleTime = t
		if e.view != nil && oldTitle != "" && !strings.HasPrefix(title, oldTitle) {
			repeat = repeat && e.anim.seen(t, "title")
			e.anim.add(t, "title", nil, true)
		} else {
			repeat = false
		}
	}
	if e.view == nil || nv.cursor != e.view.cursor || s.CursorVisible() != e.view.snap.CursorVisible() {
		repeat = false
	}
	if !repeat {
		e.lastSolid = t
	}
	nv.busy, nv.idle, nv.question = nv.matchAll(e.busy), nv.matchAll(e.idle), nv.matchAll(e.question)
	for _, h := range nv.busy {
		if h.marker.Restart && e.startupDone {
			// A program redraws its screen when it restarts, often in the
			// same frame as the message: what that frame drew counts as
			// drawn anew, even a few rows (and a few reads) before the
			// message itself.
			e.startupDone, e.restartAt = false, e.burstStart
		}
	}
	if !e.startupDone {
		for _, h := range nv.matchAll(e.startedBy) {
			// After a restart, a marker counts only where it was drawn anew.
			drawn := e.titleTime
			if h.row > 0 {
				drawn = e.rowTimes[h.row-1]
			}
			if e.restartAt.IsZero() || !drawn.Before(e.restartAt) {
				e.startupDone = true
			}
		}
	}
	nv.prompt = findPrompt(nv)
	if len(nv.question) > 0 {
		q := nv.question[0]
		if nv.prompt == nil {
			nv.prompt = &Prompt{Kind: q.marker.Name, Text: q.text, Default: -1}
		} else if nv.prompt.Kind == "options" || nv.prompt.Kind == "permission" {
			nv.prompt.Kind = q.marker.Name
		}
	}
	e.view = nv
	e.lastChange = t
	e.awaiting = false // a visible change is the program's reaction
}

// sameScreen reports whether two snapshots show the same text, cursor and
// title.
func sameScreen(a, b screen.Snapshot) bool {
	if a.Cursor() != b.Cursor() || a.CursorVisible() != b.CursorVisible() || a.Title() != b.Title() || a.AltScreen() != b.AltScreen() {
		return false
	}
	_, n := a.Size()
	for r := 1; r <= n; r++ {
		if a.Row(r) != b.Row(r) {
			return false
		}
	}
	return true
}

func rowKey(rows []int) string {
	rows = slices.Sorted(slices.Values(rows))
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = fmt.Sprint(r)
	}
	if len(rows) == 1 {
		return "row " + parts[0]
	}
	return "rows " + strings.Join(parts, ",")
}

// decision is what evaluate concluded.
type decision struct {
	state  State
	signal Signal
	reason string
	prompt *Prompt
}

// decide evaluates the state at now and records a transition if it moved.
func (e *Engine) decide(now time.Time, out []Transition) []Transition {
	e.next = time.Time{}
	d := e.evaluate(now)
	if !d.state.Waiting() && e.stuckAfter > 0 {
		switch {
		case e.Current().State == Stuck:
			e.status = Transition{Time: now, State: Stuck, Signal: d.signal, Reason: d.reason, Cursor: e.Current().Cursor}
			return out // stuck until ready, exit or new input
		case now.Sub(e.ref) >= e.stuckAfter:
			what := "start"
			if !e.inputAt.IsZero() {
				what = "the last input"
			}
			d = decision{state: Stuck, signal: SignalTimeout,
				reason: fmt.Sprintf("not ready %v after %s (%s)", e.stuckAfter, what, d.reason)}
		default:
			e.wake(now, e.ref.Add(e.stuckAfter))
		}
	}
	var pos screen.Position
	if e.view != nil {
		pos = e.view.cursor
	}
	tr := Transition{Time: now, State: d.state, Signal: d.signal, Reason: d.reason, Cursor: pos, Prompt: d.prompt}
	cur := e.Current()
	if d.state == cur.State && (d.state != Question || samePrompt(d.prompt, cur.Prompt)) {
		if d.state != Stuck {
			e.status = tr
		}
		return out
	}
	if d.state.Waiting() {
		e.waited = true
	}
	e.status = tr
	return e.emit(out, tr)
}

// Status returns the engine's latest evaluation: the current state with the
// reason it holds now, which may be newer than the transition into it ("busy
// since the input" may have become "busy marker ..."). Reports use it to say
// why a program is still not ready.
func (e *Engine) Status() Transition {
	if e.status.State == "" {
		return e.Current()
	}
	return e.status
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

// notReady is the state for "not yet": Starting until the program was first
// ready or given input, Busy after.
func (e *Engine) notReady(sig Signal, format string, args ...any) decision {
	st := Busy
	if !e.waited && e.inputAt.IsZero() {
		st = Starting
	}
	return decision{state: st, signal: sig, reason: fmt.Sprintf(format, args...)}
}

// evaluate decides the state at now from what the engine has seen, the
// strongest signal first, and schedules the next look.
func (e *Engine) evaluate(now time.Time) decision {
	if e.awaiting {
		return e.notReady(SignalInput, "input sent; waiting for the program to react")
	}
	v := e.view
	if v == nil {
		return e.notReady(SignalOutput, "no output yet")
	}
	p := e.prof
	quiet := now.Sub(e.lastChange)
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }

	// A half-drawn synchronized frame says nothing yet.
	if e.syncOpen && now.Sub(e.syncSince) < syncLimit {
		e.wake(now, e.syncSince.Add(syncLimit))
		return e.notReady(SignalOutput, "synchronized update open")
	}

	// 1. The program says it reads input (OSC 133;B).
	if why, ok := e.proto.ready(); ok {
		return decision{state: Ready, signal: SignalProtocol, reason: why}
	}

	// The kernel: blocked reading the terminal, or not waiting on it.
	if d, ok := e.kernelDecision(v, now); ok {
		return d
	}

	// 2. A question on screen, once it has stopped being drawn. Waiting
	// beats busy: a permission dialog may sit under a busy footer.
	if v.prompt != nil && !e.movedOn() {
		if opt, ok := checked(e.answered, v.prompt); ok {
			// Claude Code ticks the chosen option and leaves the dialog up
			// while it acts on the answer (~0.2 s, longer under load).
			return e.notReady(SignalPattern, "question answered (%q ticked); waiting for the program to move on", opt)
		}
		if quiet >= p.Quiet.D() {
			return decision{state: Question, signal: SignalPattern, prompt: v.prompt,
				reason: fmt.Sprintf("%s question on screen, still for %v", v.prompt.Kind, ms(quiet))}
		}
		e.wake(now, e.lastChange.Add(p.Quiet.D()))
	}

	// The program has not finished starting: its input box may be drawn,
	// but what is typed now is queued or lost.
	if _, ok := e.proto.idle(); ok && !e.startupDone {
		e.startupDone = true // the program said so itself (OSC 7501 idle)
	}
	if !e.startupDone {
		return e.notReady(SignalMarker, "start-up not finished: no %q on screen yet", e.startedBy[0].Name)
	}

	// 3. The program says it works (OSC 7501, OSC 9;4, a shell between
	// command and prompt).
	if why, ok := e.proto.busy(); ok {
		return e.notReady(SignalProtocol, "%s", why)
	}

	// 4. A busy marker of the profile.
	if h := e.busyHit(now); h != nil {
		where := h.marker.Region.String()
		if h.row > 0 {
			where = fmt.Sprintf("row %d", h.row)
		}
		return e.notReady(SignalMarker, "busy marker %q at %s: %q", h.marker.Name, where, clip(h.text, 60))
	}

	// 5. Cursor at an input position on a screen still for long enough.
	alt := v.snap.AltScreen()
	need, needWhy := p.Settle.D(), "no prompt glyph before the cursor"
	switch {
	case alt:
		// A full-screen program parks its cursor anywhere and repaints
		// clocks and counters while it waits for keys: a still frame is
		// the signal, and repeat frames of an animated region do not count
		// as change.
		need, needWhy, quiet = p.Quiet.D(), "full-screen frame", now.Sub(e.lastSolid)
	case v.atPrompt():
		need, needWhy = p.Quiet.D(), fmt.Sprintf("after prompt %q", clip(v.before, 20))
	}
	idleWhy := ""
	if len(v.idle) > 0 {
		idleWhy = fmt.Sprintf("idle marker %q", v.idle[0].marker.Name)
	} else if why, ok := e.proto.idle(); ok {
		idleWhy = why
	}
	if idleWhy != "" {
		need, needWhy = p.Quiet.D(), idleWhy
	} else if aq, why := e.anim.quiet(now); aq > need && !alt {
		need, needWhy = aq, "animation: "+why
		if quiet < aq {
			e.wake(now, e.lastChange.Add(aq))
			return e.notReady(SignalAnimation, "%s; waiting for %v without change", why, ms(aq))
		}
	}
	if e.proto.scan.queryPending && need < probeHold {
		need, needWhy = probeHold, "terminal query "+e.proto.scan.lastQuery+" was the last output"
	}
	// A clear followed by more drawing later is a redraw in stages; a clear
	// drawn over in the same burst is one complete frame.
	if clr := v.snap.LastClear(); !clr.IsZero() && now.Sub(clr) < p.ClearGuard.D() && e.lastChange.Sub(clr) > p.Quiet.D() {
		e.wake(now, clr.Add(p.ClearGuard.D()))
		return e.notReady(SignalOutput, "screen cleared %v ago and redrawn in stages since", ms(now.Sub(clr)))
	}
	at, notWhy := e.inputPosition(v, e.lowestChanged(p.Quiet.D()))
	if at {
		if quiet >= need {
			return decision{state: Ready, signal: SignalCursor,
				reason: fmt.Sprintf("cursor at input position %s, screen still for %v (needs %v: %s)", v.cursor, ms(quiet), ms(need), needWhy)}
		}
		e.wake(now, now.Add(need-quiet))
	}

	// 6. Silence, wherever the cursor is.
	if quiet >= p.Silence.D() {
		return decision{state: Ready, signal: SignalSilence,
			reason: fmt.Sprintf("no change for %v (%s)", ms(quiet), notWhy)}
	}
	e.wake(now, e.lastChange.Add(p.Silence.D()))
	if at {
		return e.notReady(SignalOutput, "screen changed %v ago; cursor at input position %s needs %v still (%s)", ms(quiet), v.cursor, ms(need), needWhy)
	}
	return e.notReady(SignalOutput, "screen changed %v ago; %s", ms(quiet), notWhy)
}

// busyHit returns the first busy marker that counts now: one without a
// freshness window, or one whose row changed within it.
func (e *Engine) busyHit(now time.Time) *hit {
	var found *hit
	for i := range e.view.busy {
		h := &e.view.busy[i]
		if h.marker.Fresh == 0 {
			return h
		}
		t := e.titleTime
		if h.row > 0 && h.row <= len(e.rowTimes) {
			t = e.rowTimes[h.row-1]
		}
		if until := t.Add(h.marker.Fresh.D()); now.Before(until) {
			e.wake(now, until)
			if found == nil {
				found = h
			}
		}
	}
	return found
}

// movedOn reports whether a busy marker says the program has left the
// question on screen behind.
func (e *Engine) movedOn() bool {
	for _, h := range e.view.busy {
		if h.marker.Restart {
			return true
		}
	}
	return false
}

// checked reports whether now is the question that was answered with its
// chosen option since marked done (✔ or ✓ after it), and returns that
// option.
func checked(answered, now *Prompt) (string, bool) {
	if answered == nil || now.Kind != answered.Kind || now.Text != answered.Text ||
		len(now.Options) != len(answered.Options) || now.Default < 0 || now.Default >= len(now.Options) {
		return "", false
	}
	opt := strings.TrimSpace(now.Options[now.Default])
	for _, mark := range []string{"✔", "✓"} {
		if rest, ok := strings.CutSuffix(opt, mark); ok && strings.TrimSpace(rest) == strings.TrimSpace(answered.Options[now.Default]) {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

func samePrompt(a, b *Prompt) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Kind == b.Kind && a.Text == b.Text && a.Default == b.Default && strings.Join(a.Options, "\x00") == strings.Join(b.Options, "\x00")
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
