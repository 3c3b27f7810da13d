package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// A line taken with nothing drawn after it is no longer held for an answer
// once a look finds the program Still after the Enter
// (signal_unanswered_still.go): corpus weechat took "/wait 1 /print
// built" off its input line and read keys at once (truth +1.816 s); the
// unanswered hold kept it busy until the /wait printed (+2.967 s).
func TestUnansweredReleasedByStillWeechat(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "weechat")
	const truth = 1816193 * time.Microsecond
	tr, got := waitAfter(trs, at, 1811225*time.Microsecond)
	if got < truth || got > truth+200*time.Millisecond {
		t.Errorf("ready at +%v (%s), want within 200ms after the truth's +%v\n%s", got, tr.Reason, truth, timeline)
	}
}

// takenLine draws an agent-like box, types a line and sends it, and takes
// it off the box with nothing else drawn; it returns the sim and the Enter's
// offset.
func takenLine(t *testing.T) (*sim, time.Duration) {
	t.Helper()
	s := newSim(t, ready.Generic())
	a := inputBoxApp{s}
	a.frame(nil, "", "/work")
	s.advance(time.Second)
	s.in("think slowly")
	a.frame(nil, "think slowly", "/work")
	s.advance(300 * ms)
	s.in("\r")
	enter := s.at()
	s.advance(5 * ms)
	a.frame(nil, "", "/work") // the box emptied
	s.advance(5 * ms)
	return s, enter
}

// A look that finds the program not Still (its loop ran, a socket or a
// worker thread in its set) keeps the hold: the answer may be on its way.
func TestUnansweredNotReleasedByALoopAtWork(t *testing.T) {
	s, enter := takenLine(t)
	s.kern(kernel.View{Wait: kernel.Watching, Doing: "node epoll_pwait(tty) among threads", Leader: true, Timer: "2s"})
	s.advance(700 * ms)
	s.neverWaiting(enter)
}

// A look that finds it Still releases it: the screen's signals decide. With
// a timer due in 2 s (past tune.TimerHold, short of tune.StillTimer) the
// kernel signal neither holds nor calls it ready itself.
func TestUnansweredReleasedByStill(t *testing.T) {
	s, enter := takenLine(t)
	s.kern(kernel.View{Wait: kernel.Watching, Doing: "weechat poll(tty)", Leader: true, Still: true, Timer: "2s"})
	s.advance(700 * ms)
	if got := s.readyAt(enter); got < 0 || got > enter+200*ms {
		t.Errorf("ready at +%v after the Enter at +%v, want within the quiet window of the box emptied\n%s", got, enter, s.timeline())
	}
}
