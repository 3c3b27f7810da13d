package ready_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// sim drives an engine (and any shadow detectors) with a real screen on a
// virtual clock: output and input happen at the clock's time, and advance
// moves the clock, calling Tick exactly at each deadline on the way, as a
// live terminal's timer would.
type sim struct {
	t   testing.TB
	clk *clock.Virtual
	scr *screen.Screen
	eng *ready.Engine
	t0  time.Time
}

var epoch = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func newSim(t testing.TB, p ready.Profile, opts ...ready.Option) *sim {
	t.Helper()
	clk := clock.NewVirtual(epoch)
	eng, err := ready.NewEngine(p, opts...)
	if err != nil {
		t.Fatal(err)
	}
	scr := screen.New(100, 30, screen.WithClock(clk))
	t.Cleanup(func() { _ = scr.Close() })
	return &sim{t: t, clk: clk, scr: scr, eng: eng, t0: epoch}
}

// out feeds program output now.
func (s *sim) out(p string) {
	now := s.clk.Now()
	ch := s.scr.WriteAt(now, []byte(p))
	s.eng.Observe(ready.Event{Time: now, Kind: ready.Output, Data: []byte(p), Screen: s.scr.Snapshot(), Changes: ch})
}

// in records input sent now.
func (s *sim) in(p string) {
	now := s.clk.Now()
	s.eng.Observe(ready.Event{Time: now, Kind: ready.Input, Data: []byte(p), Screen: s.scr.Snapshot()})
}

func (s *sim) exit(code int) {
	now := s.clk.Now()
	s.eng.Observe(ready.Event{Time: now, Kind: ready.Exit, Code: code, Screen: s.scr.Snapshot()})
}

// advance moves the clock by d, ticking at every deadline on the way.
func (s *sim) advance(d time.Duration) {
	end := s.clk.Now().Add(d)
	for {
		dl, ok := s.eng.Deadline()
		if !ok || dl.After(end) {
			break
		}
		s.clk.Set(dl)
		s.eng.Tick(dl)
	}
	s.clk.Set(end)
	s.eng.Tick(end)
}

func (s *sim) state() ready.State { return s.eng.Current().State }

// at is the time since the simulation started.
func (s *sim) at() time.Duration { return s.clk.Now().Sub(s.t0) }

// readyAt returns the time of the first waiting transition at or after
// since, relative to the start, or -1.
func (s *sim) readyAt(since time.Duration) time.Duration {
	for _, tr := range s.eng.Timeline() {
		if d := tr.Time.Sub(s.t0); d >= since && tr.State.Waiting() {
			return d
		}
	}
	return -1
}

// wantState fails unless the engine is in state want.
func (s *sim) wantState(want ready.State) {
	s.t.Helper()
	if got := s.state(); got != want {
		s.t.Fatalf("at +%v: state %s, want %s\n%s\ntimeline:\n%s", s.at(), got, want, s.scr.Snapshot(), s.timeline())
	}
}

// neverWaiting fails if a Ready or Question transition happened at or after
// since.
func (s *sim) neverWaiting(since time.Duration) {
	s.t.Helper()
	if d := s.readyAt(since); d >= 0 {
		s.t.Fatalf("premature ready at +%v (since +%v)\n%s\ntimeline:\n%s", d, since, s.scr.Snapshot(), s.timeline())
	}
}

func (s *sim) timeline() string {
	var b strings.Builder
	for _, tr := range s.eng.Timeline() {
		fmt.Fprintf(&b, "  +%-8v %-8s %-6s %-9s %s\n", tr.Time.Sub(s.t0), tr.State, tr.Cursor, tr.Signal, tr.Reason)
	}
	return b.String()
}

// gaps is the agent fixture's kind of irregular spinner cadence: 100–450 ms.
var gaps = []time.Duration{310, 120, 441, 205, 100, 449, 260, 180, 390, 150, 330, 420}

func gap(i int) time.Duration { return gaps[i%len(gaps)] * time.Millisecond }
