package ready

import (
	"errors"
	"time"
)

// startup: some programs draw their input box before they accept input.
// Gemini CLI queues what is typed until its banner is drawn
// (recordings/agents/gemini-two-turns.cast); Codex ignores Enter until it
// sets its window title (recordings/agents/codex-two-turns.cast). Start-up
// is over once one of the markers is drawn, or the program says it is idle
// (OSC 7501). A restart marker begins start-up again, and then only a
// marker drawn anew counts: in the burst of output that drew the restart
// message or after it, as a restarting program redraws its screen, often in
// the same frame as the message (recordings/agents/gemini-trust-burst.cast).

type startupSignal struct {
	markers, restart []compiledMarker
	done             bool
	restartAt        time.Time // start of the burst of output that drew a restart marker
}

func init() {
	register(signalKind{name: "startup", rank: rankStartup,
		doc: "markers: start-up is over once one is drawn (or OSC 7501 says idle); restart: markers that begin start-up again",
		build: func(_ Profile, s SignalSpec) (signal, error) {
			if len(s.Markers) == 0 {
				return nil, errors.New("markers: expected at least one marker that shows start-up is over")
			}
			return &startupSignal{markers: compileAll(s.Markers), restart: compileAll(s.Restart)}, nil
		}})
}

func (s *startupSignal) seen(f *facts) {
	if s.done && len(f.view.matchAll(s.restart)) > 0 {
		s.done, s.restartAt = false, f.change.burst
	}
	if s.done {
		return
	}
	for _, h := range f.view.matchAll(s.markers) {
		if s.restartAt.IsZero() || !f.drawnAt(h).Before(s.restartAt) {
			s.done = true
		}
	}
}

func (s *startupSignal) vote(f *facts, _ time.Time) vote {
	if _, _, ok := f.proto.idle(); ok {
		s.done = true // the program said so itself
	}
	if s.done {
		return vote{}
	}
	return hold(SignalMarker, "start-up not finished: no %q on screen yet", s.markers[0].Name)
}
