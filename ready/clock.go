package ready

import "regexp"

// Clocks. A clock or timer region that ticks while the program waits (a
// prompt_toolkit bottom_toolbar with refresh_interval=1, an agent's footer
// clock) repaints every second forever: timing alone would never call the
// program ready. A frame that changes nothing but the digits of clock
// tokens (12:34, 12:34:56, 0:07), with the cursor where it was, is the
// clock ticking, not the program doing anything: it does not count as
// change. Counters outside such tokens (12s, 37%, 3/10) do count: they are
// progress (busyanim.go).

var clockToken = regexp.MustCompile(`\b\d{1,2}:\d{2}(:\d{2})?(\.\d+)?(\s?[AaPp][Mm])?\b`)

// clockOnly reports whether cur differs from old only by clock tokens
// ticking, on at most clockMaxRows rows, with the cursor, title and modes
// unchanged.
func clockOnly(old, cur *view) (rows []int, ok bool) {
	if old == nil || len(old.rows) != len(cur.rows) || old.cursor != cur.cursor ||
		old.snap.CursorVisible() != cur.snap.CursorVisible() ||
		old.snap.Title() != cur.snap.Title() || old.snap.AltScreen() != cur.snap.AltScreen() {
		return nil, false
	}
	for r := range cur.rows {
		a, b := old.rows[r], cur.rows[r]
		if a == b {
			if !cur.snap.SameRow(old.snap, r+1) {
				return nil, false // restyled, not ticked
			}
			continue
		}
		if !clockToken.MatchString(b) || clockToken.ReplaceAllString(a, "#") != clockToken.ReplaceAllString(b, "#") {
			return nil, false
		}
		rows = append(rows, r+1)
	}
	return rows, len(rows) > 0 && len(rows) <= clockMaxRows
}

// clockMaxRows: a clock is a line or two (a footer with a date and a time).
const clockMaxRows = 2
