package ready

import "time"

// protocol-busy: the program says it works: OSC 7501 state=working
// (Codex), an OSC 9;4 progress indicator, or a shell between a command and
// its next prompt (OSC 133 A or D without B yet).

type protoBusySignal struct{}

func init() {
	register(signalKind{name: "protocol-busy", rank: rankProtoBusy, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return protoBusySignal{}, nil }})
}

// steady (kept.go): it reads no clock.
func (protoBusySignal) steady() {}

func (protoBusySignal) seen(*facts) {}

func (protoBusySignal) vote(f *facts, _ time.Time) vote {
	if why, ok := f.proto.busy(); ok {
		return hold(SignalProtocol, "%s", why)
	}
	return vote{}
}
