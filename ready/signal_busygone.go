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

type busyGoneSignal struct{}

func init() {
	register(signalKind{name: "busy-gone", rank: rankBusyGone,
		doc: "a screen still for the quiet window with no busy marker on it is ready, wherever the cursor is: for programs that park the terminal's cursor and whose busy markers show on every busy screen they pause on",
		build: func(p Profile, _ SignalSpec) (signal, error) {
			if len(p.Busy) == 0 {
				return nil, fmt.Errorf("busy-gone: the profile has no busy markers to be gone")
			}
			return busyGoneSignal{}, nil
		}})
}

// rankBusyGone puts it after a screen cleared and redrawn in stages, before
// the cursor signal.
const rankBusyGone = 970

// steady (kept.go): it abstains for reasons the clock does not move, or until the quiet window ends, when it
// asks to be looked at again.
func (busyGoneSignal) steady() {}

func (busyGoneSignal) seen(*facts) {}

func (busyGoneSignal) vote(f *facts, now time.Time) vote {
	if f.view == nil || f.view.blank || f.reaction.awaiting || len(f.view.busy) > 0 || f.lastChange.IsZero() {
		return vote{}
	}
	need, quiet := f.prof.Quiet.D(), now.Sub(f.lastChange)
	if quiet < need {
		return vote{}.later(f.lastChange.Add(need))
	}
	return vote{verdict: ready, signal: SignalMarker,
		reason: fmt.Sprintf("no busy marker on a screen still for %v (needs %v)", roundMS(quiet), roundMS(need))}
}
