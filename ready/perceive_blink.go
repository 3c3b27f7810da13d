package ready

import "time"

// blink: a cursor blinking (blink.go) is no change. The screen stays the
// view before, with the blinking cell as its cursor even in its off phase.
// It remembers when the terminal's cursor last toggled alone: the first
// toggle in a while is the program showing or hiding its cursor, a change;
// the next ones soon after are a blink.
type blink struct {
	toggledAt time.Time
}

func init() {
	perceive(perceptionKind{name: "blink", rank: lookBlink, part: func(f *facts) perception { return &f.blink }})
}

func (b *blink) look(f *facts, g *glance) bool {
	at, vis, ok := blinkOnly(g.old, g.cur)
	if ok && vis {
		first := b.toggledAt.IsZero() || g.t.Sub(b.toggledAt) > tune.AnimMaxGap
		b.toggledAt, ok = g.t, !first // the first toggle in a while is a change
		g.hid = first && !g.snap.CursorVisible()
	}
	if !ok {
		return true
	}
	// The same screen with its cursor blinking: no change, and the
	// blinking cell is the cursor even in its off phase.
	old, nv := g.old, g.cur
	old.freeze()
	old.snap = g.snap
	if !g.snap.CursorVisible() && nv.drawn.Row == 0 && at != old.cursor {
		old.setDrawn(at)
	} else {
		old.drawn, old.drawnBefore = nv.drawn, nv.drawnBefore
	}
	return false
}
