package recordings

import (
	"fmt"
	"iter"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// DefaultTail is how long a replay keeps its clock running after the last
// event, so a decision that needs quiet time after the last output (a
// final ready, or stuck) is still made. A replay whose engine stops asking
// for time sooner simply jumps to the end.
const DefaultTail = 10 * time.Second

// waitStep is the most recording time one step of a replay driven by a
// waiter (see Replayer.Changed) covers, so conditions that depend on time
// passing (expect's ToBeStable) are looked at often enough.
const waitStep = 10 * time.Millisecond

// ReplayOption configures a replay.
type ReplayOption func(*replayConfig)

type replayConfig struct {
	runtime    string
	profile    *ready.Profile
	tail       time.Duration
	stuckAfter time.Duration
	stopAt     time.Duration // < 0: no stop
	shadows    []ready.Detector
}

// WithRuntime decides with a named built-in profile ("claude") or a JSON
// profile file, as ready.Resolve reads it, instead of the profile inferred
// from the header's command. An empty name means inferred.
func WithRuntime(name string) ReplayOption { return func(c *replayConfig) { c.runtime = name } }

// WithProfile decides with the given profile.
func WithProfile(p ready.Profile) ReplayOption { return func(c *replayConfig) { c.profile = &p } }

// WithTail sets how long the clock runs on after the last event (default
// DefaultTail).
func WithTail(d time.Duration) ReplayOption { return func(c *replayConfig) { c.tail = max(d, 0) } }

// WithStuckAfter sets the engine's stuck bound, as termtest.WithTimeout does
// live (default 10 s, termtest's default).
func WithStuckAfter(d time.Duration) ReplayOption {
	return func(c *replayConfig) { c.stuckAfter = d }
}

// StopAt ends the replay at offset d into the recording: Run stops there,
// Done is closed there, and later events are never applied.
func StopAt(d time.Duration) ReplayOption { return func(c *replayConfig) { c.stopAt = max(d, 0) } }

// WithShadows feeds other detectors (such as ready.Baselines) the same
// events and timers as the engine, to compare their decisions. A detector
// keeps state: give each replay fresh ones.
func WithShadows(ds ...ready.Detector) ReplayOption {
	return func(c *replayConfig) { c.shadows = append(c.shadows, ds...) }
}

// Replayer plays a recording through a screen and the readiness engine on a
// virtual clock: recorded output goes to screen.Screen.WriteAt and then, with
// the snapshot after it, to the engine; input and resizes reach the engine
// as they do live; the engine's timers fire at their deadlines between
// events. A 30 s session replays in milliseconds, with the same timeline on
// every run.
//
// A Replayer is positioned at a time in the recording and moves with Run,
// At, Step and Transitions. It is an expect.Source, so the assertions of
// package expect work on replays: a wait plays the recording forward until
// its condition holds (see Changed). Its methods are safe for concurrent
// use.
type Replayer struct {
	cast  *Cast
	cfg   replayConfig
	prof  ready.Profile
	start time.Time
	end   time.Time // start + min(last event + tail, StopAt)

	mu      sync.Mutex
	clk     *clock.Virtual
	scr     *screen.Screen
	eng     *ready.Engine
	next    int               // index of the next event to apply
	shots   []screen.Snapshot // the screen at each transition of the timeline
	stepped int               // transitions Step has handed out
	stall   time.Time         // a deadline that did not move when ticked
	last    []byte            // recent output, for Describe
	code    int
	exited  bool
	fresh   bool // the position has not been offered to a waiter yet
	changed chan struct{}
	done    chan struct{}
	ended   bool
}

// Replay prepares a replay of cast, positioned at its start. It decides
// with the profile named by WithRuntime or given by WithProfile, else the
// one inferred from the header's command (ready.ForCommand). It fails for
// an unknown runtime or a cast no terminal could have produced (a size out
// of range, times going backwards); errors name the event's line.
func Replay(cast *Cast, opts ...ReplayOption) (*Replayer, error) {
	cfg := replayConfig{tail: DefaultTail, stuckAfter: 10 * time.Second, stopAt: -1}
	for _, o := range opts {
		o(&cfg)
	}
	if cast == nil {
		return nil, fmt.Errorf("recordings: replay: no recording")
	}
	if err := checkCast(cast); err != nil {
		return nil, fmt.Errorf("recordings: replay: %w", err)
	}
	var prof ready.Profile
	if cfg.profile != nil {
		prof = *cfg.profile
	} else {
		p, err := ready.Resolve(cfg.runtime, strings.Fields(cast.Header.Command))
		if err != nil {
			return nil, fmt.Errorf("recordings: replay: %w", err)
		}
		prof = p
	}
	// The header's timestamp, when there is one, so transitions carry the
	// recording's wall-clock times; a fixed origin otherwise. Either way
	// the timeline is the same on every run.
	start := time.Unix(0, 0).UTC()
	if !cast.Header.Timestamp.IsZero() {
		start = cast.Header.Timestamp
	}
	length := cast.Duration() + cfg.tail
	if cfg.stopAt >= 0 && cfg.stopAt < length {
		length = cfg.stopAt
	}
	r := &Replayer{cast: cast, cfg: cfg, prof: prof, start: start, end: start.Add(length)}
	if err := r.reset(); err != nil {
		return nil, fmt.Errorf("recordings: replay: %w", err)
	}
	return r, nil
}

// ReplayFile reads the recording at path and prepares its replay. Errors
// name the file.
func ReplayFile(path string, opts ...ReplayOption) (*Replayer, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := Replay(c, opts...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// checkCast rejects what a reader never produces but a hand-built Cast may
// hold, so nothing downstream panics on it.
func checkCast(c *Cast) error {
	if err := checkSize(c.Header.Width, c.Header.Height); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	var prev time.Duration
	for i, e := range c.Events {
		at := func() string {
			if e.Line > 0 {
				return fmt.Sprintf("line %d", e.Line)
			}
			return fmt.Sprintf("event %d", i+1)
		}
		switch {
		case e.Time < prev:
			return fmt.Errorf("%s: event time goes backwards (%v < %v)", at(), e.Time, prev)
		case e.Time > maxTime:
			return fmt.Errorf("%s: event time %v is out of range", at(), e.Time)
		case e.Kind == Resize:
			if err := checkSize(e.Cols, e.Rows); err != nil {
				return fmt.Errorf("%s: %w", at(), err)
			}
		}
		prev = e.Time
	}
	return nil
}

// reset puts the replay back at the start of the recording, with a fresh
// screen and engine. Call with r.mu held (or before r is shared).
func (r *Replayer) reset() error {
	var shadows []ready.Detector
	if r.scr == nil {
		shadows = r.cfg.shadows // detectors keep state: only the first run feeds them
	}
	eng, err := ready.NewEngine(r.prof, ready.StuckAfter(r.cfg.stuckAfter), ready.StartAt(r.start), ready.Shadow(shadows...))
	if err != nil {
		return err
	}
	if r.scr != nil {
		_ = r.scr.Close()
	}
	r.clk = clock.NewVirtual(r.start)
	r.scr = screen.New(r.cast.Header.Width, r.cast.Header.Height, screen.WithClock(r.clk))
	r.eng = eng
	r.next, r.stall, r.last, r.code, r.exited, r.fresh = 0, time.Time{}, nil, 0, false, true
	r.shots = nil
	r.syncShots()
	if r.changed != nil {
		close(r.changed) // whoever waits sees the replay move (back)
	}
	r.changed = make(chan struct{})
	if r.done == nil || r.ended {
		r.done, r.ended = make(chan struct{}), false
	}
	return nil
}

// Close releases the replay's screen.
func (r *Replayer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.scr.Close()
}

// Run replays to the end (the last event plus the tail, or StopAt) and
// returns the whole timeline.
func (r *Replayer) Run() []ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.advance(r.end)
	r.fresh = true
	return r.eng.Timeline()
}

// At moves the replay to offset d into the recording and returns the
// screen then: every event at or before d applied, every timer due by then
// fired. Moving backwards replays again from the start, which is cheap and
// gives the same result, as replay is deterministic.
func (r *Replayer) At(d time.Duration) screen.Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	target := r.start.Add(max(d, 0))
	if target.Before(r.clk.Now()) {
		stepped := r.stepped
		if err := r.reset(); err == nil {
			r.stepped = stepped
		}
	}
	r.advance(target)
	r.fresh = true
	return r.scr.Snapshot()
}

// Step replays until the next state transition that Step has not returned
// yet, and returns it with the screen at that moment; ok is false once the
// replay has ended with no more transitions.
func (r *Replayer) Step() (tr ready.Transition, snap screen.Snapshot, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.shots) <= r.stepped {
		if !r.step(r.end) {
			return ready.Transition{}, r.scr.Snapshot(), false
		}
	}
	r.fresh = true
	tl := r.eng.Timeline()
	r.stepped++
	return tl[r.stepped-1], r.shots[r.stepped-1], true
}

