package screen

import (
	"image/color"
	"strings"
	"sync"
	"unsafe"

	uv "github.com/charmbracelet/ultraviolet"
)

// row is one immutable screen row. Rows are shared between snapshots and
// replaced, never modified, when the screen changes.
//
// It is stored compactly because rows are reread whenever a program
// writes to them: the text once, and per cell only offsets and a style
// index, so a row holds no per-cell pointers for the garbage collector to
// scan and costs three allocations however wide it is.
type row struct {
	text   string    // every cell's content, in order
	trim   int       // len(text) without trailing blanks
	last   int       // column of the last cell that is not blank, or -1
	cells  []cellRef // one per column
	styles []style   // the distinct styles of the row, in order of use
}

// cellRef is 8 bytes: a cell's content ends where the next cell's starts
// (the row's text is every cell's content in order), so it keeps no end
// of its own (a third of the bytes of the rows a replay makes).
type cellRef struct {
	start uint32 // the cell's content is text[start:] up to the next cell's start
	style uint16 // index into styles
	width uint8
}

// end returns where cell x's content ends in r.text.
func (r *row) end(x int) uint32 {
	if x+1 < len(r.cells) {
		return r.cells[x+1].start
	}
	return uint32(len(r.text))
}

// content returns cell x's content.
func (r *row) content(x int) string { return r.text[r.cells[x].start:r.end(x)] }

// style is a cell style as the emulator keeps it.
type style struct {
	fg, bg    color.Color
	attrs     uint8 // uv.Attr bits
	underline uv.Underline
}

func (s *style) is(o *uv.Style) bool {
	return s.attrs == o.Attrs && s.underline == o.Underline && SameColor(s.fg, o.Fg) && SameColor(s.bg, o.Bg)
}

func (s *style) same(o *style) bool {
	return s.attrs == o.attrs && s.underline == o.underline && SameColor(s.fg, o.fg) && SameColor(s.bg, o.bg)
}

// cell returns the Cell at a 0-based column.
func (r *row) cell(x int) Cell {
	c := r.cells[x]
	cell := r.styles[c.style].cell()
	cell.Content, cell.Width = r.content(x), int(c.width)
	return cell
}

// cell returns a Cell in style s, its content and width not set.
func (s *style) cell() Cell {
	return Cell{
		Fg:            s.fg,
		Bg:            s.bg,
		Bold:          s.attrs&uv.AttrBold != 0,
		Faint:         s.attrs&uv.AttrFaint != 0,
		Italic:        s.attrs&uv.AttrItalic != 0,
		Blink:         s.attrs&(uv.AttrBlink|uv.AttrRapidBlink) != 0,
		Reverse:       s.attrs&uv.AttrReverse != 0,
		Strikethrough: s.attrs&uv.AttrStrikethrough != 0,
		Underline:     s.underline != uv.UnderlineNone,
	}
}

// trimmed returns the row's text without trailing blanks.
func (r *row) trimmed() string { return r.text[:r.trim] }

// widthOf returns the columns taken by the cells holding the first n bytes
// of the row's text.
func (r *row) widthOf(n int) int {
	w := 0
	for x, c := range r.cells {
		if int(r.end(x)) > n {
			break
		}
		w += int(c.width)
	}
	return w
}

// blank is what the emulator's nil cell (off its buffer) reads as.
var blank = uv.Cell{Content: " ", Width: 1}

// scratch is reusable space for building rows, and slabs that new rows
// are carved from: a scrolling screen reads rows by the thousand, and
// carving row structs and cells from shared slabs saves two of a row's
// four allocations. A slab lives as long as any of its
// rows.
//
// The first slabs are small and each next one twice the last, up to
// slabRows: a terminal that shows a few rows of text (a shell at its
// prompt, the rest blank: see blankRow) holds a few rows' worth, not 32
// (100 idle terminals held 4 MiB of slabs for rows never read).
type scratch struct {
	line   []uv.Cell // a row's cells, where x/vt's buffer cannot be read directly
	text   []byte
	styles []style
	rows   []row
	cells  []cellRef
	slab   int // rows in the last slab made
}

