package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// How long the kernel signal holds an event loop for a timer of its own
// (signal_kernel.go: once per visible change, until the timer could have
// fired and its callback drawn). Three rules bound it by what the looks
// show:
//
//   - One hold per change. A loop whose timer ticks faster than it is
//     looked at (bubbletea's renderer, 60 times a second) is read now with
//     a timer, now without one, now with a longer one, and each such
//     reading began a hold anew: the engine, ready once the first was
//     served, turned busy again with nothing drawn, tick after tick
//     (corpus bubbletea-title-spinner: ready, busy, ready four times in
//     500 ms). Once the change's hold was served, a timer read later
//     holds no more until the screen changes again; one read while it
//     runs (a runtime's short wait giving way to the program's timer)
//     moves it.
//   - A tick that drew nothing. Every reading bounds when the earliest
//     timer fires (the look's time plus the timeout the wait was made
//     with, read rounded up). A look past that bound that finds the loop
//     waiting again, nothing pending, nothing drawn since the change (a
//     change ends the hold), saw the timer fire and its callback end
//     without drawing: the hold is served then, not TimerGrace later. So
//     did a look before that bound that reads the loop's earliest timer
//     due after it (the poll armed again at full length, asyncio woken a
//     few ms early): the held timer is no longer pending (rearmed).
//   - A tick known. Such a timer, seen since the last input, is the
//     loop's tick (prompt_toolkit's terminal-size poll, node's keep-alive,
//     curses' getch timeout): a timer of the same length read after the
//     next change is that tick again, and holds nothing. A timer of
//     another length (read in another 1-2-5 step) still holds; input forgets the tick (it may arm
//     timers of its own), unless it was seen so twice: then it is the loop's steady tick, kept
//     through input as a period is (kernel_steady.go).
//   - A period known. A timer that drew and was due again twice with no
//     input between is a refresh period (top, htop: signal_kernel.go,
//     repeats), and it holds nothing. Input does not end a period: top
//     re-sorts its list on a key, draws at once, and refreshes every
//     second as before; it waited out two refreshes again after every
//     key (corpus top: 2.18 s after "P"; the look that finds the key
//     unread reads no timer, which ends repeats). Only a timer of the
//     period's length (within twice either way) is taken for it, and a
//     look that finds the loop waiting with no timer and no key unread
//     ends the period: nothing of its own is due (late-footer-thread,
//     live: a false period from its start-up, kept through a blocked
//     read, let its footer's 600 ms timer go unwaited, early).

// holding notes, after a look at t, the hold the timer read begins: the
// first since the change, or one read while that one runs; none for a
// timer as long as the tick known.
func (k *kernelSignal) holding(f *facts, t time.Time) {
	if k.repeats >= k.periodRepeats(f) && k.timerAt.Equal(t) {
		k.period = k.timerDue
	}
	if !k.timerAt.Equal(t) || k.timerDue > tune.TimerHold {
		return // no timer read at t, or one too far out to hold
	}
	if k.holdEnd.IsZero() || t.Before(k.holdEnd) || k.spinServed(t) {
		k.holdEnd, k.bound, k.heldDue, k.learned = t.Add(k.timerDue+tune.TimerGrace), t.Add(k.timerDue), k.timerDue, false
		if k.tickKnown(f, k.timerDue) {
			k.holdEnd = t // the loop's tick: served as it begins
		}
	}
}

// ticked takes in a look made while a hold runs: a wait past the timer's
// bound is the tick done, having drawn nothing; a shorter reading brings
// the bound closer.
func (k *kernelSignal) ticked(f *facts, ev Event) {
	v := ev.Kernel
	if k.holdEnd.IsZero() || v.Pending || v.Unread > 0 || (v.Wait != kernel.Watching && v.Wait != kernel.Reading) {
		return
	}
	if ev.Time.After(k.bound) || k.rearmed(ev) {
		// Also once the hold ran out (TimerGrace) before a look came: the
		// looks that find the loop as it was are not fed again, and node's
		// tick, re-armed between two of them, showed only 230 ms later.
		k.idled(k.heldDue, f.inputAt)
		if ev.Time.Before(k.holdEnd) {
			k.holdEnd = ev.Time
		}
		return
	}
	if !k.unserved(ev.Time) {
		return
	}
	// A shorter reading bounds the held timer only if it could be that
	// timer: not due before the earliest the held one could (its reading's
	// step below, from the look that first read it). One sooner is
	// another timer (Go's sysmon read "5ms" 5 ms into a 500 ms sleep,
	// corpus widget-late): it bounds nothing of the held one.
	if d, ok := v.TimerDue(); ok && ev.Time.Add(d).Before(k.bound) && !ev.Time.Add(d).Before(k.timerAt.Add(stepBelow(k.timerDue))) {
		k.bound = ev.Time.Add(d)
	}
}

// rearmed reports whether the look finds the loop's earliest timer due
// after the held one's latest due time: the held timer is gone, fired (or
// cancelled) before its bound. A reading d means a timeout over
// stepBelow(d). asyncio wakes a few ms before the bound its reading gives
// and arms the poll again at once (corpus ipython: the 500 ms poll, read
// again at 2.636 s, its hold bound at 2.641 s): the look after the bound
// comes a poll later, or never before the hold runs out. The reading is
// the shortest timeout among the group's waiting threads: a thread running
// at the look shows none, as for a look past the bound (its callback may
// be what runs); a loop that watches the terminal holds its own timers.
func (k *kernelSignal) rearmed(ev Event) bool {
	d, ok := ev.Kernel.TimerDue()
	return ok && !ev.Time.Add(stepBelow(d)).Before(k.bound)
}

// stepBelow returns the reading one 1-2-5 step below d (kernel.View.Timer
// reads a timeout rounded up to the next step, so the timeout was more than
// this): 500 ms below 1 s, 200 ms below 500 ms, none below 1 ms; half of a
// value off the steps.
func stepBelow(d time.Duration) time.Duration {
	for s := time.Millisecond; s <= d; s *= 10 {
		switch d {
		case s:
			return s / 2
		case 2 * s:
			return s
		case 5 * s:
			return 2 * s
		}
	}
	if d <= time.Millisecond {
		return 0
	}
	return d / 2
}

// tickKnown reports whether a timer due within d is the loop's tick, seen
// to fire and draw nothing since the last input.
func (k *kernelSignal) tickKnown(f *facts, d time.Duration) bool {
	return k.tick > 0 && f.inputAt.Equal(k.tickInput) && d == k.tick || k.steadyKnown(d)
}

// periodic reports whether the timer due is a refresh period's: repeated
// since the last input, or as long as a period seen before (within twice
// either way, as repeats counts).
func (k *kernelSignal) periodic(f *facts) bool {
	return k.repeats >= k.periodRepeats(f) || k.period > 0 && k.timerDue >= k.period/2 && k.timerDue <= 2*k.period
}

// unserved reports whether the hold for the timer now due runs at now: it
// was read before the change's hold was over, and that is not over yet.
func (k *kernelSignal) unserved(now time.Time) bool {
	return k.holdEnd.IsZero() || (k.timerAt.Before(k.holdEnd) && now.Before(k.holdEnd))
}
