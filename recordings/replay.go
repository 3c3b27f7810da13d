package recordings

import (
	"fmt"
	"iter"
	"sync"
	"time"
	"unsafe"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/session"
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
	tap        func(ready.Event)
}

// WithRuntime decides with a named built-in profile ("claude") or a JSON
// profile file, as ready.Resolve reads it, instead of the profile inferred
// from the header's command. An empty name means inferred.
func WithRuntime(name string) ReplayOption { return func(c *replayConfig) { c.runtime = name } }

// WithProfile decides with the given profile.
func WithProfile(p ready.Profile) ReplayOption { return func(c *replayConfig) { c.profile = &p } }

// WithStuckAfter sets the engine's stuck bound, as termtest.WithTimeout does
// live (default session.DefaultStuckAfter, termtest's default too).
func WithStuckAfter(d time.Duration) ReplayOption {
	return func(c *replayConfig) { c.stuckAfter = d }
}

// StopAt ends the replay at offset d into the recording: Run stops there,
// Done is closed there, and later events are never applied.
func StopAt(d time.Duration) ReplayOption { return func(c *replayConfig) { c.stopAt = max(d, 0) } }

// WithTap calls f with every event the replay feeds the engine, as it feeds
// it: to run other detectors or analyses on exactly the same stream. Only
// the replay's first pass calls it (moving backwards replays again from the
// start, unseen). An event's Data is the recording's own memory: f may keep
// it but must not change it.
func WithTap(f func(ready.Event)) ReplayOption { return func(c *replayConfig) { c.tap = f } }

// Replayer plays a recording through a session.Session, the one a live
// terminal feeds, on a virtual clock: each recorded event is applied at its
// time, and the engine's timers fire at their deadlines between events. A
// 30 s session replays in milliseconds, with the same timeline on every
// run and the same as the live session's.
//
// A Replayer is positioned at a time in the recording and moves with Run,
// At, Step and Transitions. It is an expect.Source, so the assertions of
// package expect work on replays: a wait plays the recording forward until
// its condition holds (see Changed). Its methods are safe for concurrent
// use.
type Replayer struct {
	cast  *asciicast.Cast
	cfg   replayConfig
	prof  ready.Profile
	start time.Time
	end   time.Time           // start + min(last event + tail, StopAt)
	views map[int]kernel.View // the kernel events' observations, by event index

	mu      sync.Mutex
	clk     *clock.Virtual
	sess    *session.Session
	next    int    // index of the next event to apply
	shots   []shot // the transitions Step has not handed out yet, with their screens
	seen    int    // transitions so far
	stepped int    // transitions Step has handed out
	// keeping: Step or Changed has been called, so the screen of each
	// transition is kept until Step hands it out. Before, none is (Run and
	// At hold no screen per transition), and keepScreens replays to where
	// the replay is to take them.
	keeping bool
	stall   time.Time // a deadline that did not move when ticked
	fresh   bool      // the position has not been offered to a waiter yet
	changed chan struct{}
	done    chan struct{}
	ended   bool
}

// shot is a transition and the screen at that moment.
type shot struct {
	tr   ready.Transition
	snap screen.Snapshot
}

