package ready

import "time"

// excursion: the cursor taken away and brought back, nothing else
// changed, is no change. A curses loop that wakes on its poll's timeout
// refreshes a screen it has nothing new for: it parks the cursor at the
// cell it last drew, then where the program keeps it, and returns it with
// a carriage return (visidata every 100 ms: `ESC[29;19H`, `ESC[1;83H`,
// `ESC[?1h ESC=`, `\r`, three writes). Written at once, the snapshot after
// it is the screen before and the change part sees nothing; written apart
// and read apart, each move looked like a change, the quiet windows began
// again at each refresh and the program, waiting for keys the whole time,
// was called ready only when its refreshes paused (corpus visidata live:
// 266–830 ms after its answer where 150 ms is the quiet window).
//
// A cursor move is often the whole of a program's answer (vim's `j`, a
// pager's line, a list's next item drawn by moving the cursor alone), so
// only the return makes it nothing: a run of snapshots that changed
// nothing but the cursor's position, back where it was before the run,
// within tune.Excursion of leaving, no input sent since, none awaited
// when it left (a move while the program owes a reaction is taken as its
// reaction, as before), the quiet windows not restarted by the kernel
// since, and no busy sign on the screen (showsBusySign). Then the screen
// is the one before the run, as if the refresh had come in one read: its
// view, its previous view and the times of its last change, solid change
// and burst as they were.
// Until the cursor is back every move counts as before, so a move that
// stays is a change from the moment it came.
type excursion struct {
	home     *view // the view before the cursor left; nil: none under way
	homePrev *view
	left     time.Time // when the cursor left
	at       time.Time // the last move's time: what the last change must still be
	// before the cursor left: the last change, solid change and drawing,
	// and the burst (as the change part left it at the look before)
	lastChange, lastSolid, lastDrawn, burst time.Time
	burstNow                                time.Time // the burst as the change part left it at the last look
	off                                     bool      // every move a change, as before the part (a test's WithoutExcursions)
}

func init() {
	perceive(perceptionKind{name: "excursion", rank: lookExcursion, part: func(f *facts) perception { return &f.excursion }})
}

func (e *excursion) look(f *facts, g *glance) bool {
	burstBefore := e.burstNow
	e.burstNow = f.change.burst
	moved := movedOnly(g.old, g.cur)
	if e.home != nil {
		goesOn := moved && g.t.Sub(e.left) <= tune.Excursion && f.lastChange.Equal(e.at) && f.lastSolid.Equal(e.at)
		switch {
		case goesOn && g.cur.cursor == e.home.cursor && !showsBusySign(f, e.home):
			e.back(f, g)
			return false
		case goesOn:
			e.at = g.t
			return true
		}
		e.home = nil
	}
	if moved && !f.reaction.awaiting && !f.lastChange.IsZero() && tune.Excursion > 0 && !e.off {
		*e = excursion{home: g.old, homePrev: f.prev, left: g.t, at: g.t,
			lastChange: f.lastChange, lastSolid: f.lastSolid, lastDrawn: f.lastDrawn, burst: burstBefore, burstNow: e.burstNow, off: e.off}
	}
	return true
}

// back puts the screen as it was before the cursor left, seen in the
// latest snapshot.
func (e *excursion) back(f *facts, g *glance) {
	h := e.home
	h.freeze()
	h.snap = g.snap
	f.view, f.prev = h, e.homePrev
	f.lastChange, f.lastSolid, f.lastDrawn = e.lastChange, e.lastSolid, e.lastDrawn
	f.change.burst, e.burstNow = e.burst, e.burst
	e.home, e.homePrev = nil, nil
}

// showsBusySign reports whether v still shows a busy sign the busy part
// tracks (a spinner, a status word, a progress bar, as last drawn): while
// the screen says the program works, its invisible refreshes stay
// changes, as before. They were what held visidata's sort once its
// `100% sorting…` stood unrepainted past its stall (the silence window):
// taken back, a sort of 1.93 s was called ready at ×0.75 of the silence
// window (TestSweep, corpus visidata of round 11). Work is better held by
// a slow fallback than released by a fast one.
func showsBusySign(f *facts, v *view) bool {
	for r, br := range f.busyAnim.rows {
		if v.row(r) == br.text {
			return true
		}
	}
	return false
}

// input ends any excursion: what follows may answer the input.
func (e *excursion) input() { e.home, e.homePrev = nil, nil }

// movedOnly reports whether cur differs from old by the cursor's position
// alone: every cell, the cursor's visibility, the title and the screen the
// same.
func movedOnly(old, cur *view) bool {
	return old != nil && old.cursor != cur.cursor && sameLook(old, cur)
}
