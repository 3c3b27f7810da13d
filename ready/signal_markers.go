package ready

import (
	"fmt"
	"time"
)

// busy-marker: a profile's busy markers ("esc to interrupt", a spinner
// line, an elapsed timer). A marker with a freshness window counts only
// while the row it matched changed within it: a live spinner, not stale
// text.

type markersSignal struct{}

func init() {
	register(signalKind{name: "busy-marker", rank: rankMarkers, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return markersSignal{}, nil }})
}

// steady (kept.go): it abstains when no busy marker is fresh: markers only grow staler as time passes.
func (markersSignal) steady() {}

func (markersSignal) seen(*facts) {}

func (markersSignal) vote(f *facts, now time.Time) vote {
	var found *hit
	var again time.Time
	for i := range f.view.busy {
		h := &f.view.busy[i]
		if h.marker.Fresh == 0 {
			found = h
			break
		}
		if until := f.drawnAt(*h).Add(h.marker.Fresh.D()); now.Before(until) {
			if again.IsZero() || until.Before(again) {
				again = until
			}
			if found == nil {
				found = h
			}
		}
	}
	if found == nil {
		return vote{}.later(again)
	}
	where := found.marker.Region.String()
	if found.row > 0 {
		where = fmt.Sprintf("row %d", found.row)
	}
	return hold(SignalMarker, "busy marker %q at %s: %q", found.marker.Name, where, clip(found.text, 60)).later(again)
}
