package ready

import "time"

// reaction: nothing to judge until the program has drawn something, and
// after input until the screen changes in reaction to it. What was on
// screen when the input was sent says nothing about the program after it.

type reactionSignal struct{}

func init() {
	register(signalKind{name: "reaction", rank: rankInput, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return reactionSignal{}, nil }})
}

func (reactionSignal) seen(*facts) {}

func (reactionSignal) vote(f *facts, _ time.Time) vote {
	if f.awaiting {
		return hold(SignalInput, "input sent; waiting for the program to react")
	}
	if f.view == nil {
		return hold(SignalOutput, "no output yet")
	}
	return vote{}
}
