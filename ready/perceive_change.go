package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// change: whether the snapshot holds a screen at all, whether it changed
// at all, when, and the view made of it (with the markers already tried on
// the rows that did not change). It remembers when the current burst of
// changes started: the first change after the screen was quiet
// (Profile.Quiet).
type change struct {
	burst time.Time
}

func init() {
	perceive(perceptionKind{name: "change", rank: lookChange, part: func(f *facts) perception { return &f.change }})
}

func (c *change) look(f *facts, g *glance) bool {
	s, old := g.snap, g.old
	_, rows := s.Size()
	if rows == 0 {
		return false // no screen with this event
	}
	// The screen's change time says whether anything changed, except when
	// two events share an instant (a replay, a coarse clock): then compare.
	if old != nil && !s.Changed().After(old.snap.Changed()) && len(old.rows) == rows &&
		(s.Changed().Before(old.snap.Changed()) || sameScreen(old.snap, s)) {
		old.freeze()
		old.snap = s
		return false
	}
	t := s.Changed()
	if t.IsZero() || t.After(f.now) {
		t = f.now
	}
	if old == nil || t.Sub(f.lastChange) >= f.prof.Quiet.D() {
		c.burst = t
	}
	g.t = t
	g.cur = newViewAfter(s, !f.prof.Cursor.Hidden, old)
	f.carryMarks(g.cur)
	f.carryAnswers(g.cur)
	return true
}

// sameScreen reports whether two snapshots show the same text, cursor and
// title.
func sameScreen(a, b screen.Snapshot) bool {
	if a.Cursor() != b.Cursor() || a.CursorVisible() != b.CursorVisible() || a.Title() != b.Title() || a.AltScreen() != b.AltScreen() {
		return false
	}
	_, n := a.Size()
	for r := 1; r <= n; r++ {
		if a.Row(r) != b.Row(r) {
			return false
		}
	}
	return true
}