const (
	slabRows      = 32
	firstSlabRows = 4
)

// newRow returns a blank row of cols cells from the slabs.
func (sc *scratch) newRow(cols int) *row {
	if len(sc.rows) == 0 || len(sc.cells) < cols {
		sc.slab = min(max(2*sc.slab, firstSlabRows), slabRows)
	}
	if len(sc.rows) == 0 {
		sc.rows = make([]row, sc.slab)
	}
	if len(sc.cells) < cols {
		sc.cells = make([]cellRef, sc.slab*cols)
	}
	r := &sc.rows[0]
	sc.rows = sc.rows[1:]
	r.cells, sc.cells = sc.cells[:cols:cols], sc.cells[cols:]
	r.last = -1
	return r
}

// readRow converts a row of the emulator's cells.
func readRow(line []uv.Cell, sc *scratch) *row {
	if isBlank(line) {
		return blankRow(len(line))
	}
	return convertRow(line, sc)
}

// convertRow converts a row of the emulator's cells into a row of its own.
func convertRow(line []uv.Cell, sc *scratch) *row {
	r := sc.newRow(len(line))
	buf, styles := sc.text[:0], sc.styles[:0]
	// Cells come in runs of one style: a cell whose style is word for word
	// the cell before's takes its index, as styleIndex would give it (the
	// table is as it was after the cell before).
	var prev *uv.Style
	var prevIndex uint16
	for x := range line {
		c := &line[x]
		content := c.Content
		if content == "" && c.Width > 0 {
			content = " "
		}
		ref := cellRef{start: uint32(len(buf)), width: uint8(c.Width)}
		buf = append(buf, content...)
		if content != " " && uint32(len(buf)) > ref.start {
			r.trim, r.last = len(buf), x
		}
		if prev == nil || !sameWords(&c.Style, prev) {
			prev, prevIndex = &c.Style, styleIndex(&styles, &c.Style)
		}
		ref.style = prevIndex
		r.cells[x] = ref
	}
	r.text = string(buf)
	r.styles = append([]style(nil), styles...)
	sc.text, sc.styles = buf, styles
	return r
}

// isBlank reports whether every cell of line is a blank of one column in
// the default style: the row readRow would make of it is blankRow's.
func isBlank(line []uv.Cell) bool {
	for x := range line {
		c := &line[x]
		if c.Width != 1 || c.Content != " " && c.Content != "" ||
			c.Style.Attrs != 0 || c.Style.Underline != uv.UnderlineNone || c.Style.Fg != nil || c.Style.Bg != nil {
			return false
		}
	}
	return true
}

// blanks holds one blank row per width (*row by int), shared by every
// screen: rows are never modified, and most rows of most screens are
// blank, so a screen holds none of its own.
var blanks sync.Map

// blankRow returns the row of cols blanks in the default style, as readRow
// would make it.
func blankRow(cols int) *row {
	if r, ok := blanks.Load(cols); ok {
		return r.(*row)
	}
	r := &row{text: strings.Repeat(" ", cols), last: -1, cells: make([]cellRef, cols), styles: []style{{}}}
	for x := range r.cells {
		r.cells[x] = cellRef{start: uint32(x), width: 1}
	}
	got, _ := blanks.LoadOrStore(cols, r)
	return got.(*row)
}

// styleIndex returns the index of st in *styles, adding it if needed.
// Cells come in runs of one style and a row has few, so the last style is
// tried first and only short tables are searched; a style may repeat.
func styleIndex(styles *[]style, st *uv.Style) uint16 {
	ss := *styles
	if n := len(ss); n > 0 && ss[n-1].is(st) {
		return uint16(n - 1)
	}
	if len(ss) <= 16 {
		for i := range ss {
			if ss[i].is(st) {
				return uint16(i)
			}
		}
	}
	if len(ss) >= 1<<16 {
		return 0 // more styles than cells in any real row; never happens
	}
	*styles = append(ss, style{fg: st.Fg, bg: st.Bg, attrs: st.Attrs, underline: st.Underline})
	return uint16(len(ss))
}

