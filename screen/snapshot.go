package screen

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// Position is a place on the screen, 1-based like the terminal's own
// cursor reports (CSI 6n answers "row;col").
type Position struct {
	Row, Col int
}

func (p Position) String() string { return fmt.Sprintf("%d,%d", p.Row, p.Col) }

// Cell is one character cell of a snapshot with its style.
// A nil colour means the terminal's default.
type Cell struct {
	Content       string // the grapheme; "" for the second half of a wide character
	Width         int    // 0, 1 or 2 columns
	Fg, Bg        color.Color
	Bold          bool
	Faint         bool
	Italic        bool
	Underline     bool
	Blink         bool
	Reverse       bool
	Strikethrough bool
}

// Snapshot is the state of a screen at one moment. It is a value: safe to
// keep, compare and share between goroutines.
type Snapshot struct {
	rows          []*row
	cols          int
	cursor        Position
	cursorVisible bool
	altScreen     bool
	title         string
	bracketed     bool
	input         inputModes // what keys and mouse events send (modes.go)
	kittyFlags    int
	syncOpen      bool
	at            time.Time // last byte included
	changed       time.Time // last visible change
	cleared       time.Time // last erase of the whole screen
	back          []string  // scrolled-off lines, a view no later line changes (scrollback.go)
}

// Size returns the screen's columns and rows.
func (s Snapshot) Size() (cols, rows int) { return s.cols, len(s.rows) }

// Cursor returns the cursor position, 1-based.
func (s Snapshot) Cursor() Position { return s.cursor }

// CursorVisible reports whether the program shows the cursor (DECTCEM).
func (s Snapshot) CursorVisible() bool { return s.cursorVisible }

// AltScreen reports whether the alternate screen buffer is active.
func (s Snapshot) AltScreen() bool { return s.altScreen }

// Title returns the window title set by OSC 0 or OSC 2.
func (s Snapshot) Title() string { return s.title }

// BracketedPaste reports whether the program enabled bracketed paste (mode 2004).
func (s Snapshot) BracketedPaste() bool { return s.bracketed }

// SyncOpen reports whether a synchronized update (DEC mode 2026) is open.
// The snapshot then shows the last complete frame, not the half-drawn one.
func (s Snapshot) SyncOpen() bool { return s.syncOpen }

// Time returns when the last output byte included in the snapshot arrived.
func (s Snapshot) Time() time.Time { return s.at }

// Changed returns when the visible screen (text, style, cursor, title or a
// mode) last changed. Repainting identical content is not a change.
func (s Snapshot) Changed() time.Time { return s.changed }

// LastClear returns when the whole screen was last erased (ED 2 or 3, a reset,
// or a switch of screen buffer); zero if never.
func (s Snapshot) LastClear() time.Time { return s.cleared }

// Cell returns the cell at a 1-based row y and column x; the zero Cell
// when the position is off the screen.
//
// It is small enough to be inlined, so a loop over cells does not copy the
// snapshot for each (the engine reads rows cell by cell).
func (s Snapshot) Cell(y, x int) Cell { return cellAt(s.rows, s.cols, y, x) }

// cellAt is Cell: not inlined itself, so that Cell is.
//
//go:noinline
func cellAt(rows []*row, cols, y, x int) Cell {
	if y < 1 || y > len(rows) || x < 1 || x > cols {
		return Cell{}
	}
	r := rows[y-1]
	if x > len(r.cells) {
		return Cell{Content: " ", Width: 1}
	}
	return r.cell(x - 1)
}

// AppendRow appends the cells of 1-based row y, Cell(y, 1) to
// Cell(y, cols), to cells and returns the extended slice; nothing for a
// row off the screen. A row read in one go costs less than cell by cell:
// each of its few styles is turned into a Cell's colours and attributes
// once.
func (s Snapshot) AppendRow(cells []Cell, y int) []Cell {
	if y < 1 || y > len(s.rows) {
		return cells
	}
	r := s.rows[y-1]
	var styled [8]Cell // the row's first styles as cells, content aside
	for i := range min(len(r.styles), len(styled)) {
		styled[i] = r.styles[i].cell()
	}
	n := min(len(r.cells), s.cols)
	for x := range n {
		ref := r.cells[x]
		var c Cell
		if int(ref.style) < len(styled) {
			c = styled[ref.style]
		} else {
			c = r.styles[ref.style].cell()
		}
		c.Content, c.Width = r.content(x), int(ref.width)
		cells = append(cells, c)
	}
	for range s.cols - n {
		cells = append(cells, Cell{Content: " ", Width: 1})
	}
	return cells
}

// Reversed reports whether any cell of 1-based row y is drawn in reverse
// video (Cell.Reverse): read from the row's few distinct styles, so a
// search for reverse-video cells skips the rows that hold none without
// reading their cells.
func (s Snapshot) Reversed(y int) bool {
	if y < 1 || y > len(s.rows) {
		return false
	}
	for _, st := range s.rows[y-1].styles {
		if st.attrs&uv.AttrReverse != 0 {
			return true
		}
	}
	return false
}

// Plain reports whether every cell of 1-based row y is drawn on the
// terminal's own background, not in reverse video (Cell.Bg nil, not
// Cell.Reverse): read from the row's few distinct styles, as Reversed, so
// a search for a cell set apart by its background skips the rows that
// hold none without reading their cells. A row off the screen is plain,
// as the zero cells Cell gives there are.
func (s Snapshot) Plain(y int) bool {
	if y < 1 || y > len(s.rows) {
		return true
	}
	for _, st := range s.rows[y-1].styles {
		if st.bg != nil || st.attrs&uv.AttrReverse != 0 {
			return false
		}
	}
	return true
}

