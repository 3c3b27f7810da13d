package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// A full-screen program that answers Enter by hiding its cursor and
// nothing else (it is about to draw, after some work) has not reacted yet:
// not ready until it draws, or for the silence window at most.
func TestHiddenCursorIsNoReaction(t *testing.T) {
	frame := "\x1b[?1049h\x1b[H┌ deploy ─────────┐\r\n│ > staging       │\r\n│   production    │\r\n└─────────────────┘\x1b[2;4H"
	s := newSim(t, ready.Generic())
	s.out(frame)
	s.advance(300 * time.Millisecond)
	s.wantState(ready.Ready)
	s.in("\r")
	s.advance(5 * time.Millisecond)
	s.out("\x1b[?25l")
	s.advance(time.Second)
	s.neverWaiting(300 * time.Millisecond)
	s.out("\x1b[2;4Hchecked staging \x1b[?25h")
	s.advance(300 * time.Millisecond)
	s.wantState(ready.Ready)

	// Nothing drawn after the hidden cursor: bounded by the silence window.
	s.in("\r")
	s.advance(5 * time.Millisecond)
	s.out("\x1b[?25l")
	start := s.at()
	s.advance(3 * time.Second)
	if d := s.readyAt(start); d < 0 || d > start+2500*time.Millisecond {
		t.Fatalf("ready at +%v after the cursor was hidden at +%v, want within the silence window\n%s", d, start, s.timeline())
	}
}
