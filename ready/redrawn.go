package ready

import (
	"strings"
	"time"
)

// Redrawn: a screen erased in part and drawn again the same, over and
// over, shows nothing new. visidata's confirm window, under load: every
// 100 ms its loop erased the window's rows (EL) and drew them again, in
// writes read apart; each read changed the screen, so no quiet window was
// ever met and the silence fallback never came (live, round 11,
// testdata/visidata-confirm-redrawn.cast: the harness gave up 6 s on).
// No signal may cancel the silence fallback (issue 20), so it also counts
// from the last time the screen showed something new, once the screen has
// come back to that view whole: every view since is that one with tails
// of rows erased (a row's text a prefix of the same row there). The quiet
// windows still see every change; only the fallback reads this, and only
// after a return to the whole view (a screen cleared and left so is not
// a redraw: its quiet is the plain one).
type redrawn struct {
	ref    *view     // the last view that showed something new
	novel  time.Time // when it was shown
	erased bool      // a view since showed it with tails erased
	again  time.Time // when it was shown whole again after that; zero: not yet
}

// see takes in the view the glance saw.
func (r *redrawn) see(g *glance) {
	switch {
	case r.ref == nil || !within(g.cur, r.ref):
		*r = redrawn{ref: g.cur, novel: g.t}
	case !sameText(g.cur, r.ref):
		r.erased = true
	case r.erased:
		r.again = g.t
	}
}

// input starts over: what the program shows after input is its answer,
// new whatever it showed before.
func (r *redrawn) input() { *r = redrawn{} }

// quiet is how long the screen has shown nothing new at now, if it has
// been redrawn whole since; ok false if not.
func (r *redrawn) quiet(now time.Time) (time.Duration, bool) {
	if r.again.IsZero() {
		return 0, false
	}
	return now.Sub(r.novel), true
}

// sameText reports whether two views show the same text on the same
// screen (not the cursor: a redraw leaves it elsewhere).
func sameText(a, b *view) bool {
	return within(a, b) && within(b, a)
}

// within reports whether every row of a is the same row of b or b's with
// its tail erased, on the same screen.
func within(a, b *view) bool {
	if len(a.rows) != len(b.rows) || a.snap.AltScreen() != b.snap.AltScreen() {
		return false
	}
	for i := range a.rows {
		if !strings.HasPrefix(b.rows[i], a.rows[i]) {
			return false
		}
	}
	return true
}
