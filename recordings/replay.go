package recordings

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// DefaultTail is how long a replay keeps its clock running after the last
// event, so a ready decision that needs quiet time after the last output is
// still made.
const DefaultTail = 10 * time.Second

// ReplayOption configures a replay.
type ReplayOption func(*replayConfig)

type replayConfig struct {
	runtime    string
	profile    *ready.Profile
	tail       time.Duration
	stuckAfter time.Duration
	shadows    []ready.Detector
}

// WithShadows feeds other detectors (such as ready.Baselines) the same
// events and timers as the engine, to compare their decisions.
func WithShadows(ds ...ready.Detector) ReplayOption {
	return func(c *replayConfig) { c.shadows = append(c.shadows, ds...) }
}

// WithRuntime decides with a named built-in profile or a JSON profile file,
// instead of the one inferred from the header's command.
func WithRuntime(name string) ReplayOption { return func(c *replayConfig) { c.runtime = name } }

// WithProfile decides with the given profile.
func WithProfile(p ready.Profile) ReplayOption { return func(c *replayConfig) { c.profile = &p } }

// WithTail sets how long the clock runs on after the last event (default
// DefaultTail).
func WithTail(d time.Duration) ReplayOption { return func(c *replayConfig) { c.tail = d } }

// WithStuckAfter sets the engine's stuck bound, as termtest.WithTimeout does
// live (default 10 s).
func WithStuckAfter(d time.Duration) ReplayOption { return func(c *replayConfig) { c.stuckAfter = d } }

// Replayer feeds a recording through a screen and the readiness engine on a
// virtual clock: the same code paths a live terminal drives, so a 30 s
// session replays in milliseconds and its state timeline is the same on
// every run. It is an expect.Source, so assertions work on replays.
// Its methods are safe for concurrent use.
type Replayer struct {
	mu      sync.Mutex
	cast    *Cast
	start   time.Time
	clk     *clock.Virtual
	scr     *screen.Screen
	eng     *ready.Engine
	next    int // index of the next event to apply
	stepped int // transitions Step has returned
	end     time.Time
	last    []byte
	code    int
	exited  bool
	changed chan struct{}
	done    chan struct{}
	ended   bool
}

// Replay prepares a replay of cast, positioned at its start. The profile is
// the one named by WithRuntime or WithProfile, else the one inferred from
// the header's command.
func Replay(cast *Cast, opts ...ReplayOption) (*Replayer, error) {
	cfg := replayConfig{tail: DefaultTail, stuckAfter: 10 * time.Second}
	for _, o := range opts {
		o(&cfg)
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
	// A fixed origin keeps timelines identical whatever the header says.
	start := time.Unix(0, 0).UTC()
	if !cast.Header.Timestamp.IsZero() {
		start = cast.Header.Timestamp
	}
	eng, err := ready.NewEngine(prof, ready.StuckAfter(cfg.stuckAfter), ready.StartAt(start), ready.Shadow(cfg.shadows...))
	if err != nil {
		return nil, fmt.Errorf("recordings: replay: %w", err)
	}
	clk := clock.NewVirtual(start)
	r := &Replayer{
		cast:    cast,
		start:   start,
		clk:     clk,
		scr:     screen.New(cast.Header.Width, cast.Header.Height, screen.WithClock(clk)),
		eng:     eng,
		end:     start.Add(cast.Duration() + cfg.tail),
		changed: make(chan struct{}),
		done:    make(chan struct{}),
	}
	return r, nil
}

// ReplayFile reads and prepares a replay of the recording at path.
func ReplayFile(path string, opts ...ReplayOption) (*Replayer, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Replay(c, opts...)
}

// Close releases the replay's screen.
func (r *Replayer) Close() error { return r.scr.Close() }

// Run replays to the end (the last event plus the tail) and returns the
// whole timeline.
func (r *Replayer) Run() []ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.advance(r.end, false)
	return r.eng.Timeline()
}

// At replays up to offset d from the recording's start (never backwards)
// and returns the screen then.
func (r *Replayer) At(d time.Duration) screen.Snapshot {
	r.mu.Lock()
	r.advance(r.start.Add(d), false)
	r.mu.Unlock()
	return r.scr.Snapshot()
}

// Step replays until the next state transition and returns it with the
// screen at that moment; ok is false at the end of the replay.
func (r *Replayer) Step() (tr ready.Transition, snap screen.Snapshot, ok bool) {
	r.mu.Lock()
	if len(r.eng.Timeline()) <= r.stepped {
		r.advance(r.end, true)
	}
	tl := r.eng.Timeline()
	r.mu.Unlock()
	if len(tl) <= r.stepped {
		return ready.Transition{}, r.scr.Snapshot(), false
	}
	r.stepped++
	return tl[r.stepped-1], r.scr.Snapshot(), true
}

