package ready

import "time"

// busyAnims: rows showing a busy animation, a spinner, a status word or
// progress (busyanim.go; what each means: signal_busyanim.go). It
// remembers each such row, when the whole screen was last refreshed, and
// what this program's spinners said.
type busyAnims struct {
	rows       map[int]*busyRow // rows showing a busy animation
	refreshAt  time.Time        // the last change of more rows than an animation touches
	spinLabels map[string]bool  // what this program's spinners said
	now        map[int]bool     // the rows the last change animated (classify's result)
}

func init() {
	perceive(perceptionKind{name: "busy", rank: lookBusy, part: func(f *facts) perception { return &f.busyAnim }})
}

func (b *busyAnims) look(f *facts, g *glance) bool {
	g.busy = b.classify(f, g.old, g.cur, g.ticked)
	return true
}
