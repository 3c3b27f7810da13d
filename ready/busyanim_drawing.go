package ready

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A spinner is one glyph turning in a place of its own. The glyphs spinners
// use also draw other things, and a cell of a drawing is no spinner:
//
//   - a graph: braille cells stacked in a column, the cell right above or
//     below a braille cell too, and no label after it. btop repaints its
//     CPU and network graphs every 2 s, a cell or two growing each time;
//     read as a spinner on the alternate screen, the monitor waiting for
//     keys was held busy for good (issue 20, round 10: every turn missed).
//     Spinners stacked in a task list each lead a label ("⠋ Installing").
//   - a gutter: a bar or slash in a column where the row above or below
//     has the same glyph after text of its own (a column separator).
//     WeeChat wraps a long line under its prefix column, and the wrapped
//     row reads "             | b": "| b" looked like an ASCII spinner
//     with its label, and held the turn busy for 5 s (round 10). Spinners
//     stacked in a list lead their rows.
//
// partOfDrawing reports whether the spinner glyphs row r shows on v are
// such cells: those that changed since prev when prev had the row, else
// the glyph leading it.
func partOfDrawing(prev, v *view, r int) bool {
	cols, rows := v.snap.Size()
	if r < 1 || r > rows {
		return false
	}
	if prev != nil && prev.row(r) != "" {
		pc, pr := prev.snap.Size()
		if pc == cols && pr == rows {
			changed, drawn := 0, 0
			for c := 1; c <= cols; c++ {
				now := v.snap.Cell(r, c).Content
				if now == prev.snap.Cell(r, c).Content {
					continue
				}
				g, _ := utf8.DecodeRuneInString(now)
				if strings.TrimSpace(now) == "" || !isSpinnerGlyph(g) {
					continue // a cell cleared or text: not what made it a spinner
				}
				changed++
				if graphCell(v, r, c) || gutterCell(v, r, c) {
					drawn++
				}
			}
			if changed > 0 {
				return drawn == changed
			}
		}
	}
	c := leadingCell(v, r)
	return c > 0 && (graphCell(v, r, c) || gutterCell(v, r, c))
}

// leadingCell returns the column of row r's first cell that is neither
// blank nor a box's edge, 0 for none.
func leadingCell(v *view, r int) int {
	cols, _ := v.snap.Size()
	for c := 1; c <= cols; c++ {
		t := strings.TrimSpace(v.snap.Cell(r, c).Content)
		if t == "" || strings.ContainsAny(t, "│┃") {
			continue
		}
		return c
	}
	return 0
}

// graphCell reports whether the cell at (r, c) is braille with braille
// right above or below it and no word after it on its row.
func graphCell(v *view, r, c int) bool {
	if !brailleAt(v, r, c) || !brailleAt(v, r-1, c) && !brailleAt(v, r+1, c) {
		return false
	}
	cols, _ := v.snap.Size()
	for x := c + 1; x <= cols; x++ {
		t := strings.TrimSpace(v.snap.Cell(r, x).Content)
		if t == "" || brailleAt(v, r, x) {
			continue
		}
		g, _ := utf8.DecodeRuneInString(t)
		return !unicode.IsLetter(g) // a label: a spinner leading its task
	}
	return true
}

func brailleAt(v *view, r, c int) bool {
	_, rows := v.snap.Size()
	if r < 1 || r > rows {
		return false
	}
	g, _ := utf8.DecodeRuneInString(v.snap.Cell(r, c).Content)
	return isBraille(g)
}

// gutterCell reports whether the cell at (r, c) is a bar or slash that the
// row above or below has in the same column after text of its own.
func gutterCell(v *view, r, c int) bool {
	g := v.snap.Cell(r, c).Content
	if g == "" || !strings.Contains(`|/\`, g) {
		return false
	}
	_, rows := v.snap.Size()
	for _, n := range []int{r - 1, r + 1} {
		if n < 1 || n > rows || v.snap.Cell(n, c).Content != g {
			continue
		}
		if l := leadingCell(v, n); l > 0 && l < c {
			return true
		}
	}
	return false
}
