package recordings

import (
	"fmt"
	"strings"

	"github.com/ttyrig/ttyrig/ready"
)

// cursor learns where the program waits: the leftmost idle column, whether
// it hides the terminal cursor there, and how many rows sit below it.
func (l *learner) cursor() {
	gen := ready.Generic().Cursor
	minCol, hidden, parked, footer := 0, 0, 0, 0
	recs, hrecs := map[string]bool{}, map[string]bool{}
	n := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			n++
			footer = max(footer, t.idle.rowUp)
			// A hidden cursor left of generic's input columns is parked
			// (at column 1, say), not at an input position: a program that
			// draws everything itself (a full-screen TUI).
			if !t.idle.visible && t.idle.col < gen.MinCol {
				parked++
				continue
			}
			recs[e.name] = true
			if minCol == 0 || t.idle.col < minCol {
				minCol = t.idle.col
			}
			if !t.idle.visible {
				hidden++
				hrecs[e.name] = true
			}
		}
	}
	if parked > 0 {
		l.rules = append(l.rules, Rule{Field: "cursor.min_col", Value: "-", Turns: parked, Of: n, Recordings: l.names(),
			Why: fmt.Sprintf("not learnt from the %d ready moment(s) where the cursor was hidden left of column %d: parked, not at an input position", parked, gen.MinCol)})
	}
	switch {
	case minCol < 1:
	case minCol < gen.MinCol:
		// Lower than generic's: the cursor signal would never fire at
		// this program's prompt.
		if l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(minCol), Turns: n - parked, Of: n,
			Why: fmt.Sprintf("the leftmost cursor column at a ready moment (just before the next input), left of generic's %d", gen.MinCol)}, recs) {
			l.p.Cursor.MinCol = minCol
		}
	case minCol > gen.MinCol:
		// Higher than generic's only where that matters: busy screens
		// the program paused on with the cursor between the two.
		below, brecs := 0, map[string]bool{}
		for _, e := range l.evs {
			for _, t := range e.turns {
				for i, b := range t.busy {
					if pausedAfter(t, i) && b.col >= gen.MinCol && b.col < minCol && (b.visible || hidden > 0) {
						below++
						brecs[e.name] = true
					}
				}
			}
		}
		if below == 0 {
			l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(gen.MinCol), Turns: n - parked, Of: n,
				Why: fmt.Sprintf("generic's kept: the cursor waits at column %d or right of it, and no busy screen had it between %d and %d, so a higher bound would only risk missing a prompt further left", minCol, gen.MinCol, minCol)}, recs)
			break
		}
		if l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(minCol), Turns: n - parked, Of: n,
			Why: fmt.Sprintf("the leftmost cursor column at a ready moment; %d busy screens the program paused on had the cursor left of it (recordings %s)", below, strings.Join(sortedKeys(brecs), ", "))}, recs) {
			l.p.Cursor.MinCol = minCol
		}
	default:
		l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(minCol), Turns: n - parked, Of: n,
			Why: "the leftmost cursor column at a ready moment (just before the next input), as generic's"}, recs)
	}
	if hidden > 0 && l.add(Rule{Field: "cursor.hidden", Value: "true", Turns: hidden, Of: n,
		Why: "the terminal cursor was hidden at an input position at a ready moment: the program draws its own"}, hrecs) {
		l.p.Cursor.Hidden = true
	}
	all := map[string]bool{}
	for _, name := range l.names() {
		all[name] = true
	}
	if l.add(Rule{Field: "cursor.footer", Value: fmt.Sprint(max(footer, gen.Footer)), Turns: n, Of: n,
		Why: fmt.Sprintf("at most %d rows of text below the cursor at a ready moment; never fewer than generic's %d", footer, gen.Footer)}, all) {
		l.p.Cursor.Footer = max(footer, gen.Footer)
	}
}