// Replay prepares a replay of cast, positioned at its start. It decides
// with the profile named by WithRuntime or given by WithProfile, else the
// one inferred from the header's command (read back as argv with
// asciicast.SplitCommand, as termtest wrote it). It fails for
// an unknown runtime or a cast no terminal could have produced (times
// going backwards, a size past asciicast.MaxCols×MaxRows: the largest
// screen ttyrig emulates, which the reader refuses too); errors name the
// event's line or the header's field.
func Replay(cast *asciicast.Cast, opts ...ReplayOption) (*Replayer, error) {
	cfg := replayConfig{tail: DefaultTail, stuckAfter: session.DefaultStuckAfter, stopAt: -1}
	for _, o := range opts {
		o(&cfg)
	}
	if cast == nil {
		return nil, fmt.Errorf("recordings: replay: no recording")
	}
	if err := cast.Check(); err != nil {
		return nil, fmt.Errorf("recordings: replay: %w", err)
	}
	views, err := kernelViews(cast)
	if err != nil {
		return nil, fmt.Errorf("recordings: replay: %w", err)
	}
	var prof ready.Profile
	if cfg.profile != nil {
		prof = *cfg.profile
	} else {
		p, err := ready.Resolve(cfg.runtime, cast.Header.Argv())
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
	r := &Replayer{cast: cast, cfg: cfg, prof: prof, start: start, end: start.Add(length), views: views}
	if err := r.reset(); err != nil {
		return nil, fmt.Errorf("recordings: replay: %w", err)
	}
	return r, nil
}

// ReplayFile reads the recording at path and prepares its replay. Errors
// name the file.
func ReplayFile(path string, opts ...ReplayOption) (*Replayer, error) {
	c, err := asciicast.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := Replay(c, opts...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// reset puts the replay back at the start of the recording, with a fresh
// screen and engine. Call with r.mu held (or before r is shared).
func (r *Replayer) reset() error {
	var tap func(ready.Event)
	if r.sess == nil {
		tap = r.cfg.tap // only the first pass is tapped
	}
	clk := clock.NewVirtual(r.start)
	sess, err := session.New(r.cast.Header.Width, r.cast.Header.Height, r.start,
		session.WithCommand(r.cast.Header.Argv()),
		session.WithProfile(r.prof),
		session.WithStuckAfter(r.cfg.stuckAfter),
		session.WithTap(tap),
		session.WithClock(clk))
	if err != nil {
		return err
	}
	if r.sess != nil {
		_ = r.sess.Close()
	}
	r.clk, r.sess = clk, sess
	r.next, r.stall, r.fresh = 0, time.Time{}, true
	r.shots, r.seen = nil, 0
	r.keep(r.sess.Timeline())
	r.notify() // whoever waits sees the replay move (back)
	if r.done == nil || r.ended {
		r.done, r.ended = make(chan struct{}), false
	}
	return nil
}

// Close releases the replay's session.
func (r *Replayer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sess.Close()
}

// Run replays to the end (the last event plus the tail, or StopAt) and
// returns the whole timeline.
func (r *Replayer) Run() []ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.advance(r.end)
	r.fresh = true
	return r.sess.Timeline()
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
	return r.sess.Snapshot()
}

// Step replays until the next state transition that Step has not returned
// yet, and returns it with the screen at that moment; ok is false once the
// replay has ended with no more transitions.
func (r *Replayer) Step() (tr ready.Transition, snap screen.Snapshot, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.keepScreens()
	for len(r.shots) == 0 {
		if !r.step(r.end) {
			return ready.Transition{}, r.sess.Snapshot(), false
		}
	}
	r.fresh = true
	sh := r.shots[0]
	r.shots[0] = shot{} // its screen goes with it
	r.shots = r.shots[1:]
	r.stepped++
	return sh.tr, sh.snap, true
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
	dl, haveDl := r.sess.Deadline()
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
		trs = r.sess.Tick(dl)
		r.stall = time.Time{}
		if again, ok := r.sess.Deadline(); ok && !again.After(dl) && len(trs) == 0 {
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
	r.keep(trs)
	r.notify()
	return true
}

// keepScreens turns keeping on. If transitions Step has not handed out
// have passed, the replay got here by Run or At alone (Changed and Step
// turn keeping on first), so a replay from the start to here, keeping
// their screens, comes to the same place: replay is deterministic.
func (r *Replayer) keepScreens() {
	if r.keeping {
		return
	}
	r.keeping = true
	if r.seen <= r.stepped {
		return
	}
	at, stepped, fresh := r.clk.Now(), r.stepped, r.fresh
	if err := r.reset(); err == nil {
		r.stepped = stepped
		r.advance(at)
		r.fresh = fresh
	}
}

// keep counts the new transitions trs and, while Step is in use, keeps
// each with the screen now, for Step to hand out, except those Step has
// already handed out (a replay that moved back comes past them again).
func (r *Replayer) keep(trs []ready.Transition) {
	if len(trs) == 0 {
		return
	}
	var snap screen.Snapshot
	taken := false
	for _, tr := range trs {
		r.seen++
		if !r.keeping || r.seen <= r.stepped {
			continue
		}
		if !taken {
			snap, taken = r.sess.Snapshot(), true
		}
		r.shots = append(r.shots, shot{tr: tr, snap: snap})
	}
}

// apply feeds one recorded event to the session, as the live terminal
// fed it when it happened.
func (r *Replayer) apply(e asciicast.Event, at time.Time) []ready.Transition {
	switch e.Kind {
	case asciicast.Output:
		return r.sess.Output(at, bytesOf(e.Data))
	case asciicast.Input:
		return r.sess.Input(at, bytesOf(e.Data))
	case asciicast.Resize:
		return r.sess.Resize(at, e.Cols, e.Rows)
	case asciicast.Kernel:
		return r.sess.Kernel(at, r.views[r.next])
	case asciicast.Exit, asciicast.Marker:
		if code, ok := e.ExitStatus(); ok {
			return r.sess.Exit(at, code)
		}
	}
	return nil
}

// bytesOf returns the bytes of s without copying them: a replay hands
// every recorded byte to the session, which only reads what it is given
// (the screen copies before it changes a byte, oscfix.go; the session
// keeps a copy of the last output), and a copy of each was a tenth of a
// replay's allocation. Nothing may write to them.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// kernelViews reads the observations of a recording's kernel events
// (asciicast.Kernel), so a bad one fails the replay before it starts,
// naming its line.
func kernelViews(c *asciicast.Cast) (map[int]kernel.View, error) {
	var views map[int]kernel.View
	parsed := map[string]kernel.View{} // a session repeats a handful of views hundreds of times
	for i, e := range c.Events {
		if e.Kind != asciicast.Kernel {
			continue
		}
		v, ok := parsed[e.Data]
		var err error
		if !ok {
			v, err = kernel.ParseView(e.Data)
			parsed[e.Data] = v
		}
		if err != nil {
			if e.Line > 0 {
				return nil, fmt.Errorf("line %d: %w", e.Line, err)
			}
			return nil, fmt.Errorf("event %d: %w", i+1, err)
		}
		if views == nil {
			views = map[int]kernel.View{}
		}
		views[i] = v
	}
	return views, nil
}

// notify wakes whoever holds a channel from Changed. Channels are made
// only when asked for: a replay run through makes none per event.
func (r *Replayer) notify() {
	if r.changed != nil {
		close(r.changed)
		r.changed = nil
	}
}

// closed is a channel that is always closed.
var closed = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// Snapshot returns the screen at the replay's current position.
func (r *Replayer) Snapshot() screen.Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sess.Snapshot()
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
		if r.changed == nil {
			r.changed = make(chan struct{})
		}
		return r.changed
	}
	if r.fresh {
		r.fresh = false
		return closed
	}
	r.keepScreens()
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
func (r *Replayer) Cast() *asciicast.Cast { return r.cast }

// ExitCode returns the recorded exit status once the replay has passed it.
func (r *Replayer) ExitCode() (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sess.ExitCode()
}

// Timeline returns the transitions up to the replay's current position.
func (r *Replayer) Timeline() []ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sess.Timeline()
}

// State returns the latest transition up to the replay's current position.
func (r *Replayer) State() ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sess.Current()
}

// Profile returns the profile the replay decides with.
func (r *Replayer) Profile() ready.Profile { return r.prof }

// Fault returns an error if the emulator panicked on the recording's
// output (screen.Screen.Fault), or nil.
func (r *Replayer) Fault() error { return r.sess.Fault() }

// Describe explains the replay's state for failure messages: where it is,
// then the session's report (the screen with the cursor marked, the last
// output and the timeline).
func (r *Replayer) Describe() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return fmt.Sprintf("replay of %q (profile %s) at +%.3fs, event %d of %d\n", r.cast.Header.Command, r.prof.Name,
		r.clk.Now().Sub(r.start).Seconds(), r.next, len(r.cast.Events)) + r.sess.Describe()
}
