package ready

import "time"

// spinServed reports whether the holds begun since the change were only
// for a runtime's short waits (Go's sysmon: runtimeSpin or less), and the
// look at t reads the program's own timer after one (observe's sysmon
// rule), due later than tune.TimerGrace: that timer begins the change's
// hold, as it does when the look comes while the short wait's hold runs.
// On a loaded machine the looks come sparser: each look past a short
// wait's bound took it for a tick that drew nothing and served the hold,
// and the look 55 ms after sysmon's 10 ms wait read the program's 600 ms
// timer ("1s") with no hold left to begin (corpus
// testdata/load/late-footer-thread.cast: ready 200 ms before its footer).
// A timer due within TimerGrace is a renderer's frame tick (bubbletea's 60
// fps, read "20ms"), a frame the grace is there for: it begins none (one
// hold per change, corpus bubbletea-title-spinner).
func (k *kernelSignal) spinServed(t time.Time) bool {
	return !k.holdEnd.IsZero() && k.heldDue <= runtimeSpin && k.timerAt.Equal(t) && k.timerDue > tune.TimerGrace
}
