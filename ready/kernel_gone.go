package ready

import (
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// A held timer gone, its callback perhaps about to draw. The kernel signal
// holds an event loop for a timer of its own until it could have fired and
// its callback drawn (kernel_tick.go). A look that finds the loop with no
// timer at all ends that hold: nothing of its own is due. But the timer
// has just fired there, and unless the look also finds the loop Still
// (nothing run since the look before), its callback may be running on
// another thread, not yet written: live, late-footer-thread's look found
// its 600 ms footer timer gone 2.4 ms before the footer was written, the
// hold ended, and the cursor signal called the box ready 0.5 ms before the
// program's own mark (corpus, round 10's whole live run). Such a look holds
// for tune.TimerGrace more, the time a timer's callback is given to draw,
// until something is drawn or a look finds the loop Still. Only among
// threads: one thread found back in its wait has ended its callback
// (neomutt's worker, gone with its timer, left its main thread in poll);
// and not for a runtime's short wait (runtimeSpin: Go's sysmon, gocui), though the
// hold itself counts as served (kernel_tick.go, ticked: the third turn of
// the same run read the timer "1ms", then gone, and the footer was
// written 50 ms later).

// timerGone reports whether a look, made while a hold for a timer runs,
// finds the loop watching with no timer and not Still (asked before the
// look is taken in).
func (k *kernelSignal) timerGone(ev Event) bool {
	v := ev.Kernel
	if _, due := v.TimerDue(); due || k.timerAt.IsZero() || k.timerDue <= runtimeSpin || k.timerDue > tune.TimerHold ||
		v.Still || v.Wait != kernel.Watching || !strings.Contains(v.Doing, kernel.AmongThreads) ||
		!k.unserved(ev.Time) || !ev.Time.Before(k.timerAt.Add(k.timerDue+tune.TimerGrace)) {
		return false
	}
	return true
}

// goneHold reports whether a held timer was found gone within
// tune.TimerGrace of now, nothing drawn since, and the loop not found
// Still since.
func (k *kernelSignal) goneHold(now time.Time) bool {
	return !k.goneAt.IsZero() && now.Before(k.goneAt.Add(tune.TimerGrace)) && !k.view.Still && k.view.Wait == kernel.Watching
}
