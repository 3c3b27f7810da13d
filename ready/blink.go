package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// Blinking cursors. A program that draws its own cursor hides the
// terminal's and paints one cell in reverse video, and most blink it:
// bubbles' textinput (every bubbletea text input, huh's Input) toggles the
// cell between reverse video and its plain style every ~530 ms
// (ready/testdata/bubbletea-textinput.cast); terminals' own blinking shows
// as DECTCEM toggling the cursor on and off with nothing else changed. A
// blink is not the program doing anything: it does not count as change,
// and the blinking cell is where input goes.

// blinkOnly reports whether cur differs from old only by a cursor blink:
// the same text, title and cursor, with either the cursor's visibility
// toggled and no cell restyled, or one cell's reverse video toggled (with
// the visibility the same). It returns the blinking position and whether
// it was the visibility that toggled: one such toggle is a program showing
// its cursor (at exit, after a redraw), only a second one soon after is a
// blink.
func blinkOnly(old, cur *view) (at screen.Position, visibility, ok bool) {
	if old == nil || old.snap.Title() != cur.snap.Title() {
		return at, false, false
	}
	at, restyled, ok := reverseToggled(old, cur)
	if !ok {
		return at, false, false
	}
	switch {
	case restyled == 0 && old.snap.CursorVisible() != cur.snap.CursorVisible():
		return cur.cursor, true, true
	case restyled == 1 && old.snap.CursorVisible() == cur.snap.CursorVisible():
		return at, false, true
	}
	return at, false, false
}

// reverseToggled compares the cells of old and cur, title aside: the same
// text, cursor and screen, each cell the same or with only its reverse
// video toggled. It returns how many were toggled and the last of them;
// false when anything else differs.
func reverseToggled(old, cur *view) (at screen.Position, restyled int, ok bool) {
	if old == nil || len(old.rows) != len(cur.rows) || old.cursor != cur.cursor ||
		old.snap.AltScreen() != cur.snap.AltScreen() {
		return at, 0, false
	}
	for r := range cur.rows {
		if old.rows[r] != cur.rows[r] {
			return at, 0, false
		}
		if cur.snap.SameRow(old.snap, r+1) {
			continue
		}
		cols, _ := cur.snap.Size()
		for c := 1; c <= cols; c++ {
			a, b := old.snap.Cell(r+1, c), cur.snap.Cell(r+1, c)
			if sameCell(a, b) {
				continue
			}
			if a.Reverse == b.Reverse || a.Content != b.Content {
				return at, 0, false
			}
			restyled++
			at = screen.Position{Row: r + 1, Col: c}
		}
	}
	return at, restyled, true
}

// identical reports whether cur looks exactly as old: every cell, the
// cursor and its visibility, the title.
func identical(old, cur *view) bool {
	return old != nil && old.cursor == cur.cursor && sameLook(old, cur)
}

// sameLook reports whether cur looks as old but for the cursor's position:
// every cell, the cursor's visibility, the title and the screen.
func sameLook(old, cur *view) bool {
	if len(old.rows) != len(cur.rows) || old.snap.CursorVisible() != cur.snap.CursorVisible() ||
		old.snap.Title() != cur.snap.Title() || old.snap.AltScreen() != cur.snap.AltScreen() {
		return false
	}
	for r := range cur.rows {
		if old.rows[r] != cur.rows[r] || !cur.snap.SameRow(old.snap, r+1) {
			return false
		}
	}
	return true
}

func sameCell(a, b screen.Cell) bool {
	return a.Content == b.Content && a.Width == b.Width && a.Reverse == b.Reverse && a.Bold == b.Bold &&
		a.Faint == b.Faint && a.Italic == b.Italic && a.Underline == b.Underline && a.Blink == b.Blink &&
		a.Strikethrough == b.Strikethrough && screen.SameColor(a.Fg, b.Fg) && screen.SameColor(a.Bg, b.Bg)
}

// drawnCursor finds the cursor a program draws itself while the terminal's
// is hidden at at: the hidden cursor's own cell, or the one just left of it
// (the cell written last), drawn as a block standing alone (enquirer paints
// the cell's background and parks the hidden cursor on it, or after it once
// text is typed: corpus/testdata/enquirer.cast), else the only
// reverse-video cell on the screen that stands alone (a highlighted menu
// line is a run of them), else the one drawn in an input box
// (inputbox.go). It returns false when there is none, or more than one.
func drawnCursor(s screen.Snapshot, at screen.Position, rows int) (screen.Position, bool) {
	p, ok, _ := drawnCursorAfter(s, at, rows, nil)
	return p, ok
}

// drawnCursorAfter is drawnCursor reading the lone reverse-video cells of
// every row that shows as on the snapshot before (before's lone cells,
// nil for none) from there, not cell by cell again. It returns the lone
// cells it read, for the next snapshot.
func drawnCursorAfter(s screen.Snapshot, at screen.Position, rows int, before *loneCells) (screen.Position, bool, *loneCells) {
	for _, p := range []screen.Position{at, {Row: at.Row, Col: at.Col - 1}} {
		if blockAt(s, p) {
			return p, true, before
		}
	}
	if p, ok := blockGlyph(s, at); ok {
		return p, true, before
	}
	cols, n := s.Size()
	lc := &loneCells{snap: s, rows: make([]loneRow, n)}
	reuse := before != nil && len(before.rows) == n
	if reuse {
		bc, _ := before.snap.Size()
		reuse = bc == cols
	}
	var found screen.Position
	count := 0
	for r := 1; r <= rows && r <= n; r++ {
		lr := &lc.rows[r-1]
		if b := before; reuse && b.rows[r-1].known && s.SameRow(b.snap, r) {
			*lr = b.rows[r-1]
		} else {
			*lr = loneIn(s, r, cols)
		}
		if lr.n > 0 {
			found, count = screen.Position{Row: r, Col: int(lr.col)}, count+int(lr.n)
		}
	}
	if count != 1 {
		p, ok := boxedCursor(s, rows)
		return p, ok, lc
	}
	return found, true, lc
}

