package ready

import (
	"fmt"
	"time"
)

// busy-gone: a screen still for the quiet window with none of the
// profile's busy markers on it is ready, wherever the cursor is. For
// programs that draw their own input box and park the terminal's cursor
// (grok, pi, Continue: hidden at column 1 even at their prompt), so the
// cursor signal never finds an input position and only the silence
// fallback decided. It is only as good as the busy markers and the quiet
// window: recordings.Learn selects it for a program whose cursor is parked
// where it waits and whose busy markers it learnt, with a quiet window
// longer than every pause no busy marker showed, or the shortest one never
// early on the recordings replayed, each plus a margin.
//
// It is asked after every hold (input not reacted to, a question, busy
// markers and animations, an unclassified animation's cadence) and before
// the cursor signal; any busy marker on screen, even one too stale to hold,
// keeps it silent.
//
// A spec's settle, when set and shorter than the quiet window, is the
// window after the change that took the last busy marker off the screen:
// for a program whose frame that removes its spinner line is its last one
// (recordings.Learn learns it from every turn it saw, busy frames that
// removed a marker and drew on included).

type busyGoneSignal struct {
	settle time.Duration // zero: the quiet window
}

func init() {
	register(signalKind{name: "busy-gone", rank: rankBusyGone,
		doc: "a screen still for the quiet window with no busy marker on it is ready, wherever the cursor is: for programs that park the terminal's cursor and whose busy markers show on every busy screen they pause on",
		build: func(p Profile, spec SignalSpec) (signal, error) {
			if len(p.Busy) == 0 {
				return nil, fmt.Errorf("busy-gone: the profile has no busy markers to be gone")
			}
			if spec.Settle < 0 {
				return nil, fmt.Errorf("busy-gone: settle %v, want 0 (the quiet window) or more", spec.Settle)
			}
			return busyGoneSignal{settle: spec.Settle.D()}, nil
		}})
}

// rankBusyGone puts it after a screen cleared and redrawn in stages, before
// the cursor signal.
const rankBusyGone = 970

// steady (kept.go): it abstains for reasons the clock does not move, or until the quiet window ends, when it
// asks to be looked at again.
func (busyGoneSignal) steady() {}

func (busyGoneSignal) seen(*facts) {}

func (b busyGoneSignal) vote(f *facts, now time.Time) vote {
	if f.view == nil || f.view.blank || f.reaction.awaiting || len(f.view.busy) > 0 || f.lastChange.IsZero() {
		return vote{}
	}
	need, quiet := f.prof.Quiet.D(), now.Sub(f.lastChange)
	what := "no busy marker on a screen still"
	if b.settle > 0 && b.settle < need && f.prev != nil && len(f.prev.busy) > 0 {
		need, what = b.settle, "the last busy marker gone, the screen still"
	}
	if quiet < need {
		return vote{}.later(f.lastChange.Add(need))
	}
	return vote{verdict: ready, signal: SignalMarker,
		reason: fmt.Sprintf("%s for %v (needs %v)", what, roundMS(quiet), roundMS(need))}
}
