package ready

import "time"

// shell: a shell speaking OSC 133 says when its prompt is drawn and it
// reads a command line (mark B). Nothing is stronger: the shell itself
// says so, at the prompt's last byte.

type shellSignal struct{}

func init() {
	register(signalKind{name: "shell", rank: rankShell, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return shellSignal{}, nil }})
}

// steady (kept.go): it reads no clock.
func (shellSignal) steady() {}

func (shellSignal) seen(*facts) {}

func (shellSignal) vote(f *facts, _ time.Time) vote {
	if why, ok := f.proto.ready(); ok {
		return vote{verdict: ready, signal: SignalProtocol, reason: why}
	}
	return vote{}
}
