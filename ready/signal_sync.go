package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// sync: a half-drawn synchronized frame (DEC mode 2026 set and not yet
// reset) says nothing yet. Terminals show a frame held open longer than
// screen.SyncHold anyway, and so does the engine.

type syncSignal struct{}

func init() {
	register(signalKind{name: "sync", rank: rankSync, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return syncSignal{}, nil }})
}

// steady (kept.go): it abstains when no synchronized update is open, or once its hold is over: for good.
func (syncSignal) steady() {}

func (syncSignal) seen(*facts) {}

func (syncSignal) vote(f *facts, now time.Time) vote {
	if f.sync.open && now.Sub(f.sync.since) < screen.SyncHold {
		return hold(SignalOutput, "synchronized update open").later(f.sync.since.Add(screen.SyncHold))
	}
	return vote{}
}
