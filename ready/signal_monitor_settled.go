package ready

import "github.com/ttyrig/ttyrig/kernel"

// A monitor known by its timer, ready when the kernel finds its loop back
// in its wait after the refresh rather than a quiet window later.
//
// At start-up the monitor signal takes two refreshes at the period the
// loop's timer gives for a monitor (signal_monitor_timed.go). The look
// that finds the loop waiting on the terminal again with that same timer,
// made after the refresh's last byte, with no output pending and no key
// unread, says the refresh is drawn whole: the loop can draw nothing more
// before its timer runs out again or a key comes, as a reader blocked in
// read(2) can draw nothing more. The quiet window on top of that only
// waited (corpus top: 1.165 s for the first turn, the refresh drawn 1.015
// s after the truth's ready at the first frame, then 150 ms of quiet;
// htop 1.187 s).
//
// The first turn cannot be shorter than the loop's timer plus the
// refresh's own work: the first frame is followed by a wait on the
// terminal with a 1 s timer, which is what a loop doing silent work on a
// timer shows too (corpus blessed-status, tview-status, urwid: a 1 s
// timer, Still, while truly busy), so the first firing must be seen.

// settledRefresh reports whether the latest look, fresh, finds the loop
// of a monitor known by its timer at start-up waiting again with the
// timer its last refresh armed.
func (m *monitorSignal) settledRefresh(f *facts) bool {
	n := len(m.timers)
	if !m.fresh || n == 0 || !m.timedPair(f) {
		return false
	}
	v := m.view
	d, ok := v.TimerDue()
	return ok && d == m.timers[n-1] && v.Wait == kernel.Watching && !v.Pending && v.Unread == 0
}

// settledVote is the monitor's ready on a settled refresh.
func (m *monitorSignal) settledVote() vote {
	return vote{verdict: ready, signal: SignalKernel,
		reason: "a screen refreshed at the period its loop's timer gives, drawn whole: the foreground process waits on the terminal again with that timer (" + m.view.Doing + "): a monitor waiting for keys"}
}