// advance moves the virtual clock to target, applying recorded events and
// firing the engine's timers in time order. With stop it returns after the
// first step that produced a transition.
func (r *Replayer) advance(target time.Time, stop bool) {
	if target.After(r.end) {
		target = r.end
	}
	for {
		var evAt time.Time
		haveEv := r.next < len(r.cast.Events)
		if haveEv {
			evAt = r.start.Add(r.cast.Events[r.next].Time)
		}
		dl, haveDl := r.eng.Deadline()
		if haveDl && dl.Before(r.clk.Now()) {
			dl = r.clk.Now() // overdue: decide now
		}
		var trs []ready.Transition
		switch {
		case haveDl && !dl.After(target) && (!haveEv || !dl.After(evAt)):
			r.clk.Set(dl)
			trs = r.eng.Tick(dl)
			if next, ok := r.eng.Deadline(); ok && !next.After(dl) && len(trs) == 0 {
				// A deadline that does not move would spin; let time pass.
				r.clk.Set(dl.Add(time.Millisecond))
			}
		case haveEv && !evAt.After(target):
			r.clk.Set(evAt)
			trs = r.apply(r.cast.Events[r.next], evAt)
			r.next++
		default:
			r.clk.Set(target)
			if !target.Before(r.end) && !r.ended {
				r.ended = true
				close(r.done)
			}
			r.notify()
			return
		}
		if len(trs) > 0 {
			r.notify()
			if stop {
				return
			}
		}
	}
}

// apply feeds one recorded event to the screen and the engine, as the live
// read loop and input path do.
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
	case Marker:
		if strings.HasPrefix(e.Data, exitMarker) {
			if code, err := strconv.Atoi(strings.TrimPrefix(e.Data, exitMarker)); err == nil {
				return r.exit(at, code)
			}
		}
	}
	return nil
}

func (r *Replayer) exit(at time.Time, code int) []ready.Transition {
	r.exited, r.code = true, code
	return r.eng.Observe(ready.Event{Time: at, Kind: ready.Exit, Code: code, Screen: r.scr.Snapshot()})
}

func (r *Replayer) keepLast(p []byte) {
	r.last = append(r.last, p...)
	if len(r.last) > 2048 {
		r.last = append(r.last[:0], r.last[len(r.last)-2048:]...)
	}
}

func (r *Replayer) notify() {
	close(r.changed)
	r.changed = make(chan struct{})
}

// Snapshot returns the screen at the replay's current time.
func (r *Replayer) Snapshot() screen.Snapshot { return r.scr.Snapshot() }

// Now returns the replay's current virtual time.
func (r *Replayer) Now() time.Time { return r.clk.Now() }

// Offset returns how far into the recording the replay is.
func (r *Replayer) Offset() time.Duration { return r.clk.Now().Sub(r.start) }

// Start returns the virtual time the recording starts at; transition times
// minus Start are offsets into the recording.
func (r *Replayer) Start() time.Time { return r.start }

// Changed returns a channel closed at the next change the replay makes.
func (r *Replayer) Changed() <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.changed
}

// Done is closed once the replay has reached its end.
func (r *Replayer) Done() <-chan struct{} { return r.done }

// ExitCode returns the recorded exit status once the replay has passed it.
func (r *Replayer) ExitCode() (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.code, r.exited
}

// Timeline returns the transitions so far.
func (r *Replayer) Timeline() []ready.Transition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.eng.Timeline()
}

// Profile returns the profile the replay decides with.
func (r *Replayer) Profile() ready.Profile { return r.eng.Profile() }

// Describe explains the replay's state for failure messages.
func (r *Replayer) Describe() string {
	snap := r.scr.Snapshot()
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "replay of %q at +%.3fs (event %d of %d)\n", r.cast.Header.Command, r.clk.Now().Sub(r.start).Seconds(), r.next, len(r.cast.Events))
	b.WriteString(snap.String())
	fmt.Fprintf(&b, "last %d bytes: %s\n", len(r.last), strconv.Quote(string(r.last)))
	b.WriteString("readiness timeline:\n")
	for _, tr := range r.eng.Timeline() {
		fmt.Fprintf(&b, "  +%.3fs %-8s cursor %-6s %s\n", tr.Time.Sub(r.start).Seconds(), tr.State, tr.Cursor, tr.Reason)
	}
	return b.String()
}
