package ready

import "time"

// title: when the window title last changed (a title marker's hit is as
// old as that: facts.drawnAt).
type title struct {
	at time.Time
}

func init() {
	perceive(perceptionKind{name: "title", rank: lookTitle, part: func(f *facts) perception { return &f.title }})
}

func (ti *title) look(_ *facts, g *glance) bool {
	if g.old == nil || g.snap.Title() != g.old.snap.Title() {
		ti.at = g.t
	}
	return true
}