// rowIs reports whether a row of the emulator's cells holds exactly r's
// cells, without converting it. Rows of a screen mostly differ in length,
// so the cells around the end of r's text are compared first: most
// mismatches cost two cells, not a run of equal leading cells.
//
// A row that was repainted as it was is compared whole, which is most of
// what a screen costs over the emulator on programs that redraw every
// frame. Neighbouring cells mostly share a style, and the emulator copies
// its pen into each cell, so a cell whose style is the very same words as
// its left neighbour's, where r's style is the same too, needs no colour
// compared.
func rowIs(line []uv.Cell, r *row) bool {
	cols := len(line)
	if len(r.cells) != cols {
		return false
	}
	if r.last >= 0 && !cellIs(&line[r.last], r.last, r) {
		return false
	}
	if r.last+1 < cols && !cellIs(&line[r.last+1], r.last+1, r) {
		return false
	}
	cells := r.cells[:cols]
	var left *uv.Style // the emulator's style of the cell before, known equal to r's
	var leftRef uint16
	for x := range line {
		c, ref := &line[x], cells[x]
		end := uint32(len(r.text))
		if x+1 < cols {
			end = cells[x+1].start
		}
		if c.Width != int(ref.width) || !sameContent(c, r.text[ref.start:end]) {
			return false
		}
		if left == nil || ref.style != leftRef || !sameWords(&c.Style, left) {
			if !r.styles[ref.style].is(&c.Style) {
				return false
			}
		}
		left, leftRef = &c.Style, ref.style
	}
	return true
}

// cellIs reports whether the emulator's cell c is r's cell x.
func cellIs(c *uv.Cell, x int, r *row) bool {
	ref := r.cells[x]
	return c.Width == int(ref.width) && sameContent(c, r.content(x)) && r.styles[ref.style].is(&c.Style)
}

// sameContent reports whether the emulator's cell holds text, as a row
// stores it (a blank where the emulator's content is empty).
func sameContent(c *uv.Cell, text string) bool {
	content := c.Content
	if len(content) == 1 && len(text) == 1 { // most cells: no call
		return content[0] == text[0]
	}
	if content == "" && c.Width > 0 {
		content = " "
	}
	return content == text
}

// styleWords is a style's memory as machine words.
type styleWords [unsafe.Sizeof(uv.Style{}) / unsafe.Sizeof(uintptr(0))]uintptr

// The words cover the whole style (this fails to compile otherwise).
var _ [0]struct{} = [unsafe.Sizeof(uv.Style{}) % unsafe.Sizeof(uintptr(0))]struct{}{}

// sameWords reports whether two styles are the same words of memory: the
// same attributes and, for each colour, the same dynamic type and the
// same value or boxed value, which is never modified. Equal styles built
// apart may differ (a false "no" costs only the full compare).
func sameWords(a, b *uv.Style) bool {
	x, y := (*styleWords)(unsafe.Pointer(a)), (*styleWords)(unsafe.Pointer(b))
	for i := range x { // inlined: an array compare would call memequal
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// mover finds an existing row equal to the emulator's row y, so it is kept
// rather than reread: the row that was there (a repaint), or one that
// moved. A scroll shifts every row of a region by the same distance, so
// after one moved row is found the rest are found at the first guess.
// Searches of every row are bounded per refresh, so a screen of new
// content costs little extra.
type mover struct {
	prev     []*row
	shift    int // distance the last found row moved
	searches int
}

const maxSearches = 2

func (m *mover) find(line []uv.Cell, y int) *row {
	try := func(j int) bool {
		return j >= 0 && j < len(m.prev) && m.prev[j] != nil && rowIs(line, m.prev[j])
	}
	if m.shift != 0 && try(y+m.shift) {
		return m.prev[y+m.shift]
	}
	if try(y) {
		return m.prev[y]
	}
	if m.searches >= maxSearches {
		return nil
	}
	m.searches++
	for j := range m.prev {
		if j != y && j != y+m.shift && try(j) {
			m.shift = j - y
			return m.prev[j]
		}
	}
	return nil
}
