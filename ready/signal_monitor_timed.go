package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// A monitor known by its timer: at start-up, two refreshes whose gap is
// the timeout the kernel read the loop waiting with after each of them.
//
// The monitor signal wants monitorBursts refreshes at a steady period, so a
// program that refreshes every second waited two periods on its first turn
// (corpus top 2.18 s, htop 2.22 s after the truth's ready). The kernel
// tells the period sooner: after its first frame the loop waits on the
// terminal with a timeout (top's pselect6 "1s"), the refresh comes when it
// runs out, and after the refresh the loop waits again with the same
// reading. Two refreshes, the gap between them what the timer read after
// the first allows (over the reading one 1-2-5 step below) plus the
// refresh's own work (at most twice the reading, as the kernel signal
// counts a repeat: live, at load 23, top read /proc for 110 ms after its
// timer fired, a gap of 1.116 s), the same reading after the second: the
// timer is the refresh's, and the program is a monitor.
//
// Only before the first input: then nothing but the program's own timers
// draws, and the truth of every corpus program with such a start-up (top,
// htop) is ready at its first frame. After input a refresh-sized answer on
// a timer followed by a footer on a timer of the same reading (an agent's
// answer, then its status line) would pass for a period; there the three
// refreshes stay the rule. The kernel signal counts a timer that drew and
// was due again once as a period at start-up likewise
// (kernel_startup_period.go), so its hold does not wait out the second
// refresh either.

// burstTimer notes the timer a look after the latest refresh burst read,
// the first one read since that burst began.
func (m *monitorSignal) burstTimer(v kernel.View) {
	if len(m.bursts) == 0 || len(m.timers) != len(m.bursts) || m.timers[len(m.timers)-1] > 0 {
		return
	}
	if d, ok := v.TimerDue(); ok && v.Wait == kernel.Watching && !v.Pending && d > runtimeSpin {
		m.timers[len(m.timers)-1] = d
	}
}

// timedPair reports whether the last two refresh bursts, before any input,
// came at the period the loop's timer gives.
func (m *monitorSignal) timedPair(f *facts) bool {
	n := len(m.bursts)
	if !f.inputAt.IsZero() || n < 2 || len(m.timers) != n {
		return false
	}
	t1, t2 := m.timers[n-2], m.timers[n-1]
	gap := m.bursts[n-1].Sub(m.bursts[n-2])
	return t1 > 0 && t1 == t2 && gap >= tune.MonitorMinGap && gap <= tune.MonitorMaxGap &&
		gap > stepBelow(t1) && gap <= 2*t1
}

// addBurst appends a burst begun at t, with no timer read after it yet,
// keeping the last monitorBursts.
func (m *monitorSignal) addBurst(t time.Time) {
	m.bursts, m.timers = append(m.bursts, t), append(m.timers, 0)
	if len(m.bursts) > monitorBursts {
		m.bursts, m.timers = m.bursts[1:], m.timers[1:]
	}
}
