// Package session is one terminal session as ttyrig sees it, whoever
// drives it: the program's output, the input sent to it, resizes and its
// exit, each fed once, in order, to the screen, the readiness engine and
// the recording. A live terminal (package termtest) feeds a Session from a
// PTY and ticks it with a real timer; a replay (package recordings) feeds
// one from an asciicast file on a virtual clock. Since both go through the
// same Session, a replayed recording is decided exactly as the live
// session was.
//
// A Session has no goroutine and reads no clock: every method takes the
// time of what happened, and the owner calls Tick when Deadline passes.
//
//	s, err := session.New(100, 30, start, session.WithCommand(argv))
//	s.Output(now, chunk)           // what the program wrote
//	if at, ok := s.Deadline(); ok { // when to look again without new events
//		s.Tick(at)
//	}
//	fmt.Println(s.Snapshot())
package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// DefaultStuckAfter is how long a program may stay not ready, after it
// started or after the last input, before the engine calls it stuck, when
// the owner does not say (termtest says: its wait bound).
const DefaultStuckAfter = 10 * time.Second

// LastKept is how much recent output a session keeps for failure reports.
const LastKept = 2048

// Recorder is where a session is recorded as it happens (an
// asciicast.Writer). Times count from the session's start.
type Recorder interface {
	Output(t time.Duration, p []byte) error
	Input(t time.Duration, p []byte) error
	Resize(t time.Duration, cols, rows int) error
	Marker(t time.Duration, label string) error
	Exit(t time.Duration, code int) error
	Kernel(t time.Duration, data string) error // a kernel.View, Encoded
	Close() error
}

// Option configures a Session.
type Option func(*config)

type config struct {
	argv       []string
	runtime    string
	profile    *ready.Profile
	stuckAfter time.Duration
	engineOpts []ready.Option
	rec        Recorder
	replies    func([]byte)
	clock      clock.Clock
	tap        func(ready.Event)
}

// WithCommand names the program the session runs, for reports and to
// infer the readiness profile (ready.Resolve).
func WithCommand(argv []string) Option {
	return func(c *config) { c.argv = append([]string(nil), argv...) }
}

// WithRuntime decides with a named built-in profile or a JSON profile file
// (as ready.Resolve reads it) instead of the one inferred from the command.
func WithRuntime(name string) Option { return func(c *config) { c.runtime = name } }

// WithProfile decides with the given profile.
func WithProfile(p ready.Profile) Option { return func(c *config) { c.profile = &p } }

// WithStuckAfter sets the engine's stuck bound (default DefaultStuckAfter;
// zero disables it).
func WithStuckAfter(d time.Duration) Option { return func(c *config) { c.stuckAfter = d } }

// WithEngineOptions passes further options to the readiness engine.
func WithEngineOptions(opts ...ready.Option) Option {
	return func(c *config) { c.engineOpts = append(c.engineOpts, opts...) }
}

// WithTap calls f with every event the session feeds its engine, as it
// feeds it: to run other detectors (the usual rules of internal/seeds in benchmarks and
// calibration) on exactly the same stream. f runs under the session's lock.
func WithTap(f func(ready.Event)) Option { return func(c *config) { c.tap = f } }

// WithRecorder records the session into r; Close closes it.
func WithRecorder(r Recorder) Option { return func(c *config) { c.rec = r } }

// WithReplies sets where the screen's answers to terminal queries go (a
// live program's input). Without it they are discarded, as replay wants.
func WithReplies(f func([]byte)) Option { return func(c *config) { c.replies = f } }

// WithClock sets the clock the screen judges a held synchronized update
// by when read between events (default the wall clock); a replay passes
// its virtual clock.
func WithClock(c clock.Clock) Option { return func(cfg *config) { cfg.clock = c } }

