package ready

import (
	"image/color"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// Questions in boxes. Curses dialogs (dialog, whiptail/newt) draw a window
// with borders, the question on its first rows, then a list and a row of
// buttons, and mark what is chosen by colour alone: dialog's menu draws the
// current item on blue in a grey list, newt's checklist the current item's
// box on red among blue ones, and the focused button ("< Yes >" among "<
// No >") on a background of its own (corpus/testdata/dialog.cast,
// whiptail.cast). No glyph says which: the one row of the list drawn on a
// background the others lack at the same columns does.

// boxBorders are what a box is drawn with, trimmed off its rows' text.
const boxBorders = " │┃║|─━═┌┐└┘├┤┬┴┼╭╮╰╯╔╗╚╝"

var (
	// buttonRe: a button of a curses dialog, "<  OK  >", "<Cancel>".
	buttonRe = regexp.MustCompile(`<\s*([^<>\s][^<>]*?)\s*>`)
	// squareButtonRe: a button in square brackets, a word of two letters
	// or more in them: Midnight Commander's "[ Yes ]  [ No ]" (corpus
	// mc.cast). One letter ("[x]") is a check box's mark.
	squareButtonRe = regexp.MustCompile(`\[\s*(\pL[^\[\]]*\pL)\s*\]`)
	// checkMarkRe: a checklist's or radio list's box before an item.
	checkMarkRe = regexp.MustCompile(`^(?:\[[ xX*]\]|\([ xX*]\))\s+`)
)

// vBorder reports whether r draws a box's side.
func vBorder(r rune) bool { return strings.ContainsRune("│┃║|", r) }

// boxedRow reports whether t, a row's text, starts and ends with a box's
// side: a row inside a window.
func boxedRow(t string) bool {
	t = strings.TrimSpace(t)
	a, _ := utf8.DecodeRuneInString(t)
	z, _ := utf8.DecodeLastRuneInString(t)
	return len(t) > 1 && vBorder(a) && vBorder(z)
}

// boxQuestion finds a list or a row of buttons in a box near the bottom of
// the screen, one entry set apart by its background.
func boxQuestion(v *view) *Prompt {
	lo, n := max(1, v.bottom-searchRows), 0
	for r := lo; r <= v.bottom; r++ {
		if boxedRow(v.row(r)) {
			n++
		}
	}
	if n < 2 {
		return nil // the common case, found from the text alone: no window (urwid's confirm has two rows)
	}
	g := v.memo.cellGrid(v.snap, lo, v.bottom)
	if p := boxedList(v, g); p != nil {
		return p
	}
	return boxedButtons(v, g)
}

// cellGrid is the content and highlight of the cells of rows lo..hi.
type cellGrid struct {
	lo   int
	text [][]rune   // per row, per column; ' ' for an empty cell
	bg   [][]string // per row, per column: the background, or "reverse"
	rule []int8     // per row: 0 not looked at, 1 no rule, 2 a rule (ruled)
	flat []string   // per row, if known: its cells' one background, or mixedBg (gridCache)
}

func newCellGrid(s screen.Snapshot, lo, hi int) *cellGrid {
	g := &cellGrid{lo: lo, flat: make([]string, 0, max(hi-lo+1, 0))}
	for r := lo; r <= hi; r++ {
		text, bg := gridRow(s, r)
		g.text, g.bg, g.flat = append(g.text, text), append(g.bg, bg), append(g.flat, flatOf(bg))
	}
	return g
}

// gridRow reads row r of s for a cellGrid.
func gridRow(s screen.Snapshot, r int) (text []rune, bg []string) {
	return gridRowWith(s, r, nil)
}

// gridRowWith is gridRow reading the row's cells into scratch, if not nil.
func gridRowWith(s screen.Snapshot, r int, scratch *[]screen.Cell) (text []rune, bg []string) {
	cols, _ := s.Size()
	var cells []screen.Cell
	if scratch != nil {
		cells = (*scratch)[:0]
	}
	cells = s.AppendRow(cells, r) // the whole row in one go
	if scratch != nil {
		*scratch = cells
	}
	text = make([]rune, cols+2)
	text[0], text[cols+1] = ' ', ' '
	// A plain row (no cell on a background of its own or in reverse video)
	// has the empty key in every cell: it shares one read-only row of them.
	plain := s.Plain(r)
	if plain {
		bg = noBackgrounds(cols + 2)
	} else {
		bg = make([]string, cols+2)
	}
	var lastBg color.Color // the last cell's background, keyed in key
	key := ""
	for c := 1; c <= cols; c++ {
		var cell screen.Cell // off the screen: the zero cell, as Cell gives
		if c <= len(cells) {
			cell = cells[c-1]
		}
		text[c] = ' '
		if ch, _ := utf8.DecodeRuneInString(cell.Content); cell.Content != "" && cell.Width == 1 {
			text[c] = ch
		}
		if plain {
			continue
		}
		if cell.Bg != lastBg || c == 1 { // cells come in runs of one background
			lastBg, key = cell.Bg, colorKey(cell.Bg)
		}
		bg[c] = key
		if cell.Reverse {
			bg[c] = "reverse"
		}
	}
	return text, bg
}

// emptyKeys is a row of empty background keys that plain rows share: it
// is never written (gridRowWith writes only rows it made).
var emptyKeys = make([]string, 1024)

// noBackgrounds returns n empty background keys, shared when n fits.
func noBackgrounds(n int) []string {
	if n > len(emptyKeys) {
		return make([]string, n)
	}
	return emptyKeys[:n:n]
}

// gridCache keeps the cellGrid rows read from the last snapshot a grid was
// read from: a window that stays up (an agent's box, a dialog) is read
// cell by cell only where it changed (screen.Snapshot.SameRow: rows the
// screen did not touch are shared). Rows outside the window asked for are
// kept while they show the same, so shapes asking for different windows
// of one screen do not undo each other's reading.
type gridCache struct {
	snap screen.Snapshot
	text [][]rune   // row r at r-1; nil: not read
	bg   [][]string // as text
	flat []string   // as text: the one background of the row's cells, or mixedBg
	// cells is room to read a row's cells into, reused.
	cells []screen.Cell
	// byRef keeps rows read by what they show (screen.RowRef) at the
	// width read: a line that scrolled is read again at its new place
	// from here, not cell by cell.
	byRef map[gridKey]gridRead
}

type gridKey struct {
	ref  screen.RowRef
	cols int
}

type gridRead struct {
	text []rune
	bg   []string
	flat string
}

// gridKept bounds byRef: a screen's rows and as many more scrolled off.
func gridKept(rows int) int { return 4*rows + 64 }

// mixedBg is a grid row's background (gridCache.flat) when its cells are
// on more than one: no colorKey is 7 bytes starting with a zero.
const mixedBg = "\x00mixed"

// sync readies the cache for s: rows s does not show as the snapshot the
// cache was read from are forgotten.
func (c *gridCache) sync(s screen.Snapshot) {
	cols, n := s.Size()
	if oldCols, oldN := c.snap.Size(); oldCols != cols || oldN != n || c.text == nil {
		c.text, c.bg, c.flat = make([][]rune, n), make([][]string, n), make([]string, n)
	}
	for r := 1; r <= n; r++ {
		if c.text[r-1] != nil && !s.SameRow(c.snap, r) {
			c.text[r-1], c.bg[r-1] = nil, nil
		}
	}
	c.snap = s
}

// row returns row r (on the screen) of the snapshot last synced, reading it
// if not yet read.
func (c *gridCache) row(r int) ([]rune, []string, string) {
	if c.text[r-1] == nil {
		cols, n := c.snap.Size()
		k := gridKey{c.snap.RowRef(r), cols}
		g, ok := c.byRef[k]
		if !ok {
			text, bg := gridRowWith(c.snap, r, &c.cells)
			g = gridRead{text, bg, flatOf(bg)}
			switch {
			case c.byRef == nil:
				c.byRef = make(map[gridKey]gridRead, gridKept(n))
			case len(c.byRef) >= gridKept(n):
				clear(c.byRef)
			}
			c.byRef[k] = g
		}
		c.text[r-1], c.bg[r-1], c.flat[r-1] = g.text, g.bg, g.flat
	}
	return c.text[r-1], c.bg[r-1], c.flat[r-1]
}

// flatOf returns the one background of a grid row's cells (bg as gridRow
// reads it), or mixedBg.
func flatOf(bg []string) string {
	flat := bg[1]
	for _, b := range bg[1 : len(bg)-1] {
		if b != flat {
			return mixedBg
		}
	}
	return flat
}

// cellGrid returns the grid of rows lo..hi of s, reusing the rows of the
// last one that s shows unchanged. The grid's rows are not written to.
func (mm *matchMemo) cellGrid(s screen.Snapshot, lo, hi int) *cellGrid {
	if mm == nil {
		return newCellGrid(s, lo, hi)
	}
	c := &mm.grid
	c.sync(s)
	_, n := s.Size()
	g := &cellGrid{lo: lo, flat: make([]string, 0, max(hi-lo+1, 0))}
	for r := lo; r <= hi; r++ {
		if r < 1 || r > n {
			text, bg := gridRow(s, r)
			g.text, g.bg, g.flat = append(g.text, text), append(g.bg, bg), append(g.flat, flatOf(bg))
			continue
		}
		text, bg, flat := c.row(r)
		g.text, g.bg, g.flat = append(g.text, text), append(g.bg, bg), append(g.flat, flat)
	}
	return g
}

// gridRowOf is gridRow(s, r) through the cache: the slices are shared,
// not to be written to.
func (mm *matchMemo) gridRowOf(s screen.Snapshot, r int) ([]rune, []string) {
	if _, n := s.Size(); mm == nil || r < 1 || r > n {
		return gridRow(s, r)
	}
	mm.grid.sync(s)
	text, bg, _ := mm.grid.row(r)
	return text, bg
}

func colorKey(c color.Color) string {
	if c == nil {
		return ""
	}
	r, g, b, _ := c.RGBA()
	return string([]byte{byte(r >> 8), byte(g >> 8), byte(b >> 8)})
}

func (g *cellGrid) rows() int { return len(g.text) }

// wordAt reports whether a word of text starts at column c of grid row i.
func (g *cellGrid) wordAt(i, c int) bool {
	t := g.text[i]
	return c >= 1 && c < len(t)-1 && !blankOrBorder(t[c]) && blankOrBorder(t[c-1])
}

// lastText returns the last column of grid row i that holds text, not a
// border.
func (g *cellGrid) lastText(i int) int {
	t := g.text[i]
	for c := len(t) - 2; c >= 1; c-- {
		if !blankOrBorder(t[c]) {
			return c
		}
	}
	return 0
}

func blankOrBorder(r rune) bool { return r == ' ' || strings.ContainsRune(boxBorders, r) }

// boxedList finds a list of items starting at one column on consecutive
// rows of a window, one of them drawn on a background none of the others
// has over the columns they share, under a question.
func boxedList(v *view, g *cellGrid) *Prompt {
	for i := g.rows() - 1; i >= 0; i-- {
		if !boxedRow(v.row(g.lo + i)) {
			continue
		}
		for c := 1; c < len(g.text[i])-1; c++ {
			if !g.wordAt(i, c) {
				continue
			}
			if p := g.listAt(v, i, c); p != nil {
				return p
			}
		}
	}
	return nil
}

// listAt reads the list through grid row i whose items start at column c:
// nil unless row i is the one item set apart.
func (g *cellGrid) listAt(v *view, i, c int) *Prompt {
	first, last := i, i
	for first > 0 && g.wordAt(first-1, c) && boxedRow(v.row(g.lo+first-1)) {
		first--
	}
	for last < g.rows()-1 && g.wordAt(last+1, c) && boxedRow(v.row(g.lo+last+1)) {
		last++
	}
	if last == first {
		return nil
	}
	end := len(g.text[i])
	for k := first; k <= last; k++ {
		end = min(end, g.lastText(k))
	}
	styles := func(k int) map[string]bool {
		set := map[string]bool{}
		for col := c; col <= end; col++ {
			set[g.bg[k][col]] = true
		}
		return set
	}
	apart := func(k int) bool { // k has a background no other item has
		for st := range styles(k) {
			shared := false
			for o := first; o <= last && !shared; o++ {
				shared = o != k && styles(o)[st]
			}
			if !shared {
				return true
			}
		}
		return false
	}
	marked := -1
	for k := first; k <= last; k++ {
		if apart(k) {
			if marked >= 0 {
				return nil // several set apart: colours, not a choice
			}
			marked = k
		}
	}
	if marked != i {
		return nil
	}
	q := g.questionAbove(v, first)
	if q == "" {
		return nil
	}
	p := &Prompt{Kind: PromptSelect, Text: q, Default: marked - first}
	for k := first; k <= last; k++ {
		item := strings.TrimSpace(string(g.text[k][c : g.lastText(k)+1]))
		item = v.remove(checkMarkRe, item)
		if j := strings.Index(item, "  "); j > 0 {
			item = item[:j] // the tag, not its description
		}
		p.Options = append(p.Options, item)
	}
	return p
}

// questionAbove returns the nearest text above grid row i inside the
// window, borders trimmed: the question a dialog asks over its list or
// buttons. "" if there is none within questionRows.
func (g *cellGrid) questionAbove(v *view, i int) string {
	for r := g.lo + i - 1; r >= max(1, g.lo+i-questionRows); r-- {
		row := v.row(r)
		if t := strings.TrimSpace(row); strings.HasPrefix(t, "┌") || strings.HasPrefix(t, "╭") || strings.HasPrefix(t, "╔") {
			return "" // the window's top: what is above is another's
		}
		if t := strings.Trim(row, boxBorders); t != "" {
			if !boxedRow(row) {
				return ""
			}
			return t
		}
	}
	return ""
}

// boxedButtons finds a row of two or more buttons in a window, one of them
// drawn on a background of its own (the focused one), under a question. A
// dialog whose visible cursor is elsewhere takes text there (dialog's
// inputbox): its buttons are not the question.
func boxedButtons(v *view, g *cellGrid) *Prompt {
	for i := g.rows() - 1; i >= 0; i-- {
		if !boxedRow(v.row(g.lo + i)) {
			continue
		}
		if p, ok := boxedButtonsAs(v, g, i, buttonRe, '<'); ok {
			return p
		}
		if p, ok := boxedButtonsAs(v, g, i, squareButtonRe, '['); ok {
			return p
		}
	}
	return nil
}

// boxedButtonsAs reads grid row i as a row of buttons matched by re, each
// drawn from the rune open; ok says the row holds such buttons and nothing
// else (the search ends there), p the question they answer, if any.
func boxedButtonsAs(v *view, g *cellGrid, i int, re *regexp.Regexp, open rune) (p *Prompt, ok bool) {
	r := g.lo + i
	row := v.row(r)
	found := v.findAll(re, row)
	if len(found) < 2 || strings.Trim(v.remove(re, row), boxBorders) != "" {
		return nil, false
	}
	if v.snap.CursorVisible() && v.cursor.Row != r {
		return nil, true
	}
	p = &Prompt{Kind: PromptToggle, Default: -1}
	if len(found) > 2 {
		p.Kind = PromptOptions
	}
	// The buttons' columns: each opening rune in the row, in order.
	k, cursorAt := 0, -1
	var lifted, bgs []string // per button: its background if set apart from the cell before it, and its background
	for col := 1; col < len(g.text[i])-1 && k < len(found); col++ {
		if g.text[i][col] != open {
			continue
		}
		bgs = append(bgs, g.bg[i][col])
		if g.bg[i][col] != g.bg[i][col-1] {
			lifted = append(lifted, g.bg[i][col])
			if p.Default < 0 {
				p.Default = k
			}
		} else {
			lifted = append(lifted, "")
		}
		if cursorIn(v, r, col, found[k][0]) {
			cursorAt = k
		}
		p.Options = append(p.Options, found[k][1])
		k++
	}
	if p.Default >= 0 {
		var untold bool
		if p.Default, untold = liftedButton(lifted, bgs); p.Default < 0 && !untold {
			return nil, true
		}
	}
	if p.Default < 0 {
		// No colour: urwid parks the terminal's cursor in the focused
		// button instead (corpus/testdata/urwid-dialog.cast).
		p.Default = cursorAt
	}
	if p.Default < 0 || k != len(found) {
		return nil, true
	}
	if p.Text = g.questionAbove(v, i); p.Text == "" {
		return nil, true
	}
	return p, true
}

// cursorIn reports whether the terminal's cursor is visible on row r
// within the button drawn as text from column col.
func cursorIn(v *view, r, col int, text string) bool {
	return v.snap.CursorVisible() && v.cursor.Row == r && v.cursor.Col >= col && v.cursor.Col < col+utf8.RuneCountInString(text)
}
