package ready

import (
	"fmt"
	"time"
)

// silence: the last resort. No change for the profile's silence window and
// no signal above with an opinion means ready, wherever the cursor is.
// Until then, not ready, saying what the cursor signal still waits for.

type silenceSignal struct{}

func init() {
	register(signalKind{name: "silence", rank: rankSilence, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return silenceSignal{}, nil }})
}

func (silenceSignal) seen(*facts) {}

func (silenceSignal) vote(f *facts, now time.Time) vote {
	s := fullStillness(f, now)
	if s.quiet >= f.prof.Silence.D() {
		return vote{verdict: ready, signal: SignalSilence,
			reason: fmt.Sprintf("no change for %v (%s)", roundMS(s.quiet), s.notWhy)}
	}
	if q, ok := f.redrawn.quiet(now); ok && q >= f.prof.Silence.D() {
		return vote{verdict: ready, signal: SignalSilence,
			reason: fmt.Sprintf("nothing new for %v, only erased and drawn the same again", roundMS(q))}
	}
	v := hold(SignalOutput, "screen changed %v ago; %s", roundMS(s.quiet), s.notWhy)
	if s.at {
		v = hold(SignalOutput, "screen changed %v ago; cursor at input position %s needs %v still (%s)", roundMS(s.quiet), f.view.cursor, roundMS(s.need), s.why)
	}
	if _, ok := f.redrawn.quiet(now); ok {
		return v.later(earliest(f.lastChange.Add(f.prof.Silence.D()), f.redrawn.novel.Add(f.prof.Silence.D())))
	}
	return v.later(f.lastChange.Add(f.prof.Silence.D()))
}
