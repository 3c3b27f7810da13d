package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// monitor: a program that refreshes its whole screen at a steady period
// while it waits for keys (top, watch-like dashboards, a process or
// resource list) never goes quiet for the silence window and may park its
// cursor anywhere, yet it reads the next key at once. It is ready when:
//
//   - it has refreshed the screen (more rows changed in one burst than an
//     animation touches) at least monitorBursts times at a steady period,
//     with no input between them
//     (each gap between tune.MonitorMinGap and tune.MonitorMaxGap, within a fifth of
//     the one before), at some point of its life: it is a monitor;
//   - the kernel's latest observation, made after the last output, finds
//     its foreground process waiting on the terminal (Watching: a poll or
//     select with the terminal in its set, here with the refresh timer);
//   - the last change was such a refresh (or the reaction to input), and
//     the screen has been still for the quiet window since.
//
// The stronger signals come first: a spinner, status word or progress bar
// on screen holds busy (busy-animation), and the kernel's Working holds
// busy whatever the screen does. Without the kernel's view (not Linux, old
// recordings) it has no opinion. Measured on top -d 1 (the corpus's top):
// never ready before it, as its statistics repaint every second.
type monitorSignal struct {
	bursts  []time.Time     // starts of recent refresh bursts, oldest first
	timers  []time.Duration // per burst, the timer read first after it (signal_monitor_timed.go)
	last    time.Time       // the last change of a refresh burst
	steady  bool            // a steady refresh was seen
	refresh bool            // the latest visible change belonged to a refresh burst
	view    kernel.View
	fresh   bool // the kernel's view was observed after the last output
}

const (
	monitorBursts = 3 // refreshes at a steady period that make a monitor
)

func init() {
	register(signalKind{name: "monitor", rank: rankMonitor, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &monitorSignal{}, nil }})
}

func (m *monitorSignal) seen(f *facts) {
	over, grown := f.changed()
	now := f.lastChange
	if len(over)+len(grown) <= animMaxRows {
		// A small change right after a refresh (its second write) is
		// part of it; anything else ends the monitor's claim on the screen.
		m.refresh = m.refresh && now.Sub(m.last) < tune.MonitorBurst
		if m.refresh {
			m.last = now
		}
		return
	}
	m.refresh = true
	if now.Sub(m.last) >= tune.MonitorBurst || len(m.bursts) == 0 {
		m.addBurst(now)
	}
	m.last = now
	if len(m.bursts) == monitorBursts && steadyGaps(m.bursts) {
		m.steady = true
	}
}

// steadyGaps reports whether the times come at a steady period.
func steadyGaps(ts []time.Time) bool {
	var prev time.Duration
	for i := 1; i < len(ts); i++ {
		g := ts[i].Sub(ts[i-1])
		if g < tune.MonitorMinGap || g > tune.MonitorMaxGap {
			return false
		}
		if prev > 0 && (g-prev > prev/5 || prev-g > prev/5) {
			return false
		}
		prev = g
	}
	return true
}

func (m *monitorSignal) observe(f *facts, ev Event) {
	switch ev.Kind {
	case Kernel:
		m.view, m.fresh = ev.Kernel, true
		m.burstTimer(ev.Kernel)
		m.steady = m.steady || m.timedPair(f)
	case Input:
		// A period is the program's own: a gap with input in it is the
		// program answering, as animation.go's cadences are (opencode
		// redrew its screen after a prompt was typed, after Enter and when
		// the user's message was drawn, 3 s apart, and was called a monitor
		// 4.5 s before its answer: agents/testdata/opencode-not-monitor.cast).
		m.bursts, m.timers = m.bursts[:0], m.timers[:0]
		m.fresh = false
	case Output, Resize:
		m.fresh = false
	}
}

func (m *monitorSignal) vote(f *facts, now time.Time) vote {
	if !m.steady || !m.refresh || !m.fresh || m.view.Wait != kernel.Watching || f.view == nil {
		return vote{}
	}
	quiet, need := now.Sub(f.lastChange), f.prof.Quiet.D()
	if quiet < need && m.settledRefresh(f) {
		return m.settledVote() // signal_monitor_settled.go
	}
	if quiet < need {
		return vote{}.later(f.lastChange.Add(need))
	}
	return vote{verdict: ready, signal: SignalKernel,
		reason: "a screen refreshed at a steady period, still for " + roundMS(quiet).String() +
			", while the foreground process waits on the terminal (" + m.view.Doing + "): a monitor waiting for keys"}
}