// Session is one terminal session: screen, readiness engine, recording,
// the last output and the exit status. Its methods are safe for concurrent
// use; each event is applied whole (screen, recording, engine) under one
// lock, so the recording's order is the order the engine saw.
type Session struct {
	argv  []string
	start time.Time
	prof  ready.Profile
	scr   *screen.Screen

	mu     sync.Mutex
	eng    *ready.Engine
	tap    func(ready.Event)
	rec    Recorder
	recErr error  // the recorder's first error
	last   []byte // the latest output, up to LastKept bytes: the tail of lastBuf
	// lastBuf is only appended to, so a window of it once published stays
	// as it was (keepLast); a full one is replaced, never overwritten.
	lastBuf []byte
	exited  bool
	code    int
	seen    time.Time // time of the latest event
	ticked  time.Time // time of the latest Tick
	closed  bool
	fault   bool // the screen's fault is in the recording
	// watch is told the engine's deadline whenever it is published
	// (WatchDeadline).
	watch func(at time.Time, due bool)

	// What waiters and timers read, published after each event and tick
	// without a lock: a flood's batch holds mu for milliseconds, and a
	// lock of its own for what is published was held, now and then, by a
	// thread the machine did not run, so a waiter read the engine's
	// decision hundreds of ms past its deadline (under -race at load 20).
	pub     atomic.Pointer[published]
	changed atomic.Pointer[chan struct{}] // closed at the next change; made when asked for (replays ask for none)
	soon    atomic.Pointer[marker]        // MarkerSoon's, newest first, for the next event to record
	// outputAt is when the Output being applied began (Unix ns; 0 when
	// none is): a report does not wait for a flood's piece (OutputSince).
	outputAt atomic.Int64
}

// published is what the session shows after an event or tick. It is never
// changed once published: a new one replaces it.
type published struct {
	deadline time.Time
	due      bool // deadline is set
	current  ready.Transition
	snap     screen.Snapshot // the screen after the latest event
	exited   bool
	code     int
	// For reports, which must not wait for a flood's piece. The timeline
	// is only ever appended to past its length (a reader's slice of it
	// stays valid), and so is the buffer last is a window of (keepLast).
	timeline []ready.Transition
	last     []byte
	fault    error // the screen's, which Screen.Fault reads under the parser's lock
}

// New starts a cols×rows session at start. It fails for an unknown runtime
// or a profile the engine rejects.
func New(cols, rows int, start time.Time, opts ...Option) (*Session, error) {
	cfg := config{stuckAfter: DefaultStuckAfter, clock: clock.Real}
	for _, o := range opts {
		o(&cfg)
	}
	var prof ready.Profile
	if cfg.profile != nil {
		prof = *cfg.profile
	} else {
		p, err := ready.Resolve(cfg.runtime, cfg.argv)
		if err != nil {
			return nil, fmt.Errorf("session: runtime %q: %w", cfg.runtime, err)
		}
		prof = p
	}
	eopts := append([]ready.Option{ready.StuckAfter(cfg.stuckAfter), ready.StartAt(start)}, cfg.engineOpts...)
	eng, err := ready.NewEngine(prof, eopts...)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	sopts := []screen.Option{screen.WithClock(cfg.clock)}
	if cfg.replies != nil {
		sopts = append(sopts, screen.WithReplies(cfg.replies))
	}
	s := &Session{
		argv:  cfg.argv,
		start: start,
		prof:  eng.Profile(),
		scr:   screen.New(cols, rows, sopts...),
		eng:   eng,
		tap:   cfg.tap,
		rec:   cfg.rec,
	}
	s.pub.Store(&published{snap: s.scr.Snapshot(), timeline: eng.Timeline()})
	s.publish(false, nil)
	return s, nil
}

// Output applies p, which the program wrote at t: the screen parses it,
// the recording and the failure report keep it, and the engine decides on
// the screen after it. It returns the transitions it caused.
func (s *Session) Output(t time.Time, p []byte) []ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.outputAt.Store(time.Now().UnixNano())
	defer s.outputAt.Store(0)
	// Recorded first: a recorder in the background encodes it while the
	// screen parses it.
	s.record(func(r Recorder) error { return r.Output(t.Sub(s.start), p) })
	ch := s.scr.WriteAt(t, p)
	s.keepLast(p)
	s.noteFault(t)
	return s.observe(ready.Event{Time: t, Kind: ready.Output, Data: p, Screen: s.scr.Snapshot(), Changes: ch})
}

