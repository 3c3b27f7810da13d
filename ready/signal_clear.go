package ready

import "time"

// clear: a clear followed by more drawing later is a redraw in stages
// (full-screen programs redraw in several steps after one); a clear drawn
// over in the same burst is one complete frame. What is drawn after input
// sent since the clear is the input's answer, not a stage of the clear's
// redraw (corpus gocui: a cursor move 180 ms after its start-up clear
// was held until the clear was 500 ms old, p95 323 ms).

type clearSignal struct{}

func init() {
	register(signalKind{name: "clear", rank: rankClear, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return clearSignal{}, nil }})
}

// steady (kept.go): it abstains once the guard after a clear is over, or for reasons the clock does not move.
func (clearSignal) steady() {}

func (clearSignal) seen(*facts) {}

func (clearSignal) vote(f *facts, now time.Time) vote {
	guard := f.prof.ClearGuard.D()
	if clr := f.view.snap.LastClear(); !clr.IsZero() && now.Sub(clr) < guard && f.lastChange.Sub(clr) > f.prof.Quiet.D() && !f.inputAt.After(clr) {
		return hold(SignalOutput, "screen cleared %v ago and redrawn in stages since", roundMS(now.Sub(clr))).later(clr.Add(guard))
	}
	return vote{}
}