// Transitions iterates over the transitions Step has not returned yet,
// each with the screen at that moment, replaying as it goes:
//
//	for tr, snap := range rep.Transitions() { ... }
func (r *Replayer) Transitions() iter.Seq2[ready.Transition, screen.Snapshot] {
	return func(yield func(ready.Transition, screen.Snapshot) bool) {
		for {
			tr, snap, ok := r.Step()
			if !ok || !yield(tr, snap) {
				return
			}
		}
	}
}

// advance steps until the clock reaches target (at most the end).
func (r *Replayer) advance(target time.Time) {
	for r.step(target) {
	}
}

// step moves the replay by one thing, no later than limit (capped at the
// end): it fires the engine's timer if it is due first, else applies the
// next event, else moves the clock to limit. It reports whether anything
// happened before limit; false means the clock is at limit and nothing more
// is due by then.
func (r *Replayer) step(limit time.Time) bool {
	if limit.After(r.end) {
		limit = r.end
	}
	now := r.clk.Now()
	var evAt time.Time
	haveEv := r.next < len(r.cast.Events)
	if haveEv {
		evAt = r.start.Add(r.cast.Events[r.next].Time)
	}
	dl, haveDl := r.eng.Deadline()
	switch {
	case !haveDl:
	case !r.stall.IsZero() && !dl.After(r.stall):
		// Ticking at this deadline changed nothing and kept it: look again
		// a millisecond later, as a live timer would fire a little late,
		// rather than spin.
		dl = r.stall.Add(time.Millisecond)
	case dl.Before(now):
		dl = now // overdue: decide now
	}
	var trs []ready.Transition
	switch {
	// A timer due at the same moment as an event fires first: it was set
	// before the event arrived.
	case haveDl && !dl.After(limit) && (!haveEv || !dl.After(evAt)):
		r.clk.Set(dl)
		trs = r.eng.Tick(dl)
		r.stall = time.Time{}
		if again, ok := r.eng.Deadline(); ok && !again.After(dl) && len(trs) == 0 {
			r.stall = dl
		}
	case haveEv && !evAt.After(limit):
		if evAt.After(now) {
			r.clk.Set(evAt)
		}
		trs = r.apply(r.cast.Events[r.next], r.clk.Now())
		r.next++
		r.stall = time.Time{}
	default:
		if limit.After(now) {
			r.clk.Set(limit)
		}
		if !limit.Before(r.end) && !r.ended {
			r.ended = true
			close(r.done)
		}
		r.notify()
		return false
	}
	if len(trs) > 0 {
		r.syncShots()
	}
	r.notify()
	return true
}