// noteFault records the screen's fault (screen.Screen.Fault), the first
// time there is one, as a marker, so the recording says where the screen
// stopped being what the program drew.
func (s *Session) noteFault(t time.Time) {
	if s.fault {
		return
	}
	if err := s.scr.Fault(); err != nil {
		s.fault = true
		s.record(func(r Recorder) error { return r.Marker(t.Sub(s.start), err.Error()) })
	}
}

// SetFocus gives the terminal's window focus or takes it away
// (screen.Screen.SetFocus), and reports whether the program was told: the
// report is an answer like those to its queries, not input the engine
// waits on a reaction to.
func (s *Session) SetFocus(focused bool) bool { return s.scr.SetFocus(focused) }

// Fault returns the screen's fault: the emulator panicked on the
// program's output (screen.Screen.Fault), or nil.
func (s *Session) Fault() error { return s.scr.Fault() }

// Cut returns how much of p, output the program wrote, to apply in one
// Output for the screen's work to stay bounded (screen.Cut): the session's
// lock, which waiters and readers take, is held for one Output at a time.
// A live terminal cuts what it reads; a replay applies the pieces it
// recorded.
func (s *Session) Cut(p []byte) int { return s.scr.Cut(p) }

// Input applies p, sent to the program at t. Call it before the program can
// read p, so its reaction is never mistaken for what came before.
func (s *Session) Input(t time.Time, p []byte) []ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.input(t, p, false)
}

// SecretInput applies p like Input, but the recording holds it redacted:
// every character but control characters written as '*', after a marker
// saying how many bytes were typed unseen. Passwords typed in a test stay
// out of its recording; the engine still sees p.
func (s *Session) SecretInput(t time.Time, p []byte) []ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.input(t, p, true)
}

// InputIf applies p like Input (SecretInput when secret) if ok, called once
// the session is free, still says so, and reports whether it did. A sender
// bounded by a deadline waits for InputIf on another goroutine and, when
// the deadline passes first (a flood's piece of output holds the session),
// makes ok say false and gives up: the input is then neither recorded nor
// seen by the engine, as it is never sent.
func (s *Session) InputIf(t time.Time, p []byte, secret bool, ok func() bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !ok() {
		return false
	}
	s.input(t, p, secret)
	return true
}

// TryInput applies p like Input (SecretInput when secret) if the session
// is free now, and reports whether it did: a sender bounded by a deadline
// that finds it held by a piece of output waits with InputIf instead.
func (s *Session) TryInput(t time.Time, p []byte, secret bool) bool {
	if !s.mu.TryLock() {
		return false
	}
	defer s.mu.Unlock()
	s.input(t, p, secret)
	return true
}

// input is Input, or SecretInput when secret, with s.mu held.
func (s *Session) input(t time.Time, p []byte, secret bool) []ready.Transition {
	s.record(func(r Recorder) error {
		if !secret {
			return r.Input(t.Sub(s.start), p)
		}
		if err := r.Marker(t.Sub(s.start), fmt.Sprintf("%s: %d bytes typed with echo off", RedactedMarker, len(p))); err != nil {
			return err
		}
		return r.Input(t.Sub(s.start), redact(p))
	})
	return s.observe(ready.Event{Time: t, Kind: ready.Input, Data: p, Screen: s.scr.Snapshot()})
}

// RedactedMarker starts the label of the marker before a redacted input
// event.
const RedactedMarker = "redacted input"

// redact replaces every character of p but control characters with '*'.
func redact(p []byte) []byte {
	out := make([]byte, 0, len(p))
	for _, r := range string(p) {
		if r < 0x20 || r == 0x7f {
			out = append(out, byte(r))
		} else {
			out = append(out, '*')
		}
	}
	return out
}