// loneCells is, for the rows of a snapshot, its cells in reverse video
// that stand alone (drawnCursor): a row the next snapshot shows the same,
// text and styles (screen.Snapshot.SameRow), has the same ones.
type loneCells struct {
	snap screen.Snapshot
	rows []loneRow // row r at rows[r-1]
}

// loneRow is how many lone reverse-video cells a row holds, and the
// column of its last one (32 bits: a row every view keeps, of at most
// the reader's 10,000 columns).
type loneRow struct {
	known  bool
	n, col int32
}

// loneIn finds the lone reverse-video cells of row r: a run of one, or of
// two that is one wide character.
func loneIn(s screen.Snapshot, r, cols int) loneRow {
	lr := loneRow{known: true}
	if !s.Reversed(r) {
		return lr
	}
	run, start := 0, 0
	for c := 1; c <= cols+1; c++ {
		if c <= cols && s.Cell(r, c).Reverse {
			if run == 0 {
				start = c
			}
			run++
			continue
		}
		if run == 1 || run == 2 && s.Cell(r, start).Width == 2 {
			lr.col, lr.n = int32(start), lr.n+1
		}
		run = 0
	}
	return lr
}

// blockAt reports whether the cell at p is drawn as a cursor block: in
// reverse video or on a background colour, one character wide, its
// neighbours on the row drawn otherwise (a button or a highlighted line is
// a run of such cells).
func blockAt(s screen.Snapshot, p screen.Position) bool {
	cols, rows := s.Size()
	if p.Row < 1 || p.Row > rows || p.Col < 1 || p.Col > cols {
		return false
	}
	cell := s.Cell(p.Row, p.Col)
	if !cell.Reverse && cell.Bg == nil {
		return false
	}
	same := func(c int) bool {
		if c < 1 || c > cols {
			return false
		}
		o := s.Cell(p.Row, c)
		return o.Reverse == cell.Reverse && screen.SameColor(o.Bg, cell.Bg)
	}
	w := max(cell.Width, 1)
	return !same(p.Col-1) && !same(p.Col+w)
}

// promptPrefix is the prompt part of the text left of a drawn cursor ("> "
// of "> hello"): where a drawn cursor in its off phase is looked for.
var promptPrefix = regexp.MustCompile(`^[\s│┃|]*[$#%>❯›»➜λ→▶▸]`)

// drawnPrompt returns the prompt of an input line whose drawn cursor has
// before to its left, old being the one known before: a leading prompt
// glyph ("> " of "> hello"); all of before when it ends in one, nothing
// typed yet ("note>", a label ending in '>' or ':'); old while what is
// left of the cursor is old and then typed text ("note> buy milk"). A
// program that blinks its cursor may redraw the line in the off phase
// right after taking a line (bubbles' textinput,
// corpus/testdata/bubbletea-toast.cast), so the prompt must be known from
// the last frame that showed the cursor, whatever was typed after it.
func drawnPrompt(before, old string) string {
	if p := promptPrefix.FindString(before); p != "" {
		return p
	}
	if atPrompt(before) && !strings.HasPrefix(before, "?") {
		return before
	}
	if old != "" && strings.HasPrefix(before, old+" ") {
		return old
	}
	return ""
}

// offPhase finds a drawn cursor in its off phase: the program drew its
// cursor after prompt before (the last drawn cursor seen) and redrew the
// prompt with the cursor cell plain. It looks for the prompt on the last
// few rows and puts the cursor after it.
func offPhase(v *view, prompt string) (screen.Position, bool) {
	if prompt == "" {
		return screen.Position{}, false
	}
	for r := v.bottom; r >= max(1, v.bottom-offPhaseRows); r-- {
		if row := v.row(r); row == prompt || strings.HasPrefix(row, prompt+" ") {
			return screen.Position{Row: r, Col: utf8.RuneCountInString(prompt) + 2}, true
		}
	}
	return screen.Position{}, false
}

// offPhaseRows is how far above the bottom an off-phase cursor's prompt is
// looked for: an input line sits at the bottom, under at most a footer.
const offPhaseRows = 3

// blockGlyph finds a cursor drawn as the full block character: promptui
// writes "█" after its label, hides the terminal's cursor and parks it at
// the start of the row below (corpus/testdata/promptui.cast). The glyph
// stands alone after a blank, at the hidden cursor, just left of it, or as
// the last character of the row above a cursor in column 1: a progress
// bar's blocks come in runs or after its own edge.
func blockGlyph(s screen.Snapshot, at screen.Position) (screen.Position, bool) {
	cols, rows := s.Size()
	alone := func(p screen.Position) bool {
		if p.Row < 1 || p.Row > rows || p.Col < 2 || p.Col > cols || s.Cell(p.Row, p.Col).Content != "█" {
			return false
		}
		if l := s.Cell(p.Row, p.Col-1).Content; strings.TrimSpace(l) != "" {
			return false
		}
		return p.Col == cols || strings.TrimSpace(s.Cell(p.Row, p.Col+1).Content) == ""
	}
	cands := []screen.Position{at, {Row: at.Row, Col: at.Col - 1}}
	if at.Col == 1 && at.Row > 1 {
		if t := strings.TrimRight(s.Row(at.Row-1), " "); t != "" {
			cands = append(cands, screen.Position{Row: at.Row - 1, Col: utf8.RuneCountInString(t)})
		}
	}
	for _, p := range cands {
		if alone(p) {
			return p, true
		}
	}
	return screen.Position{}, false
}