// syncShots keeps the screen of each new transition.
func (r *Replayer) syncShots() {
	n := len(r.eng.Timeline())
	if len(r.shots) < n {
		snap := r.scr.Snapshot()
		for len(r.shots) < n {
			r.shots = append(r.shots, snap)
		}
	}
}

// apply feeds one recorded event to the screen and the engine the way the
// live terminal does (termtest): output to the screen, then the engine with
// the snapshot after it; input and resizes with the screen as it is.
func (r *Replayer) apply(e Event, at time.Time) []ready.Transition {
	switch e.Kind {
	case Output:
		data := []byte(e.Data)
		r.scr.WriteAt(at, data)
		r.keepLast(data)
		return r.eng.Observe(ready.Event{Time: at, Kind: ready.Output, Data: data, Screen: r.scr.Snapshot()})
	case Input:
		return r.eng.Observe(ready.Event{Time: at, Kind: ready.Input, Data: []byte(e.Data), Screen: r.scr.Snapshot()})
	case Resize:
		r.scr.Resize(e.Cols, e.Rows)
		return r.eng.Observe(ready.Event{Time: at, Kind: ready.Resize, Screen: r.scr.Snapshot()})
	case Exit:
		return r.exit(at, e.Code)
	case Kernel:
		return r.eng.Observe(ready.Event{Time: at, Kind: ready.Kernel, Kernel: e.Kernel})
	case Marker:
		if code, ok := exitMarkerCode(e.Data); ok {
			return r.exit(at, code)
		}
	}
	return nil
}