// Resize applies a resize of the terminal to cols×rows at t.
func (s *Session) Resize(t time.Time, cols, rows int) []ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scr.Resize(cols, rows)
	s.record(func(r Recorder) error { return r.Resize(t.Sub(s.start), cols, rows) })
	return s.observe(ready.Event{Time: t, Kind: ready.Resize, Screen: s.scr.Snapshot()})
}

// Kernel applies an observation of the kernel made at t (package kernel):
// recorded, so a replay decides as this session did, and fed to the
// engine's kernel signal.
func (s *Session) Kernel(t time.Time, v kernel.View) []ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.record(func(r Recorder) error { return r.Kernel(t.Sub(s.start), v.Encode()) })
	return s.observe(ready.Event{Time: t, Kind: ready.Kernel, Kernel: v, Screen: s.scr.Snapshot()})
}

// Exit applies the program's end with status code at t. Only the first
// call counts.
func (s *Session) Exit(t time.Time, code int) []ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exited {
		return nil
	}
	s.exited, s.code = true, code
	s.record(func(r Recorder) error { return r.Exit(t.Sub(s.start), code) })
	return s.observe(ready.Event{Time: t, Kind: ready.Exit, Code: code, Screen: s.scr.Snapshot()})
}

// Marker adds a labelled marker to the recording at t (calibration reads
// "ready" and "busy" markers as ground truth). Without a recorder it does
// nothing.
func (s *Session) Marker(t time.Time, label string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rec == nil || s.closed {
		return nil
	}
	var err error
	s.record(func(r Recorder) error {
		err = r.Marker(t.Sub(s.start), label)
		return nil // Marker returns its error itself
	})
	s.sync()
	return err
}

// MarkerSoon is Marker for a caller that must not wait for an event being
// applied (a flood's piece): the marker is recorded now if the session is
// free, else before the next event, at its own time t.
func (s *Session) MarkerSoon(t time.Time, label string) {
	if s.mu.TryLock() {
		defer s.mu.Unlock()
		if s.rec != nil && !s.closed {
			s.record(func(r Recorder) error { return r.Marker(t.Sub(s.start), label) })
			s.sync()
		}
		return
	}
	m := &marker{t: t, label: label}
	for {
		m.next = s.soon.Load()
		if s.soon.CompareAndSwap(m.next, m) {
			return
		}
	}
}

// marker is one of MarkerSoon's, in a list newest first.
type marker struct {
	t     time.Time
	label string
	next  *marker
}

// Tick lets the engine decide what quiet time up to t means. Call it when
// Deadline passes.
//
// A real timer fires a little after the deadline it was set for. When no
// event came in between, the engine is ticked at the deadline itself, as a
// replay on a virtual clock ticks it, so live and replayed timelines agree
// to the microsecond rather than to the timer's lateness.
func (s *Session) Tick(t time.Time) []ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tick(t)
}

// tick is Tick with s.mu held.
func (s *Session) tick(t time.Time) []ready.Transition {
	// Only once per deadline: one the engine keeps after being ticked at it
	// is looked at again at t, or a timer would spin on it.
	if dl, ok := s.eng.Deadline(); ok && dl.Before(t) && !dl.Before(s.seen) && dl.After(s.ticked) {
		t = dl
	}
	s.ticked = t
	trs := s.eng.Tick(t)
	s.publish(len(trs) > 0, func(p *published) { p.timeline = append(p.timeline, trs...) })
	return trs
}

// TryTick is Tick unless an event is being applied, which decides on its
// own time: a reader about to report (a wait that ran out) ticks so a due
// decision shows, without waiting for a flood's piece. It reports whether
// it ticked.
func (s *Session) TryTick(t time.Time) bool {
	if !s.mu.TryLock() {
		return false
	}
	defer s.mu.Unlock()
	s.tick(t)
	return true
}

// Deadline returns when the engine next wants Tick without new events.
func (s *Session) Deadline() (time.Time, bool) {
	p := s.pub.Load()
	return p.deadline, p.due
}

