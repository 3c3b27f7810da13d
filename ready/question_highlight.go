package ready

import (
	"strings"
)

// Lists of widget toolkits mark the current item by its highlight alone,
// no glyph: reverse video (curses' A_REVERSE, blessed's selected style,
// python-blessed's reverse, terminal-kit's singleColumnMenu) or a
// background of its own (tview's List and Table on a painted screen,
// blessed's list in a window, gocui's highlighted line):
// corpus/testdata/curses-menu.cast, py-blessed-menu.cast, blessed-list.cast,
// blessed-status.cast, tview-status.cast, tview-table.cast, gocui.cast,
// terminal-kit.cast. The evidence a person reads: items start at one
// column on consecutive rows, exactly one is drawn on a background none of
// the others has, and the program owns the screen (the alternate screen,
// the terminal's cursor hidden) or parks the terminal's cursor on the
// item. A bar across the whole width is a viewer's cursor line (tig's,
// htop's) or a status bar, and so is a highlight on the last row (less's
// prompt, a status line), not a menu's item; rows coloured in output
// (ls --color) are under a visible cursor elsewhere.

func init() {
	// The list stays drawn, its item highlighted, while the program works
	// on the choice: it names the question, the other signals decide. The
	// terminal's cursor parked on the item is the program waiting there.
	registerShape(questionShape{name: "highlighted list", rank: shapeBar + 10, labelOnly: true,
		find: func(v *view, _ string) *Prompt {
			if v.snap.CursorVisible() {
				return nil
			}
			return highlightList(v)
		}})
	registerShape(questionShape{name: "highlighted list under the cursor", rank: shapeBar + 11,
		find: func(v *view, _ string) *Prompt {
			if !v.snap.CursorVisible() || v.snap.AltScreen() {
				// A full-screen program that shows the terminal's cursor
				// is an editor or a viewer: its highlight is a selection
				// or a match (vim's Visual mode), its cursor in the text.
				return nil
			}
			return highlightList(v)
		}})
}

// highlightList finds a list whose current item is set apart by its
// background or reverse video alone.
func highlightList(v *view) *Prompt {
	visible := v.snap.CursorVisible()
	if !visible && !v.snap.AltScreen() {
		return nil
	}
	_, rows := v.snap.Size()
	if visible && (v.cursor.Row < 1 || v.cursor.Row > rows) {
		return nil
	}
	lo, hi := 1, rows
	if visible {
		lo, hi = max(1, v.cursor.Row-searchRows), min(rows, v.cursor.Row+searchRows)
	}
	if v.plainRows(lo, hi) {
		return nil // no cell on a background of its own: none stands out
	}
	g := v.memo.cellGrid(v.snap, lo, hi)
	for i := 0; i < g.rows(); i++ {
		if g.flatAround(i) {
			continue // no cell stands out
		}
		for c := 1; c < len(g.text[i])-1; c++ {
			if !g.standsOut(i, c) || !g.firstWord(i, c) { // the cheaper test first
				continue
			}
			if p := g.highlightedAt(v, i, c); p != nil {
				return p
			}
		}
	}
	return nil
}

// standsOut reports whether the cell at grid row i, column c is drawn on
// another background than the cell above or below it: where a highlighted
// item can start.
func (g *cellGrid) standsOut(i, c int) bool {
	return i > 0 && g.bg[i-1][c] != g.bg[i][c] || i < g.rows()-1 && g.bg[i+1][c] != g.bg[i][c]
}

// flatAround reports whether grid row i and the rows next to it are on one
// background, the same, throughout (as far as the grid knows): no cell of
// row i stands out.
func (g *cellGrid) flatAround(i int) bool {
	if i >= len(g.flat) || g.flat[i] == mixedBg {
		return false
	}
	for _, k := range []int{i - 1, i + 1} {
		if k >= 0 && k < g.rows() && (k >= len(g.flat) || g.flat[k] != g.flat[i]) {
			return false
		}
	}
	return true
}

// firstWord reports whether the first text of grid row i, or of its
// window there, starts at column c, and the row is no rule ("───").
func (g *cellGrid) firstWord(i, c int) bool {
	if !g.wordAt(i, c) || g.ruled(i) {
		return false
	}
	for col := c - 1; col >= 1 && !vBorder(g.text[i][col]); col-- {
		if g.text[i][col] != ' ' {
			return false
		}
	}
	return true
}

// ruled reports whether grid row i holds a rule ("───"), read once per
// row: firstWord asks it of every word.
func (g *cellGrid) ruled(i int) bool {
	if g.rule == nil {
		g.rule = make([]int8, len(g.text))
	}
	if g.rule[i] == 0 {
		g.rule[i] = 1
		if strings.Contains(string(g.text[i]), "───") {
			g.rule[i] = 2
		}
	}
	return g.rule[i] == 2
}

