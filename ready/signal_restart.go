package ready

import (
	"errors"
	"time"
)

// restart: a message that the program is restarting (Gemini CLI after its
// trust question: "Gemini CLI is restarting", recordings/agents/
// gemini-trust.cast) means it has left the question still drawn behind and
// is busy, whatever else is on screen. Pair it with "startup" (its restart
// markers) so start-up counts again from the restart.

type restartSignal struct {
	markers []compiledMarker
	shown   []hit // the restart markers on the screen as last seen
}

func init() {
	register(signalKind{name: "restart", rank: rankRestart,
		doc: "markers: a message that the program restarts; busy while shown, over any question",
		build: func(_ Profile, s SignalSpec) (signal, error) {
			if len(s.Markers) == 0 {
				return nil, errors.New("markers: expected at least one restart marker")
			}
			return &restartSignal{markers: compileAll(s.Markers)}, nil
		}})
}

func (r *restartSignal) seen(f *facts) { r.shown = f.view.matchAll(r.markers) }

func (r *restartSignal) vote(*facts, time.Time) vote {
	if len(r.shown) > 0 {
		h := r.shown[0]
		return hold(SignalMarker, "restart marker %q: %q", h.marker.Name, clip(h.text, 60))
	}
	return vote{}
}