// OutputSince returns when the output being applied began to be applied,
// or the zero time when none is: a report about to wait for an event to
// land waits for a piece of a flood no longer than for the screen's
// quickest work.
func (s *Session) OutputSince() time.Time {
	if ns := s.outputAt.Load(); ns != 0 {
		return time.Unix(0, ns)
	}
	return time.Time{}
}

// observe feeds the engine and wakes everyone waiting. Call with s.mu held.
func (s *Session) observe(ev ready.Event) []ready.Transition {
	if ev.Time.After(s.seen) {
		s.seen = ev.Time
	}
	if s.tap != nil {
		s.tap(ev)
	}
	trs := s.eng.Observe(ev)
	s.sync() // whatever anyone sees of the event is recorded
	s.publish(true, func(p *published) {
		p.snap, p.exited, p.code = ev.Screen, s.exited, s.code
		p.timeline = append(p.timeline, trs...)
		if ev.Kind == ready.Output {
			p.last = s.last // no copy: keepLast never writes over it
			if s.fault {
				p.fault = s.scr.Fault()
			}
		}
	})
	return trs
}

// sync waits for a recorder in the background to write what it was given.
// Call with s.mu held.
func (s *Session) sync() {
	if sy, ok := s.rec.(syncer); ok && !s.closed {
		sy.Sync()
	}
}

// publish makes the engine's deadline and decision visible to pollers,
// with what also changes as given by also, and, when changed, wakes
// everyone waiting. Call with s.mu held.
func (s *Session) publish(changed bool, also func(*published)) {
	dl, due := s.eng.Deadline()
	p := *s.pub.Load()
	if also != nil {
		also(&p)
	}
	p.deadline, p.due, p.current = dl, due, s.eng.Current()
	s.pub.Store(&p)
	// After the store: a waiter given the next channel reads what was
	// just published.
	if changed {
		if ch := s.changed.Swap(nil); ch != nil {
			close(*ch)
		}
	}
	if s.watch != nil {
		s.watch(dl, due)
	}
}

// WatchDeadline calls f with the engine's deadline (as Deadline returns
// it) now and after every event and tick, for an owner that ticks the
// session with a timer: resetting one from f needs no goroutine that
// wakes at every event to look. f runs under the session's lock: it must
// not call the session, and must return at once.
func (s *Session) WatchDeadline(f func(at time.Time, due bool)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.watch = f
	f(s.eng.Deadline())
}

// record writes to the recorder, keeping its first error for Close, after
// the markers MarkerSoon left for it. Call with s.mu held.
func (s *Session) record(f func(Recorder) error) {
	if s.rec == nil || s.closed {
		return
	}
	var soon []*marker
	for m := s.soon.Swap(nil); m != nil; m = m.next {
		soon = append(soon, m)
	}
	slices.Reverse(soon) // oldest first
	for _, m := range soon {
		if err := s.rec.Marker(m.t.Sub(s.start), m.label); err != nil && s.recErr == nil {
			s.recErr = err
		}
	}
	if err := f(s.rec); err != nil && s.recErr == nil {
		s.recErr = err
	}
}

// lastSpan is the size of the buffer the latest output is kept in: a new
// one, and a copy of LastKept bytes into it, once per lastSpan-LastKept
// bytes of output, rather than a copy of the kept bytes at every event.
const lastSpan = 4 * LastKept

// keepLast keeps the latest LastKept bytes of output, p the newest of them.
// They are a window of lastBuf, which is only ever appended to past every
// window handed out (published.last), so readers holding one need no copy
// and see it unchanged; when the buffer is full, the bytes kept move to a
// new one.
func (s *Session) keepLast(p []byte) {
	if len(p) >= LastKept {
		p = p[len(p)-LastKept:]
	}
	keep := min(len(s.last), LastKept-len(p)) // of the bytes kept, how many stay
	if len(s.lastBuf)+len(p) > cap(s.lastBuf) {
		s.lastBuf = append(make([]byte, 0, lastSpan), s.last[len(s.last)-keep:]...)
	}
	start := len(s.lastBuf) - keep
	s.lastBuf = append(s.lastBuf, p...)
	s.last = s.lastBuf[start:len(s.lastBuf):len(s.lastBuf)]
}

