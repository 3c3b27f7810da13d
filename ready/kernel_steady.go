package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// A steady tick: the loop's wait timeout, seen to fire and draw nothing
// twice, is kept through input as a refresh period is (kernel_tick.go).
//
// A loop that waits for keys with a timeout (curses' getch timeout and
// halfdelay, a select loop's alarm, prompt_toolkit's terminal-size poll)
// arms the same timeout again after every key: its tick, forgotten at each
// input, held every turn for as long as the timer (corpus nnn: 1 s after a
// key whose reaction was drawn in 3 ms; cmus: 600 ms, every turn). A tick is
// a period that draws nothing, and is treated as one: once seen to fire and
// draw nothing twice (two holds served by it, input between or not), the
// timer of its reading holds no more, input or not. A look that finds the
// loop waiting with no timer of its own and no key unread ends it, as it
// ends a period: nothing of its own is due, and what is armed next is new.
// A tick seen once is kept until the next input, as before: input may arm
// timers of its own (a debounce), and one sighting says little of what a
// timeout of that length is for.
//
// A hold can also be seen served without a look past its bound: the looks
// that find the loop as it was are not fed again (termtest feeds a view
// only when it changes), so a loop whose timer fired and armed again with
// the same reading shows nothing until the next input (corpus cmus: one
// look at start-up, pselect6 "500ms", then none until the key). Input that
// comes after such a hold ran out, with nothing drawn since it began,
// nothing pending and no key unread at the last look, no look since the
// bound, and the loop still watching, is taken as the hold served by its
// tick (ranOut): the timer was due by the bound, and nothing was drawn for
// it within TimerGrace, nor since. Output after the hold ran out is not
// taken so: it may be the callback's, drawn late.

// idled notes a hold served by a tick of length d that drew nothing, while
// the last input was the one at input: the tick known until the next
// input, and, its second time, the steady tick.
func (k *kernelSignal) idled(d time.Duration, input time.Time) {
	counted := k.learned // this hold's tick is counted already
	if !counted && d == k.tick {
		k.idles++
	} else if !counted {
		k.idles = 1
	}
	k.tick, k.tickInput, k.learned = d, input, true
	if k.idles >= 2 {
		k.steady = d
	}
}

// ranOut takes in input at t: a hold that ran its course before it with
// nothing to show is a tick served.
func (k *kernelSignal) ranOut(t time.Time) {
	v := k.view
	if k.holdEnd.IsZero() || k.holdEnd.After(t) || k.holdEnd.Equal(k.timerAt) || k.lastLook.After(k.bound) {
		return // no hold, one still running, one served as it began, or one a look has judged
	}
	if v.Wait != kernel.Watching || v.Pending || v.Unread > 0 || k.heldDue <= runtimeSpin {
		return
	}
	k.idled(k.heldDue, k.lastInput)
}

// steadyKnown reports whether a timer due within d is the loop's steady
// tick.
func (k *kernelSignal) steadyKnown(d time.Duration) bool {
	return k.steady > 0 && d == k.steady
}

// unsteady forgets the steady tick: the loop was seen waiting with nothing
// of its own due.
func (k *kernelSignal) unsteady() {
	k.steady, k.idles = 0, 0
}