// exitMarkerCode reads the "exit N" marker a v2 Writer writes in place of
// an exit event.
func exitMarkerCode(label string) (int, bool) {
	if !strings.HasPrefix(label, exitMarker) {
		return 0, false
	}
	code, err := strconv.Atoi(strings.TrimPrefix(label, exitMarker))
	return code, err == nil
}

func (r *Replayer) exit(at time.Time, code int) []ready.Transition {
	if r.exited {
		return nil
	}
	r.exited, r.code = true, code
	return r.eng.Observe(ready.Event{Time: at, Kind: ready.Exit, Code: code, Screen: r.scr.Snapshot()})
}

func (r *Replayer) keepLast(p []byte) {
	const kept = 2048
	r.last = append(r.last, p...)
	if len(r.last) > kept {
		r.last = append(r.last[:0], r.last[len(r.last)-kept:]...)
	}
}

func (r *Replayer) notify() {
	close(r.changed)
	r.changed = make(chan struct{})
}

// closed is a channel that is always closed.
var closed = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// Snapshot returns the screen at the replay's current position.
func (r *Replayer) Snapshot() screen.Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.scr.Snapshot()
}

// Changed moves the replay on and returns a closed channel, so that
// expect.Wait, which takes Changed before each look at the screen, plays
// the recording forward one step per look until its condition holds and
// leaves the replay at that moment. A step is the next event, the next
// engine timer, or 10 ms of recording time, whichever comes first. The
// first call after the replay was positioned (by Replay, Run, At or Step)
// does not move it, so the screen there is looked at too. At the end of
// the replay Changed returns a channel that is never closed; Done is
// closed then.
func (r *Replayer) Changed() <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return r.changed
	}
	if r.fresh {
		r.fresh = false
		return closed
	}
	r.step(r.clk.Now().Add(waitStep))
	return closed
}

// Done is closed once the replay has reached its end.
func (r *Replayer) Done() <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done
}

// Now returns the replay's current virtual time; expect uses it to judge
// stability in the recording's time.
func (r *Replayer) Now() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.clk.Now()
}

// Offset returns how far into the recording the replay is.
func (r *Replayer) Offset() time.Duration { return r.Now().Sub(r.start) }

// Start returns the virtual time the recording starts at: transition times
// minus Start are offsets into the recording.
func (r *Replayer) Start() time.Time { return r.start }

// End returns the offset at which the replay ends: the last event plus the
// tail, or the StopAt offset.
func (r *Replayer) End() time.Duration { return r.end.Sub(r.start) }

// Cast returns the recording being replayed.
func (r *Replayer) Cast() *Cast { return r.cast }

// ExitCode returns the recorded exit status once the replay has passed it.
func (r *Replayer) ExitCode() (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.code, r.exited
}

// Timeline returns the transitions up to the replay's current position.
func (r *Replayer) Timeline() []ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.eng.Timeline()
}

// State returns the latest transition up to the replay's current position.
func (r *Replayer) State() ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.eng.Current()
}

// Profile returns the profile the replay decides with.
func (r *Replayer) Profile() ready.Profile { return r.prof }

// Describe explains the replay's state for failure messages: where it is,
// the screen with the cursor marked, the last output and the timeline.
func (r *Replayer) Describe() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	snap := r.scr.Snapshot()
	var b strings.Builder
	fmt.Fprintf(&b, "replay of %q (profile %s) at +%.3fs, event %d of %d\n", r.cast.Header.Command, r.prof.Name,
		r.clk.Now().Sub(r.start).Seconds(), r.next, len(r.cast.Events))
	b.WriteString(snap.String())
	fmt.Fprintf(&b, "last %d bytes of output: %s\n", len(r.last), strconv.Quote(string(r.last)))
	b.WriteString("readiness timeline:\n")
	for _, tr := range r.eng.Timeline() {
		fmt.Fprintf(&b, "  +%.3fs %-8s cursor %-6s %s\n", tr.Time.Sub(r.start).Seconds(), tr.State, tr.Cursor, tr.Reason)
	}
	return b.String()
}
