package ready

// A period at start-up: before the first input, a timer that drew and was
// due again once is a refresh period (kernel_tick.go), not twice.
//
// The kernel signal takes a timer that drew and was due again twice, no
// input between, for a refresh period, and holds no more for it. One
// repeat is what an answer drawn by a timer and a footer drawn by the next
// one show (late-footer-thread after a key: its answer on a 1.2 s sleep
// read "2s", its footer 600 ms later read "1s"), so after input it stays
// two. Before any input only the program's own timers draw, and a loop
// that waits on the terminal, draws when its timeout runs out and waits
// again is refreshing its screen (corpus top, htop: the first turn waited
// out the second refresh, 2.2 s after a truth of "ready at the first
// frame"). The monitor signal's start-up rule gives the ready
// (signal_monitor_timed.go); without it the screen's signals decide as
// for any period.

// periodRepeats returns how many repeats of a timer that drew make a
// period: one before the first input, two after.
func (k *kernelSignal) periodRepeats(f *facts) int {
	if f.inputAt.IsZero() {
		return 1
	}
	return 2
}
