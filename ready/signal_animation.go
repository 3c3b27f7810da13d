package ready

import "time"

// animation: a small region repainted again and again (animation.go) whose
// kind is not known. Its frames may come further apart than the quiet
// window, so the screen must stay still for longer than its cadence before
// the cursor is believed. An idle marker or a protocol's "done" vouches for
// the program, and a full-screen program's repeat frames never count.

type animationSignal struct{}

func init() {
	register(signalKind{name: "animation", rank: rankAnimation, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return animationSignal{}, nil }})
}

// steady (kept.go): it abstains on an idle or full screen (no clock read), or when the animation needs no
// longer than the screen does or the screen has been still that long: the need only shrinks and the stillness
// only grows as time passes.
func (animationSignal) steady() {}

func (animationSignal) seen(*facts) {}

func (animationSignal) vote(f *facts, now time.Time) vote {
	s := baseStillness(f, now)
	if s.idle != "" || s.alt {
		return vote{}
	}
	an := f.anim.need(now)
	if an.quiet <= s.need || s.quiet >= an.quiet {
		return vote{}
	}
	return hold(SignalAnimation, "%s; waiting for %v without change", an.why, roundMS(an.quiet)).
		later(f.lastChange.Add(an.quiet)).later(an.until)
}
