package recordings

import (
	"fmt"

	"github.com/ttyrig/ttyrig/ready"
)

// busyGone selects the "busy-gone" signal for a program that parks the
// terminal's cursor where it waits (hidden at the left edge: it draws its
// own input box, as grok, pi and Continue do) and whose busy markers were
// learnt: with no input position to find, only the silence fallback
// decided, while a still screen without a busy marker says as much. The
// quiet window then has to outlast every pause no busy marker showed
// (quiet, below), as the cursor no longer tells busy screens apart.
func (l *learner) busyGone() {
	learnt := 0
	for _, r := range l.rules {
		if r.Field == "busy" && r.Kept {
			learnt++
		}
	}
	gen := ready.Generic().Cursor
	parked, n := 0, 0
	recs := map[string]bool{}
	for _, e := range l.evs {
		for _, t := range e.turns {
			if t.question {
				continue // a question's dialog decides by its own signal
			}
			n++
			if !t.idle.visible && t.idle.col < gen.MinCol {
				parked++
				recs[e.name] = true
			}
		}
	}
	if learnt == 0 || n == 0 || 2*parked < n {
		return
	}
	busy := compileAllMarkers(l.p.Busy)
	clear := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			if !t.question && !coveredBy(busy, t.idle) {
				clear++
			}
		}
	}
	if l.add(Rule{Field: "signals", Value: "busy-gone", Turns: parked, Of: n,
		Why: fmt.Sprintf("the cursor was parked (hidden left of column %d) at %d of %d ready moments, so it never shows an input position; %d busy marker(s) learnt, none on the screen at %d of those moments: a still screen without them is ready", gen.MinCol, parked, n, learnt, clear)}, recs) {
		l.p.Signals = append(l.p.Signals, ready.SignalSpec{Name: "busy-gone"})
		l.gone = true
	}
}

// compileAllMarkers compiles every marker, those that count only while
// repainted too: any busy marker on screen keeps busy-gone silent.
func compileAllMarkers(ms []ready.Marker) []compiled {
	fresh := make([]ready.Marker, len(ms))
	for i, m := range ms {
		m.Fresh = 0
		fresh[i] = m
	}
	return compileMarkers(fresh)
}
