package seeds_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/internal/seeds"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// agentStream is an agent TUI's turn, as the engine's own tests draw it: a
// spinner line repainted 100–450 ms apart above an input box that holds the
// cursor at column 3. It returns the events and when the turn ended.
func agentStream(t *testing.T) ([]ready.Event, time.Time, time.Time) {
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	clk := clock.NewVirtual(t0)
	scr := screen.New(100, 30, screen.WithClock(clk))
	t.Cleanup(func() { _ = scr.Close() })
	var evs []ready.Event
	out := func(s string) {
		scr.WriteAt(clk.Now(), []byte(s))
		evs = append(evs, ready.Event{Time: clk.Now(), Kind: ready.Output, Data: []byte(s), Screen: scr.Snapshot()})
	}
	paint := func(spin string) {
		out(fmt.Sprintf("\x1b[5;1H\x1b[2K%s\x1b[7;1H\x1b[2K❯ \x1b[9;1H\x1b[2K  ? for shortcuts\x1b[7;3H", spin))
	}
	paint("")
	clk.Advance(5 * time.Second)
	evs = append(evs, ready.Event{Time: clk.Now(), Kind: ready.Input, Data: []byte("\r"), Screen: scr.Snapshot()})
	enter := clk.Now()
	gaps := []time.Duration{310, 120, 441, 205, 100, 449, 260, 180, 390, 150, 330, 420}
	for i := range 20 {
		paint(fmt.Sprintf("%s Thinking… (%ds · esc to interrupt)", []string{"·", "✢", "✳", "✶", "✻", "✽"}[i%6], i/3))
		clk.Advance(gaps[i%len(gaps)] * time.Millisecond)
	}
	out("\x1b[4;1H● hello")
	paint("")
	return evs, enter, clk.Now()
}

// The seed rules do what the seeds say, including their failures: the
// column rule is fooled by an agent's spinner, silence is seconds late.
func TestSeedsOnAgentStream(t *testing.T) {
	evs, enter, done := agentStream(t)
	silence, poll, column := seeds.Silence(3*time.Second), seeds.Poll(time.Second, 3), seeds.Column(3, 150*time.Millisecond)
	first := func(d seeds.Detector) time.Time {
		seeds.Run(d, evs, done.Add(6*time.Second))
		for _, tr := range d.Timeline() {
			if tr.State == ready.Ready && !tr.Time.Before(enter) {
				return tr.Time
			}
		}
		return time.Time{}
	}
	if at := first(column); at.IsZero() || !at.Before(done) {
		t.Errorf("column rule first ready at %v, want a premature one before the turn ended at %v", at, done)
	}
	if at := first(silence); !at.Equal(done.Add(3 * time.Second)) {
		t.Errorf("silence rule ready at %v, want exactly 3s after the last output (%v)", at, done.Add(3*time.Second))
	}
	if at := first(poll); at.Before(done.Add(2*time.Second)) || at.After(done.Add(4*time.Second)) {
		t.Errorf("poll rule ready at %v, want 3 equal captures after %v", at, done)
	}
	eng, err := ready.NewEngine(ready.Generic())
	if err != nil {
		t.Fatal(err)
	}
	if at := first(eng); at.Before(done) {
		t.Errorf("engine ready at %v before the turn ended at %v", at, done)
	}
	if len(seeds.All()) != 3 {
		t.Error("All() should give the three seed rules")
	}
}