// Lines returns the screen's text, one string per row, from the top row to
// the last row that holds text or the cursor. Trailing blanks are trimmed,
// except that the cursor's row reaches to the cursor, so a prompt reads as
// the user sees it ("$ " with the cursor after the space).
func (s Snapshot) Lines() []string {
	last := 0
	for i, r := range s.rows {
		if r.trim > 0 {
			last = i + 1
		}
	}
	if s.cursor.Row > last && s.cursor.Row <= len(s.rows) {
		last = s.cursor.Row
	}
	out := make([]string, last)
	for i := range last {
		out[i] = s.rowText(i + 1)
	}
	return out
}

// Line returns one line of Lines, numbered as String numbers them: 1 is the
// top row, and negative i counts from the end, so Line(-1) is the last line
// that holds text or the cursor. 0 and out of range give "".
func (s Snapshot) Line(i int) string {
	lines := s.Lines()
	switch {
	case i < 0:
		i += len(lines)
	case i > 0:
		i--
	default:
		return ""
	}
	if i < 0 || i >= len(lines) {
		return ""
	}
	return lines[i]
}

// Row returns the text of a 1-based screen row, counted from the top of the
// screen whatever it holds; "" when off the screen.
func (s Snapshot) Row(row int) string {
	if row < 1 || row > len(s.rows) {
		return ""
	}
	return s.rowText(row)
}

// rowText pads the cursor's row out to the cursor column.
func (s Snapshot) rowText(row int) string {
	r := s.rows[row-1]
	t := r.trimmed()
	if row != s.cursor.Row {
		return t
	}
	if w := r.widthOf(len(t)); w < s.cursor.Col-1 {
		t += strings.Repeat(" ", s.cursor.Col-1-w)
	}
	return t
}

// Text returns Lines joined by newlines.
func (s Snapshot) Text() string { return strings.Join(s.Lines(), "\n") }

// String renders the screen for a failure message: a header with the size,
// cursor and title, each line numbered, and a caret under the cursor.
func (s Snapshot) String() string {
	var b strings.Builder
	vis := "visible"
	if !s.cursorVisible {
		vis = "hidden"
	}
	fmt.Fprintf(&b, "screen %dx%d, cursor %d,%d (%s)", s.cols, len(s.rows), s.cursor.Row, s.cursor.Col, vis)
	if s.altScreen {
		b.WriteString(", alt screen")
	}
	if s.title != "" {
		fmt.Fprintf(&b, ", title %q", s.title)
	}
	b.WriteString("\n")
	lines := s.Lines()
	for i, l := range lines {
		fmt.Fprintf(&b, "%3d │%s\n", i+1, l)
		if i+1 == s.cursor.Row {
			fmt.Fprintf(&b, "    │%s^ cursor\n", strings.Repeat(" ", max(s.cursor.Col-1, 0)))
		}
	}
	if len(lines) == 0 {
		b.WriteString("    │(empty)\n")
	}
	return b.String()
}

// SameRow reports whether row (1-based) shows the same in s and o: the same
// characters in the same styles and colours. Rows the screen did not touch
// between two snapshots are shared, so this is mostly a pointer comparison.
// A row outside either snapshot is never the same.
func (s Snapshot) SameRow(o Snapshot, row int) bool {
	if row < 1 || row > len(s.rows) || row > len(o.rows) {
		return false
	}
	a, b := s.rows[row-1], o.rows[row-1]
	if a == b {
		return true
	}
	if a.text != b.text || len(a.cells) != len(b.cells) {
		return false
	}
	for x, ca := range a.cells {
		cb := b.cells[x]
		if ca.width != cb.width || a.content(x) != b.content(x) ||
			!a.styles[ca.style].same(&b.styles[cb.style]) {
			return false
		}
	}
	return true
}

// SameColor compares colours by value: the emulator's colours are of several
// types (ansi.BasicColor, ansi.IndexedColor, color.RGBA, ...), so the same
// colour may compare unequal with ==. nil (the terminal's default) equals
// only nil. All those types are comparable, so == is a safe shortcut.
func SameColor(a, b color.Color) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	// The emulator's own types first, compared without the runtime's
	// interface equality: rows are compared cell by cell after every write.
	switch av := a.(type) {
	case ansi.BasicColor:
		if bv, ok := b.(ansi.BasicColor); ok && av == bv {
			return true
		}
	case ansi.IndexedColor:
		if bv, ok := b.(ansi.IndexedColor); ok && av == bv {
			return true
		}
	case color.RGBA:
		if bv, ok := b.(color.RGBA); ok {
			return av == bv // (palette colours may share a value; these are values)
		}
	}
	if a == b {
		return true
	}
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// RowRef names the cells of a row: rows are never changed once read, so
// two rows with one RowRef hold the same cells, and a row that stayed or
// scrolled keeps its RowRef from one snapshot to the next. (Rows with the
// same cells may have different RowRefs.) A reader may remember what it
// read from a row by its RowRef (and the width it read it at).
type RowRef struct{ r *row }

// RowRef returns the RowRef of row (1-based); the zero RowRef off the
// screen.
func (s Snapshot) RowRef(row int) RowRef {
	if row < 1 || row > len(s.rows) {
		return RowRef{}
	}
	return RowRef{s.rows[row-1]}
}
