package ready

import (
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// Quiet proven: a time before which the kernel's view shows the program
// cannot draw, but for input, a resize or a signal (facts.quietTill). The
// screen's quiet windows (the cursor's, a question's) wait to see that
// nothing more is drawn; where the kernel proves nothing can be, they are
// met already.
//
// The proof. A look finds the program Still (kernel.View.Still: every
// thread waits for the terminal or the program's own wake-ups, none ran
// since the look before), nothing pending, nothing unread, and one thread
// of the group waiting on the terminal with a timeout, every other process
// a parent in wait4 (a tracer, a wrapper: they draw nothing until their
// child ends). That thread drew the screen and has not run since: it
// entered its wait after the look that preceded the latest look finding
// the group had run (ran). Its timers are all due at or after its wait's
// timeout, and the reading says the timeout was more than the reading's
// 1-2-5 step below (stepBelow: "500ms" is more than 200 ms). So nothing of
// its own can fire, and nothing be drawn, before ran + stepBelow(reading).
// The reading is the shortest timeout of the wait: a longer timer hidden
// behind it fires later still (round 11's audit, corpus/ticks.go: such
// timers are why an idle tick proves nothing about later; a bound before
// the tick is what it proves).
//
// Only one thread with the timers, and it the one that drew: with several,
// the timeout read may be another thread's, armed long before the last
// frame (a Go runtime's, node's workers), and due any time. A relay (tmux)
// is several processes drawing: no proof. Nor for a program that catches
// the signals of timers armed outside its wait (alarm(2), setitimer:
// kernel.View.Alarm): they are in no timeout the kernel shows.
//
// The proof ends at any event but a kernel look: output (the screen
// changed: the quiet windows start again), input, a resize.
type quietProof struct {
	prev time.Time // the look before the latest one
	// ran: a lower bound on when the thread that waits entered its
	// wait: the look before the latest look that found the group had
	// run (not Still); zero: none known yet.
	ran time.Time
}

// look takes in an event: a kernel look may prove quiet; any other event
// ends a proof.
func (q *quietProof) look(f *facts, ev Event) {
	if ev.Kind != Kernel {
		f.quietTill = time.Time{} // the event itself moves facts.rev
		return
	}
	v := ev.Kernel
	if !v.Still {
		q.ran = q.prev
	}
	q.prev = ev.Time
	till := time.Time{}
	if d, ok := v.TimerDue(); ok && v.Still && !v.Alarm && v.Wait == kernel.Watching && !v.Pending && v.Unread == 0 &&
		!q.ran.IsZero() && oneWaiter(v.Doing) {
		till = q.ran.Add(stepBelow(d))
	}
	if !till.Equal(f.quietTill) {
		f.quietTill = till
		f.rev++ // the cursor and question signals read it (kept.go)
	}
}

// oneWaiter reports whether a look's Doing names one single-threaded
// process waiting on the terminal, every other process of the group a
// parent in wait4: "nnn poll(tty)", "strace wait4, w3m pselect6(tty)".
func oneWaiter(doing string) bool {
	if strings.Contains(doing, kernel.AmongThreads) || strings.Contains(doing, ";") {
		return false
	}
	tty := 0
	for _, part := range strings.Split(doing, ", ") {
		switch {
		case strings.HasSuffix(part, "(tty)"):
			tty++
		case !strings.HasSuffix(part, " wait4"):
			return false
		}
	}
	return tty == 1
}

// provenQuiet returns how long the screen is proven still for, counted
// from since, at now: the quiet seen (now - since), or, while the kernel
// proves nothing can be drawn before quietTill, the quiet it will have
// had by then; and whether the proof made it longer. Not while a terminal
// query is unanswered: its answer comes as input does, and may be drawn.
func (f *facts) provenQuiet(now, since time.Time) (time.Duration, bool) {
	seen := now.Sub(since)
	if _, asked := f.proto.queryPending(); asked {
		return seen, false
	}
	if f.quietTill.After(now) && f.quietTill.Sub(since) > seen {
		return f.quietTill.Sub(since), true
	}
	return seen, false
}
