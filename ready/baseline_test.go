package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// The baselines do what the seeds say, including their failures: the
// column rule is fooled by an agent's spinner, silence is seconds late.
func TestBaselinesOnAgentStream(t *testing.T) {
	silence, poll, column := ready.SilenceBaseline(3*time.Second), ready.PollBaseline(time.Second, 3), ready.ColumnBaseline(3, 150*time.Millisecond)
	s := newSim(t, ready.Generic(), ready.Shadow(silence, poll, column))
	a := &agentScreen{s: s, title: "✳ Agent"}
	a.paint("", "")
	s.advance(5 * time.Second)
	enter := s.at() + 400*time.Millisecond
	done := a.runTurn(claudeSpin, 20)
	s.advance(6 * time.Second)
	first := func(d ready.Detector, since time.Duration) time.Duration {
		for _, tr := range d.Timeline() {
			if at := tr.Time.Sub(s.t0); tr.State == ready.Ready && at >= since {
				return at
			}
		}
		return -1
	}
	if at := first(column, enter); at < 0 || at >= done {
		t.Errorf("column baseline first ready at +%v, want a premature one before the turn ended at +%v", at, done)
	}
	if at := first(silence, enter); at != done+3*time.Second {
		t.Errorf("silence baseline ready at +%v, want exactly 3s after the last output (+%v)", at, done+3*time.Second)
	}
	if at := first(poll, enter); at < done+2*time.Second || at > done+4*time.Second {
		t.Errorf("poll baseline ready at +%v, want 3 equal captures after +%v", at, done)
	}
	if at := s.readyAt(enter); at < done {
		t.Errorf("engine ready at +%v before the turn ended", at)
	}
	if len(ready.Baselines()) != 3 {
		t.Error("Baselines() should give the three seed rules")
	}
}