// itemEnd returns the last column of the text of the item starting at
// column c of grid row i: up to the side of its window, if any.
func (g *cellGrid) itemEnd(i, c int) int {
	t := g.text[i]
	end := c
	for col := c; col < len(t)-1 && !vBorder(t[col]); col++ {
		if t[col] != ' ' {
			end = col
		}
	}
	return end
}

// highlightedAt reads the list through grid row i whose items start at
// column c: nil unless row i is the one item set apart, the others plain
// over the columns all items share.
func (g *cellGrid) highlightedAt(v *view, i, c int) *Prompt {
	item := func(k int) bool { return g.firstWord(k, c) }
	first, last := i, i
	for first > 0 && item(first-1) {
		first--
	}
	for last < g.rows()-1 && item(last+1) {
		last++
	}
	if last == first || last-first >= 30 {
		return nil
	}
	end := len(g.text[i])
	for k := first; k <= last; k++ {
		end = min(end, g.itemEnd(k, c))
	}
	const mixed = "mixed"
	style := func(k int) string { // the one background of row k's item
		s := g.bg[k][c]
		for col := c + 1; col <= end; col++ {
			if g.bg[k][col] != s {
				return mixed
			}
		}
		return s
	}
	mark := style(i)
	if mark == mixed || mark == "" {
		return nil
	}
	others, seen := "", false
	for k := first; k <= last; k++ {
		if k == i {
			continue
		}
		s := style(k)
		if s == mixed || s == mark || seen && s != others {
			return nil // mixed colours, or several alike: a layout, not a choice
		}
		others, seen = s, true
	}
	// A highlight across the whole width is a cursor line or a status bar.
	from, to := c, c
	for from > 1 && g.bg[i][from-1] == mark {
		from--
	}
	for to < len(g.bg[i])-2 && g.bg[i][to+1] == mark {
		to++
	}
	_, rows := v.snap.Size()
	if from == 1 && to == len(g.bg[i])-2 || g.lo+i == rows {
		return nil // status bars and prompts sit on the last row
	}
	if g.highlightNoItem(i, from, to) {
		return nil // a table's cursor row, a part of a name (question_highlight_extent.go)
	}
	if v.snap.CursorVisible() && (v.cursor.Row != g.lo+i || v.cursor.Col < from-1 || v.cursor.Col > c) {
		// The terminal's cursor waits elsewhere, or after the text (less's
		// prompt in reverse video): output, not a menu.
		return nil
	}
	// A first row in a colour of its own over items alike is the list's
	// header (tview's Table: the column names in yellow over white).
	fg := func(k int) string { return colorKey(v.snap.Cell(g.lo+k, c).Fg) }
	header := ""
	if first != i && last-first >= 2 {
		// The colour of the items under the first, the marked one aside.
		want, seen, alike := "", false, true
		for k := first + 1; k <= last && alike; k++ {
			if k != i {
				if !seen {
					want, seen = fg(k), true
				}
				alike = fg(k) == want
			}
		}
		if alike && fg(first) != want {
			header = strings.TrimSpace(string(g.text[first][c : g.itemEnd(first, c)+1]))
			first++
		}
	}
	p := &Prompt{Kind: PromptSelect, Text: header, Default: i - first}
	if p.Text == "" {
		p.Text = g.titleAbove(v, first, c)
	}
	for k := first; k <= last; k++ {
		p.Options = append(p.Options, strings.TrimSpace(string(g.text[k][c:g.itemEnd(k, c)+1])))
	}
	return p
}

// titleAbove returns what names a list whose first item is on grid row
// first at column c: the title in its window's top border ("┌─ branches
// ─┐"), else the nearest text above within questionRows; "" if none.
func (g *cellGrid) titleAbove(v *view, first, c int) string {
	for r := g.lo + first - 1; r >= max(1, g.lo+first-questionRows); r-- {
		row := []rune(v.row(r))
		if c-2 >= 0 && c-2 < len(row) && strings.ContainsRune("┌╭╔├", row[c-2]) {
			// The title is the text between the border's lines.
			t := strings.TrimLeft(string(row[c-1:]), boxBorders)
			if i := strings.IndexAny(t, boxBorders[1:]); i >= 0 {
				t = t[:i]
			}
			if t = strings.TrimSpace(t); t != "" {
				return t
			}
			continue // no title: what is over the window names it
		}
		if t := strings.Trim(v.row(r), boxBorders); t != "" {
			if i := strings.Index(t, "   "); i > 0 {
				t = t[:i] // a title, not what is drawn far right of it (a clock)
			}
			return t
		}
	}
	return ""
}
