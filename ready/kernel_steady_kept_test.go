package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// A blocked read of the terminal (a question's key, a line typed at a
// prompt of the program's own) keeps the steady tick (kernel_steady_kept.go):
// corpus nnn, back in its poll(tty) with "1s" after its name prompt, was
// held for the tick again (truth +2.363 s, ready +3.368 s).
func TestSteadyTickKeptThroughReadNnn(t *testing.T) {
	steadyKept(t, "nnn", 2359702*time.Microsecond, 2363124*time.Microsecond)
}

// The same for w3m after the "[Hit any key]" of its "!" command (truth
// +3.438 s, ready +4.445 s).
func TestSteadyTickKeptThroughReadW3m(t *testing.T) {
	steadyKept(t, "w3m", 3426843*time.Microsecond, 3438079*time.Microsecond)
}

// steadyKept checks the first waiting state after the input at from: within
// the quiet window and 50 ms after the truth's ready.
func steadyKept(t *testing.T, name string, from, truth time.Duration) {
	t.Helper()
	trs, at, timeline := replayCorpus(t, name)
	tr, got := waitAfter(trs, at, from)
	if got < truth || got > truth+200*time.Millisecond {
		t.Errorf("ready at +%v (%s), want within 200ms after the truth's +%v\n%s", got, tr.Reason, truth, timeline)
	}
}

// In a sim: the steady tick, a look that finds the program blocked in
// read(2) on the terminal, a key, and the tick's timer armed again: it
// holds nothing.
func TestSteadyTickKeptThroughRead(t *testing.T) {
	s := steadyTick(t)
	s.advance(10 * ms)
	s.kern(kernel.View{Wait: kernel.Reading, Doing: "nnn read(tty)", Leader: true})
	from := s.at()
	s.in("c")
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s"))
	s.advance(300 * ms)
	if got := s.readyAt(from); got < 0 || got > from+160*ms {
		t.Errorf("ready at +%v after the key at +%v, want the quiet window (150ms), the tick kept through the read\n%s", got, from, s.timeline())
	}
}
