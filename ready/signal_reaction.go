package ready

import "time"

// reaction: nothing to judge until the program has drawn something, and
// after input until the screen changes in reaction to it. What was on
// screen when the input was sent says nothing about the program after it.
// A cursor hidden and nothing else drawn is a program about to draw, not
// its reaction: it waits for what comes next, for up to the silence window
// (blessed hid its cursor at once on Enter and drew its next dialog after
// 500 ms of work; the full-screen frame rule was early).

type reactionSignal struct{}

func init() {
	register(signalKind{name: "reaction", rank: rankInput, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return reactionSignal{}, nil }})
}

// steady (kept.go): it abstains when nothing awaits a reaction, or once the silence window after a hidden
// cursor is over: for good.
func (reactionSignal) steady() {}

func (reactionSignal) seen(*facts) {}

func (reactionSignal) vote(f *facts, now time.Time) vote {
	if v, ok := f.reaction.tickVote(f, now); ok {
		return v
	}
	switch {
	case f.reaction.awaiting && !f.reaction.hidAt.IsZero() && now.Sub(f.reaction.hidAt) >= f.prof.Silence.D():
		// The cursor hidden and nothing drawn for the silence window:
		// that was all the reaction; the other signals decide.
	case f.reaction.awaiting && !f.reaction.hidAt.IsZero():
		return hold(SignalInput, "input sent; the program hid its cursor %v ago and drew nothing else", roundMS(now.Sub(f.reaction.hidAt))).
			later(f.reaction.hidAt.Add(f.prof.Silence.D()))
	case f.reaction.awaiting && f.reaction.hidAt.IsZero() && !f.reaction.wroteAt.IsZero() && now.Sub(f.reaction.wroteAt) >= f.prof.Silence.D():
		// It wrote after the input, nothing visible changed, and it has
		// been silent for the silence window since: that was all the
		// reaction (reaction_writes.go); the other signals decide.
	case f.reaction.awaiting && f.reaction.hidAt.IsZero() && !f.reaction.wroteAt.IsZero():
		return hold(SignalInput, "input sent; the program wrote %v ago and changed nothing visible", roundMS(now.Sub(f.reaction.wroteAt))).
			later(f.reaction.wroteAt.Add(f.prof.Silence.D()))
	case f.reaction.awaiting:
		return hold(SignalInput, "input sent; waiting for the program to react")
	}
	if f.view == nil {
		return hold(SignalOutput, "no output yet")
	}
	return vote{}
}
