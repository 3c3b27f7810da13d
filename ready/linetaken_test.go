package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// A TUI that erases the submitted line from its input line and draws
// nothing else has not answered yet: not ready until it draws more, or
// until the silence window when it has nothing more to draw.
func TestLineTakenInPlaceIsNotAnAnswer(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("notes\r\nnote> ")
	s.advance(200 * ms)
	s.wantState(ready.Ready)
	s.in("buy milk")
	s.out("buy milk")
	s.advance(200 * ms)
	s.in("\r")
	s.out("\x1b[2K\rnote> ") // taken: the input line erased in place
	s.advance(300 * ms)
	s.wantState(ready.Busy)
	s.out("\x1b[1;1H• buy milk\x1b[K\x1b[2;7H") // the answer: the note drawn above
	s.advance(200 * ms)
	s.wantState(ready.Ready)

	// Nothing more to draw: the silence window decides.
	s.in("x")
	s.out("x")
	s.advance(200 * ms)
	s.in("\r")
	at := s.at()
	s.out("\x1b[2K\rnote> ")
	s.advance(2500 * ms)
	s.wantState(ready.Ready)
	if got := s.readyAt(at); got < at+1900*ms {
		t.Errorf("ready at +%v, %v after the Enter; want the silence window\n%s", got, got-at, s.timeline())
	}
}

// A REPL answers on the rows below the line: more than the input line
// changes, and the rule says nothing.
func TestLineTakenIgnoresAnswersBelow(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out(">>> ")
	s.advance(200 * ms)
	s.in("x = 1")
	s.out("x = 1")
	s.advance(200 * ms)
	s.in("\r")
	at := s.at()
	s.out("\r\n>>> ")
	s.advance(400 * ms)
	s.wantState(ready.Ready)
	if got := s.readyAt(at); got > at+200*time.Millisecond {
		t.Errorf("ready %v after the Enter, want within the quiet window\n%s", got-at, s.timeline())
	}
}
