package ready

import "time"

// One hold per change. An event loop with a timer of its own due soon is
// held once after each visible change, until the timer could have fired
// and drawn (signal_kernel.go). A loop whose timer ticks faster than it is
// looked at (bubbletea's renderer, 60 times a second) is read now with a
// timer, now without one, now with a longer one, and each such reading
// began a hold anew: the engine, ready once the first was served, turned
// busy again with nothing drawn, tick after tick (corpus
// bubbletea-title-spinner: ready, busy, ready four times in 500 ms, and
// 268 ms late). Once the change's hold was served, a timer read later
// holds no more until the screen changes again; one read while it runs
// (a runtime's short wait giving way to the program's timer) moves it.

// holding notes, after a look at t, the hold the timer read begins: the
// first since the change, or one read while that one runs.
func (k *kernelSignal) holding(t time.Time) {
	if !k.timerAt.Equal(t) || k.timerDue > tune.TimerHold {
		return // no timer read at t, or one too far out to hold
	}
	if k.holdEnd.IsZero() || t.Before(k.holdEnd) {
		k.holdEnd = t.Add(k.timerDue + tune.TimerGrace)
	}
}

// unserved reports whether the timer now due was read before the change's
// hold was over.
func (k *kernelSignal) unserved() bool {
	return k.holdEnd.IsZero() || k.timerAt.Before(k.holdEnd)
}
