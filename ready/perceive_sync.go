package ready

import "time"

// syncing: whether a synchronized update (DEC mode 2026) is open, and
// since when. Every snapshot says, changed or not (signal_sync.go).
type syncing struct {
	open  bool
	since time.Time
}

func init() {
	perceive(perceptionKind{name: "sync", rank: lookSync, part: func(f *facts) perception { return &f.sync }})
}

func (s *syncing) look(f *facts, g *glance) bool {
	if g.snap.SyncOpen() != s.open {
		s.open, s.since = g.snap.SyncOpen(), f.now
	}
	return true
}
