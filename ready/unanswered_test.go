package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// inputBoxApp draws an agent-like full-screen app: a transcript at the top
// and an input line with a box's edge ("┃  ") near the bottom, the
// terminal's cursor in it.
type inputBoxApp struct{ s *sim }

func (a inputBoxApp) frame(transcript []string, input, footer string) {
	p := "\x1b[?1049h\x1b[H\x1b[2J"
	for i, l := range transcript {
		p += "\x1b[" + itoa(i+2) + ";3H" + l
	}
	p += "\x1b[24;3H┃\x1b[25;3H┃  " + input + "\x1b[26;3H┃\x1b[29;4H" + footer
	p += "\x1b[25;" + itoa(6+len(input)) + "H"
	a.s.out(p)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// An agent that draws the message sent above its input box, then nothing
// for a second, then its busy indicator: not ready through the pause, and
// ready a quiet window after the answer (issue 20, class 4).
func TestUnansweredMessageHoldsUntilTheAnswer(t *testing.T) {
	s := newSim(t, ready.Generic())
	a := inputBoxApp{s}
	a.frame(nil, "", "/work")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("think slowly")
	a.frame(nil, "think slowly", "/work")
	s.advance(300 * time.Millisecond)
	s.in("\r")
	enter := s.at()
	s.advance(50 * time.Millisecond)
	a.frame(nil, "", "/work") // the box emptied
	s.advance(700 * time.Millisecond)
	s.wantState(ready.Busy)
	a.frame([]string{"┃", "┃  think slowly", "┃"}, "", "/work") // the message sent
	s.advance(1200 * time.Millisecond)
	s.wantState(ready.Busy)
	for i := range 6 { // the busy bar
		a.frame([]string{"┃", "┃  think slowly", "┃"}, "", []string{"■⬝⬝⬝", "⬝■⬝⬝", "⬝⬝■⬝", "⬝⬝⬝■"}[i%4]+"  esc interrupt")
		s.advance(100 * time.Millisecond)
	}
	a.frame([]string{"┃", "┃  think slowly", "┃", "", "   The answer."}, "", "/work")
	done := s.at()
	s.neverWaiting(enter)
	s.advance(2 * time.Second)
	s.wantState(ready.Ready)
	if lat := s.readyAt(done) - done; lat > 300*time.Millisecond {
		t.Errorf("ready %v after the answer, want at most 300ms\n%s", lat, s.timeline())
	}
	if by := s.eng.Current().By; by != "cursor" {
		t.Errorf("decided by %q, want the cursor", by)
	}
}

// A message drawn in a transcript over an empty input box, with nothing
// after it, holds past the silence window (opencode drew nothing for 3 s
// between its user's message and its busy bar), and the hold is bounded:
// ready once the screen has been still for EchoSilence.
func TestUnansweredMessageIsBounded(t *testing.T) {
	hold := ready.SetTuning("EchoSilence", 0) // read it, before any engine runs
	ready.SetTuning("EchoSilence", hold)
	s := newSim(t, ready.Generic())
	a := inputBoxApp{s}
	a.frame(nil, "", "")
	s.advance(time.Second)
	s.in("note")
	a.frame(nil, "note", "")
	s.advance(200 * time.Millisecond)
	s.in("\r")
	s.advance(20 * time.Millisecond)
	a.frame([]string{"┃  note"}, "", "")
	sent := s.at()
	s.advance(time.Second)
	s.wantState(ready.Busy)
	s.advance(1500 * time.Millisecond)
	s.wantState(ready.Busy) // past the silence window: not yet answered
	s.advance(hold)
	s.wantState(ready.Ready)
	if got := s.readyAt(sent) - sent; got > hold+10*time.Millisecond || got < hold-10*time.Millisecond {
		t.Errorf("ready %v after the message was drawn, want EchoSilence %v\n%s", got, hold, s.timeline())
	}
}

// A REPL draws its next prompt right under the line it ran: no hold.
func TestEchoWithThePromptUnderItIsNoHold(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out(">>> ")
	s.advance(time.Second)
	s.in("x = 1")
	s.out("x = 1")
	s.advance(200 * time.Millisecond)
	s.in("\r")
	s.out("\r\n>>> ")
	done := s.at()
	s.advance(time.Second)
	s.wantState(ready.Ready)
	if lat := s.readyAt(done) - done; lat > 200*time.Millisecond {
		t.Errorf("ready %v after the prompt, want the quiet window\n%s", lat, s.timeline())
	}
}
