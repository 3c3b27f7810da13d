// Package seeds holds the readiness rules of the project's seed documents,
// implemented faithfully as detectors so benchmarks and calibration can run
// them side by side with ready.Engine over the same events. They are
// yardsticks, not alternatives: each fails in a way the measurements show
// (see ../shared/research). They are not part of ttyrig's API.
package seeds

import (
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// Detector turns a terminal's events into readiness transitions, as
// ready.Engine does (it is one). Implementations never sleep, start
// goroutines or read the wall clock.
type Detector interface {
	// Name says which detector this is, for tables and reports.
	Name() string
	// Observe feeds one event and returns the transitions it caused.
	Observe(ev ready.Event) []ready.Transition
	// Tick tells the detector that time has reached now with no new event.
	Tick(now time.Time) []ready.Transition
	// Deadline returns when Tick must next be called for the detector to
	// decide something; false when only a new event can change its mind.
	Deadline() (time.Time, bool)
	// Current returns the latest transition.
	Current() ready.Transition
	// Timeline returns every transition so far, oldest first.
	Timeline() []ready.Transition
}

var _ Detector = (*ready.Engine)(nil)

// Run feeds d the events in order on a virtual clock, ticking it exactly at
// each of its deadlines on the way (a deadline due with an event fires
// first, as a live timer set before the event would), and on until until.
func Run(d Detector, evs []ready.Event, until time.Time) {
	tick := func(to time.Time) {
		for {
			dl, ok := d.Deadline()
			if !ok || dl.After(to) {
				return
			}
			d.Tick(dl)
		}
	}
	for _, ev := range evs {
		tick(ev.Time)
		d.Observe(ev)
	}
	tick(until)
}

// Each seed rule gets the same freshness rule the harness applies to the engine:
// after input, it is busy until the program's output reacts.

// Silence is seed 001's rule: ready once no byte of output arrived
// for d (3 s in the seed).
func Silence(d time.Duration) Detector {
	b := &baseline{name: spaced(d) + " silence"}
	b.rule = func(now time.Time) (bool, time.Time) {
		if now.Sub(b.lastOut) >= d {
			return true, time.Time{}
		}
		return false, b.lastOut.Add(d)
	}
	b.reason = fmt.Sprintf("no output for %v", d)
	return b
}

// Column is seed 000's recipe: ready when the cursor column is at
// least col, no output arrived for quiet, and the screen was not cleared in
// the last 500 ms (col 3 and 150 ms in the seed).
func Column(col int, quiet time.Duration) Detector {
	b := &baseline{name: fmt.Sprintf("cursor column ≥ %d + %s quiet", col, spaced(quiet))}
	const clearGuard = 500 * time.Millisecond
	b.rule = func(now time.Time) (bool, time.Time) {
		if clr := b.snap.LastClear(); !clr.IsZero() && now.Sub(clr) < clearGuard {
			return false, clr.Add(clearGuard)
		}
		if now.Sub(b.lastOut) < quiet {
			return false, b.lastOut.Add(quiet)
		}
		return b.snap.Cursor().Col >= col, time.Time{}
	}
	b.reason = fmt.Sprintf("cursor column >= %d and %v without output", col, quiet)
	return b
}

// Poll is seed 002's tmux loop: capture the screen text every
// interval and call it ready after n captures in a row equal to the one
// before (1 s and 3 in the seed). The cycle restarts at every input, as the
// seed starts polling after it sends keys.
func Poll(interval time.Duration, n int) Detector {
	b := &baseline{name: fmt.Sprintf("poll %s × %d", spaced(interval), n)}
	var last string
	var stable int
	var nextPoll time.Time
	b.onStart = func(t time.Time) { last, stable, nextPoll = "", 0, t.Add(interval) }
	b.onInput = b.onStart
	b.rule = func(now time.Time) (bool, time.Time) {
		for !nextPoll.After(now) {
			if text := b.snap.Text(); text == last {
				stable++
			} else {
				last, stable = text, 0
			}
			nextPoll = nextPoll.Add(interval)
			if stable >= n {
				return true, nextPoll
			}
		}
		return stable >= n, nextPoll
	}
	b.pollOnly = true
	b.reason = fmt.Sprintf("%d equal captures %v apart", n, interval)
	return b
}

// baseline is the state machine the seed rules share.
type baseline struct {
	name   string
	reason string
	// rule says whether the program is ready at now and, if not (or to keep
	// polling), when to ask again.
	rule             func(now time.Time) (bool, time.Time)
	onStart, onInput func(t time.Time)
	pollOnly         bool // output does not reset the state; only polls decide

	started, exited, awaiting bool
	snap                      screen.Snapshot
	lastOut                   time.Time
	next                      time.Time
	timeline                  []ready.Transition
}

func (b *baseline) Name() string { return b.name }

func (b *baseline) Observe(ev ready.Event) []ready.Transition {
	if b.exited {
		return nil
	}
	var out []ready.Transition
	if !b.started {
		b.started, b.lastOut = true, ev.Time
		if b.onStart != nil {
			b.onStart(ev.Time)
		}
		out = b.to(out, ev.Time, ready.Starting, "first event")
	}
	if ev.Screen.Cursor().Row > 0 || ev.Kind == ready.Output {
		b.snap = ev.Screen
	}
	switch ev.Kind {
	case ready.Exit:
		b.exited = true
		return b.to(out, ev.Time, ready.Exited, fmt.Sprintf("exited with status %d", ev.Code))
	case ready.Output:
		b.lastOut, b.awaiting = ev.Time, false
		if !b.pollOnly && b.Current().State.Waiting() {
			out = b.to(out, ev.Time, ready.Busy, "output")
		}
	case ready.Input:
		b.awaiting = true
		if b.onInput != nil {
			b.onInput(ev.Time)
		}
		out = b.to(out, ev.Time, ready.Busy, "input sent")
	}
	return append(out, b.decide(ev.Time)...)
}

func (b *baseline) Tick(now time.Time) []ready.Transition {
	if b.exited || !b.started {
		return nil
	}
	return b.decide(now)
}

func (b *baseline) decide(now time.Time) []ready.Transition {
	b.next = time.Time{}
	ok, next := b.rule(now)
	if next.After(now) {
		b.next = next
	}
	if b.awaiting {
		return nil
	}
	if ok && !b.Current().State.Waiting() {
		return b.to(nil, now, ready.Ready, b.reason)
	}
	if !ok && b.pollOnly && b.Current().State.Waiting() {
		return b.to(nil, now, ready.Busy, "screen changed between captures")
	}
	return nil
}

func (b *baseline) to(out []ready.Transition, t time.Time, s ready.State, why string) []ready.Transition {
	if c := b.Current(); len(b.timeline) > 0 && c.State == s {
		return out
	}
	tr := ready.Transition{Time: t, State: s, Signal: ready.SignalOutput, Reason: why, Cursor: b.snap.Cursor()}
	b.timeline = append(b.timeline, tr)
	return append(out, tr)
}

func (b *baseline) Deadline() (time.Time, bool) {
	return b.next, !b.next.IsZero() && !b.exited
}

func (b *baseline) Current() ready.Transition {
	if len(b.timeline) == 0 {
		return ready.Transition{State: ready.Starting}
	}
	return b.timeline[len(b.timeline)-1]
}

func (b *baseline) Timeline() []ready.Transition {
	return append([]ready.Transition(nil), b.timeline...)
}

// All returns the three seed baselines with the seeds' numbers: 3 s
// silence (001), 1 s polling with 3 stable captures (002), column >= 3 with
// 150 ms quiet (000).
func All() []Detector {
	return []Detector{
		Silence(3 * time.Second),
		Poll(time.Second, 3),
		Column(3, 150*time.Millisecond),
	}
}

// spaced writes a duration as people write one in prose: "150 ms", "3 s".
func spaced(d time.Duration) string {
	s := d.String()
	if i := strings.IndexFunc(s, func(r rune) bool { return r != '.' && (r < '0' || r > '9') }); i > 0 {
		return s[:i] + " " + s[i:]
	}
	return s
}