// Close releases the screen and closes the recorder; it returns the
// recorder's first error. The session stays readable.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return s.recErr
	}
	s.record(func(Recorder) error { return nil }) // MarkerSoon's last
	s.closed = true
	_ = s.scr.Close()
	if s.rec != nil {
		if err := s.rec.Close(); err != nil && s.recErr == nil {
			s.recErr = err
		}
	}
	return s.recErr
}

// Snapshot returns the screen as it is now, after the latest event applied
// whole: what it shows is recorded and the engine has decided on it. It
// waits for no event being applied, unless the screen holds a synchronized
// update's frame (which the screen shows for at most screen.SyncHold).
func (s *Session) Snapshot() screen.Snapshot {
	snap := s.pub.Load().snap
	if !snap.SyncOpen() {
		return snap
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.scr.Snapshot()
}

// Changed returns a channel closed at the next event or transition.
func (s *Session) Changed() <-chan struct{} {
	for {
		if ch := s.changed.Load(); ch != nil {
			return *ch
		}
		ch := make(chan struct{})
		if s.changed.CompareAndSwap(nil, &ch) {
			return ch
		}
	}
}

// Current returns the latest transition.
func (s *Session) Current() ready.Transition { return s.pub.Load().current }

// Timeline returns every transition so far.
func (s *Session) Timeline() []ready.Transition {
	return append([]ready.Transition(nil), s.pub.Load().timeline...)
}

// Profile returns the profile the session decides with.
func (s *Session) Profile() ready.Profile { return s.prof }

// Command returns the program's argv as given by WithCommand.
func (s *Session) Command() []string { return s.argv }

// Start returns when the session started: offsets in the recording and in
// reports count from here.
func (s *Session) Start() time.Time { return s.start }

// ExitCode returns the exit status once Exit has been applied.
func (s *Session) ExitCode() (int, bool) {
	p := s.pub.Load()
	return p.code, p.exited
}

// LastOutput returns the most recent output (up to LastKept bytes).
func (s *Session) LastOutput() []byte {
	return append([]byte(nil), s.pub.Load().last...)
}

// Describe explains the session for a failure message: the screen with the
// cursor marked, the last bytes received, quoted so escape sequences show,
// and the readiness timeline with offsets from the start.
//
// It reads what the session published after the latest event, so it never
// waits for an event being applied (a flood's piece held the session for
// 771 ms under load), and its cost is bounded by the screen's size, the
// LastKept bytes and the timeline.
func (s *Session) Describe() string {
	p := s.pub.Load()
	snap, last, timeline, fault := p.snap, p.last, p.timeline, p.fault

	var b strings.Builder
	b.WriteString(snap.String())
	if err := fault; err != nil {
		fmt.Fprintf(&b, "%v\n", err)
	}
	fmt.Fprintf(&b, "last %d bytes received: %s\n", len(last), strconv.Quote(string(last)))
	b.WriteString("readiness timeline:\n")
	if len(timeline) == 0 {
		b.WriteString("  (no transitions)\n")
	}
	for _, tr := range timeline {
		off := strconv.FormatFloat(tr.Time.Sub(s.start).Seconds(), 'f', 3, 64) + "s"
		fmt.Fprintf(&b, "  +%-8s %-8s cursor %-6s %s\n", off, tr.State, tr.Cursor, tr.Reason)
	}
	return b.String()
}

// Status returns the engine's view now: the current state with the reason
// it is not (yet) something else, which may be newer than Current's.
func (s *Session) Status() ready.Transition {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.eng.Status()
}

// TryStatus is Status unless an event is being applied: then it returns
// false at once rather than wait for it (a report on a flood).
func (s *Session) TryStatus() (ready.Transition, bool) {
	if !s.mu.TryLock() {
		return ready.Transition{}, false
	}
	defer s.mu.Unlock()
	return s.eng.Status(), true
}
