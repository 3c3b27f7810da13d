package ready_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// statsScreen is an agent on the main screen with a spinner line, an input
// line after a prompt and a footer of counters under it, as pi draws its
// token counts ("↑2.8k ↓21 1.1%/128k").
type statsScreen struct{ s *sim }

func (a statsScreen) paint(status, stats string) {
	a.s.out(fmt.Sprintf("\x1b[5;1H\x1b[2K%s\x1b[7;1H\x1b[2K❯ \x1b[9;1H\x1b[2K%s\x1b[7;3H", status, stats))
}

// A counter that changes only in the frame that ends the spinner is the
// turn's summary, not progress: ready a quiet window after the answer, not
// tune.BusyStall later (pi held 5 s after every turn from its third).
func TestCountersChangedAsTheSpinnerEndsAreNoProgress(t *testing.T) {
	s := newSim(t, ready.Generic())
	a := statsScreen{s}
	a.paint("", "↑2.8k ↓21 1.1%/128k")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("go\r")
	enter := s.at()
	for i, g := range []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴"} {
		a.paint(g+" Working...", "↑2.8k ↓21 1.1%/128k")
		s.advance(time.Duration(80+10*i) * time.Millisecond)
	}
	a.paint("The answer.", "↑4.3k ↓30 1.2%/128k")
	done := s.at()
	s.neverWaiting(enter + time.Millisecond)
	s.advance(time.Second)
	s.wantState(ready.Ready)
	if lat := s.readyAt(done) - done; lat > 200*time.Millisecond {
		t.Errorf("ready %v after the answer, want the quiet window\n%s", lat, s.timeline())
	}
}

// A counter that changes while the spinner goes on is progress: it holds
// after the spinner stops, as long as it moved last.
func TestCountersChangingWhileTheSpinnerRunsAreProgress(t *testing.T) {
	s := newSim(t, ready.Generic())
	a := statsScreen{s}
	a.paint("", "copied 0 of 9 files")
	s.advance(time.Second)
	s.in("go\r")
	enter := s.at()
	for i, g := range []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴"} {
		a.paint(g+" Copying...", fmt.Sprintf("copied %d of 9 files", i+1))
		s.advance(90 * time.Millisecond)
	}
	a.paint("", "copied 7 of 9 files") // the spinner gone, the counter still moving
	s.advance(time.Second)
	s.neverWaiting(enter + time.Millisecond)
	s.wantState(ready.Busy)
}
