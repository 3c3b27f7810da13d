package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// getchTimer is a curses loop waiting for a key with a timeout of its own
// (nnn's poll on the terminal, a 1 s getch timeout, read "1s").
func getchTimer(timer string) kernel.View {
	return kernel.View{Wait: kernel.Watching, Doing: "nnn poll(tty)", Leader: true, Timer: timer}
}

// waitAfter returns, from a corpus replay, the first waiting transition at
// or after from and its offset; -1 if none.
func waitAfter(trs []ready.Transition, at []time.Duration, from time.Duration) (ready.Transition, time.Duration) {
	for i, tr := range trs {
		if at[i] >= from && tr.State.Waiting() {
			return tr, at[i]
		}
	}
	return ready.Transition{}, -1
}

// A loop's timeout seen to fire and draw nothing twice is its steady tick,
// kept through input: corpus cmus waits in pselect6 with "500ms" after
// every key, and paid 600 ms for it on every turn (its fourth turn,
// ":set show_hidden=true", drawn by 1.445 s, was ready at 2.047 s). Its
// holds are seen served without a look past their bounds: the looks that
// find it as it was are not fed again.
func TestSteadyTickCmus(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "cmus")
	const truth = 1445329 * time.Microsecond // the hook's "ready" after ":set show_hidden=true"
	tr, got := waitAfter(trs, at, 1426318*time.Microsecond)
	if got < truth || got > truth+200*time.Millisecond {
		t.Errorf("ready at +%v (%s), want within 200ms after the truth's +%v\n%s", got, tr.Reason, truth, timeline)
	}
}

// The same for prompt_toolkit's 500 ms poll in ipython: after its first
// answer ("In [2]:" drawn at 3.731 s) the engine waited the poll out once
// more (ready at 4.349 s).
func TestSteadyTickIpython(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "ipython")
	const truth = 3731001 * time.Microsecond
	tr, got := waitAfter(trs, at, 3701910*time.Microsecond)
	if got < truth || got > truth+200*time.Millisecond {
		t.Errorf("ready at +%v (%s), want within 200ms after the truth's +%v\n%s", got, tr.Reason, truth, timeline)
	}
}

// steadyTick drives a curses loop whose 1 s tick is seen to fire and draw
// nothing twice, keys between: the steady tick. As in corpus cmus, the
// first key's reaction is drawn with no look reading the timer after it
// (the looks that find the loop as before are not fed): a key's reaction,
// drawn while a timer is due, and the timer read again with no key between
// would count as a refresh period's repeat (kernel_tick.go), which the
// rule under test is not. It returns ready at +2.43 s.
func steadyTick(t *testing.T) *sim {
	t.Helper()
	s := newSim(t, ready.Generic())
	s.out("sql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s")) // due by +1.005 s
	s.advance(1010 * ms)
	s.kern(getchTimer("1s")) // past it: fired, drew nothing, waits again
	s.wantState(ready.Ready)
	s.in("a")
	s.out("\r\nsql> ")
	s.advance(200 * ms)
	s.wantState(ready.Ready)
	s.in("b")
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s")) // armed again after the key: held once more
	s.advance(200 * ms)
	if s.state().Waiting() {
		t.Fatalf("at +%v: %s with the timer due, want it waited out\n%s", s.at(), s.state(), s.timeline())
	}
	s.advance(810 * ms)
	s.kern(getchTimer("1s")) // fired and drew nothing a second time
	s.wantState(ready.Ready)
	return s
}

func TestSteadyTickHoldsNoMore(t *testing.T) {
	s := steadyTick(t)
	s.advance(10 * ms)
	from := s.at()
	s.in("c")
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s"))
	s.advance(300 * ms)
	if got := s.readyAt(from); got < 0 || got > from+160*ms {
		t.Errorf("ready at +%v after the key at +%v, want the quiet window (150ms), the tick steady\n%s", got, from, s.timeline())
	}
}

// Not for a timer of another reading: it may be the key's own.
func TestSteadyTickNotAnotherTimer(t *testing.T) {
	s := steadyTick(t)
	s.advance(10 * ms)
	from := s.at()
	s.in("c")
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("200ms"))
	s.advance(250 * ms)
	s.neverWaiting(from)
}

// A look that finds the loop waiting with no timer of its own ends the
// steady tick (as it ends a period): what is armed next is new.
func TestSteadyTickEndsWithNoTimer(t *testing.T) {
	s := steadyTick(t)
	s.advance(10 * ms)
	s.kern(getchTimer(""))
	from := s.at()
	s.in("c")
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s"))
	s.advance(300 * ms)
	s.neverWaiting(from)
}

// onceThenRunOut serves the tick once with a look past its bound; after a
// key drawn with no look (as in steadyTick), another key holds for it again
// and the hold runs out with no look past its bound (the looks that find
// the loop as it was are not fed again), mid the look half-way through
// (the timeout, read again part spent: "500ms"). It returns at +2.4 s,
// the second hold over.
func onceThenRunOut(t *testing.T, mid kernel.View) *sim {
	t.Helper()
	s := newSim(t, ready.Generic())
	s.out("sql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s"))
	s.advance(1010 * ms)
	s.kern(getchTimer("1s"))
	s.wantState(ready.Ready)
	s.in("a")
	s.out("\r\nsql> ")
	s.advance(200 * ms)
	s.in("b")
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s")) // due by +2.22 s, held until +2.32 s
	s.advance(500 * ms)
	s.kern(mid)
	s.advance(670 * ms)
	return s
}

// A hold that ran out with nothing drawn, the loop watching, is a tick
// served: input after it makes the tick steady.
func TestSteadyTickRanOut(t *testing.T) {
	s := onceThenRunOut(t, getchTimer("500ms"))
	from := s.at()
	s.in("c")
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(getchTimer("1s"))
	s.advance(300 * ms)
	if got := s.readyAt(from); got < 0 || got > from+160*ms {
		t.Errorf("ready at +%v after the key at +%v, want the quiet window (150ms)\n%s\nnow: %v", got, from, s.timeline(), s.eng.Status())
	}
}

// Not when the hold's last look found output pending or a key unread, nor
// when something was drawn after the hold ran out (the callback's frame,
// late): the tick may have drawn.
func TestSteadyTickRanOutNot(t *testing.T) {
	pending, unread := getchTimer("500ms"), getchTimer("500ms")
	pending.Pending = true
	unread.Unread = 1
	for _, c := range []struct {
		name string
		mid  kernel.View
		late bool
	}{{"output pending", pending, false}, {"input unread", unread, false}, {"drawn late", getchTimer("500ms"), true}} {
		t.Run(c.name, func(t *testing.T) {
			s := onceThenRunOut(t, c.mid)
			if c.late {
				s.out("\r\nfooter")
				s.advance(5 * ms)
			}
			from := s.at()
			s.in("c")
			s.out("\r\nsql> ")
			s.advance(5 * ms)
			s.kern(getchTimer("1s"))
			s.advance(300 * ms)
			s.neverWaiting(from)
		})
	}
}
