package recordings

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// drawnRows is how many rows from the bottom a drawn cursor is looked
// for: an input box sits at the bottom, under at most a footer.
const drawnRows = 12

// drawn is a cursor a program draws itself: one cell in reverse video or
// on a background colour, its neighbours on the row drawn otherwise (a
// highlighted line or a button is a run of such cells).
type drawn struct {
	up     int    // rows from the bottom of the screen (0 = the last row)
	col    int    // 1-based
	before string // the row's text left of it, trimmed
}

// drawnBlock finds the only drawn cursor in the last drawnRows rows of s,
// if there is exactly one.
func drawnBlock(s screen.Snapshot) (drawn, bool) {
	cols, rows := s.Size()
	var found drawn
	n := 0
	for r := max(1, rows-drawnRows+1); r <= rows; r++ {
		run, start := 0, 0
		var key screen.Cell
		for c := 1; c <= cols+1; c++ {
			cell := s.Cell(r, c)
			styled := c <= cols && (cell.Reverse || cell.Bg != nil)
			if styled && run > 0 && cell.Reverse == key.Reverse && screen.SameColor(cell.Bg, key.Bg) {
				run++
				continue
			}
			if run == 1 {
				found, n = drawn{up: rows - r, col: start, before: strings.TrimSpace(leftText(s.Row(r), start))}, n+1
			}
			run = 0
			if styled {
				run, start, key = 1, c, cell
			}
		}
	}
	return found, n == 1
}

// leftText is row's text left of column col.
func leftText(row string, col int) string {
	i, c := 0, 1
	for i < len(row) && c < col {
		_, size := utf8.DecodeRuneInString(row[i:])
		i += size
		c++
	}
	return row[:i]
}

// drawnCursor reports the cursor the program draws itself where it waits
// with the terminal's cursor parked: at how many ready moments a single
// drawn cursor was on screen, and on how many busy screens the program
// paused on. It is evidence, not a profile field: the engine looks for a
// drawn cursor at the terminal's cursor or as the only lone reverse-video
// cell on the screen (ready/blink.go), so where the program draws it on a
// background colour away from a parked cursor (grok), the rule says so and
// what decides instead.
func (l *learner) drawnCursor() {
	gen := ready.Generic().Cursor
	n, seen := 0, 0
	recs := map[string]bool{}
	where := map[string]int{}
	for _, e := range l.evs {
		for _, t := range e.turns {
			if t.question || t.idle.visible || t.idle.col >= gen.MinCol {
				continue
			}
			n++
			if t.idle.drawn != nil {
				seen++
				recs[e.name] = true
				where[fmt.Sprintf("after %q, %d row(s) from the bottom", clipText(t.idle.drawn.before, 30), t.idle.drawn.up)]++
			}
		}
	}
	if n == 0 || seen == 0 {
		return
	}
	busy, paused := 0, 0
	for _, e := range l.evs {
		for _, s := range e.pausedScreens() {
			if s.visible || s.col >= gen.MinCol {
				continue
			}
			paused++
			if s.drawn != nil {
				busy++
			}
		}
	}
	best, most := "", 0
	for w, k := range where {
		if k > most || k == most && w < best {
			best, most = w, k
		}
	}
	l.add(Rule{Field: "cursor.drawn", Value: best, Turns: seen, Of: n, Info: true,
		Why: fmt.Sprintf("a lone cell in reverse video or on a background colour, the terminal's cursor parked, at %d of %d ready moments (%d at this place); on %d of %d busy screens the program paused on with its cursor parked. Evidence only, no profile field: the engine looks for a drawn cursor at the terminal's cursor or as the only lone reverse-video cell", seen, n, most, busy, paused)}, recs)
}

func clipText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return "…" + string(r[len(r)-n+1:])
}
