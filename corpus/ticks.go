package corpus

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/recordings"
)

// TickLook is a kernel look that found an event loop idle but for a timer
// already seen to fire and draw nothing: the loop waits on the terminal and
// its own wake-ups alone (kernel.View.Still), nothing pending, no input
// unread, and its timer due reads as a timer that fired earlier in the
// session with nothing drawn and no input between (an idle tick, as
// prompt_toolkit's size poll, node's keep-alive interval, curses' getch
// timeout are). The audit of round 11 ("Round 11: timers due",
// docs/CORPUS.md): would "Still, and the only timer due is an idle tick"
// tell a loop that can act on nothing but input, as "Still, no timer" does?
type TickLook struct {
	At    time.Duration // from the start
	Timer string        // the reading, as View.Timer ("500ms")
	// Busy: the truth said busy at the look (its last ready or busy mark
	// before it was busy, or there was none), and the program had drawn
	// since the last input (its reaction, as the engine's reaction signal
	// waits for): a rule trusting the idle tick would have been early
	// here. The tick hides every timer due after it (the reading is the
	// shortest timeout of the wait).
	Busy bool
}

// IdleTickLooks returns the looks of a recording that find an event loop
// Still with only an idle tick due (TickLook), in order. A timer of
// reading R counts as idle once a Still look read R at a and a later look,
// at or after a + R (the timer was due by then: the reading bounds the
// timeout from above), found the loop waiting again with no output and no
// input since a. A reading counts as one timer: the audit is about what
// the looks can tell, and they tell no more.
func IdleTickLooks(cast *asciicast.Cast) ([]TickLook, error) {
	type armed struct{ at time.Duration }
	var (
		out       []TickLook
		idle      = map[string]bool{}
		arm       = map[string]armed{} // the Still look that read R, since the last output or input
		busy      = true               // the truth's state: busy until the first ready mark
		lastEvent time.Duration        // the last output or input
		reacted   = true               // output since the last input
	)
	for _, e := range cast.Events {
		switch e.Kind {
		case asciicast.Output, asciicast.Input, asciicast.Resize:
			clear(arm)
			lastEvent = e.Time
			reacted = e.Kind != asciicast.Input && (reacted || e.Kind == asciicast.Output)
			continue
		case asciicast.Marker:
			switch e.Data {
			case recordings.MarkReady:
				busy = false
			case recordings.MarkBusy:
				busy = true
			}
			continue
		case asciicast.Kernel:
		default:
			continue
		}
		var v kernel.View
		if err := json.Unmarshal([]byte(e.Data), &v); err != nil {
			return nil, fmt.Errorf("kernel look at %v: %w", e.Time, err)
		}
		waiting := v.Wait == kernel.Watching || v.Wait == kernel.Reading
		for r, a := range arm {
			d, _ := time.ParseDuration(r)
			if waiting && !v.Pending && v.Unread == 0 && e.Time >= a.at+d {
				idle[r] = true // fired by now, nothing drawn, no input
				delete(arm, r)
			}
		}
		if v.Wait != kernel.Watching || !v.Still || v.Pending || v.Unread > 0 || v.Timer == "" {
			continue
		}
		if _, ok := arm[v.Timer]; !ok && e.Time >= lastEvent {
			arm[v.Timer] = armed{at: e.Time}
		}
		if idle[v.Timer] && (reacted || !busy) {
			out = append(out, TickLook{At: e.Time, Timer: v.Timer, Busy: busy})
		}
	}
	return out, nil
}
