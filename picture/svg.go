package picture

import (
	"fmt"
	"html"
	"strings"

	"github.com/ttyrig/ttyrig/screen"
)

// The SVG grid: a cell is cellW × cellH pixels in a 14 px monospace font
// (DejaVu Sans Mono and its kin advance 0.602 em per character).
const (
	fontSize = 14
	cellW    = 8.43
	cellH    = 18
	baseline = 13.5 // from a row's top to the text's baseline
	pad      = 10
	capH     = 22 // the caption line
	gap      = 16 // between panels of SideBySide
)

const fontFamily = `'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', monospace`

// SVG draws snap as a standalone SVG image.
func SVG(snap screen.Snapshot, opts ...Option) []byte {
	c := newConfig(opts)
	var body strings.Builder
	w, h := panel(&body, snap, &c.theme, 0, 0, c.caption, nil)
	return svgDoc(w, h, body.String())
}

// SideBySide draws two screens next to each other, each with its label, and
// marks the rows whose text or styles differ in both with a red bar at the
// left: a golden mismatch shows what was wanted and what was got, and a
// row that differs only in its colours is marked too.
func SideBySide(want, got screen.Snapshot, wantLabel, gotLabel string, opts ...Option) []byte {
	c := newConfig(opts)
	wc, wr := want.Size()
	gc, gr := got.Size()
	diff := map[int]bool{}
	for r := 1; r <= max(wr, gr); r++ {
		if want.Row(r) != got.Row(r) || !sameStyles(want, got, r, max(wc, gc)) {
			diff[r] = true
		}
	}
	var body strings.Builder
	w1, h1 := panel(&body, want, &c.theme, 0, 0, wantLabel, diff)
	w2, h2 := panel(&body, got, &c.theme, w1+gap, 0, gotLabel, diff)
	return svgDoc(w1+gap+w2, max(h1, h2), body.String())
}

// sameStyles reports whether row r has the same style in a and b, cell by
// cell.
func sameStyles(a, b screen.Snapshot, r, cols int) bool {
	for c := 1; c <= cols; c++ {
		if a.Cell(r, c).Style() != b.Cell(r, c).Style() {
			return false
		}
	}
	return true
}

func svgDoc(w, h float64, body string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s" font-size="%d">`+"\n",
		num(w), num(h), num(w), num(h), html.EscapeString(fontFamily), fontSize)
	b.WriteString(body)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// panel draws one screen with its top-left corner at (x0, y0) and returns
// its size. Rows in marks get a red bar in the left padding.
func panel(b *strings.Builder, snap screen.Snapshot, t *Theme, x0, y0 float64, caption string, marks map[int]bool) (w, h float64) {
	cols, rows := snap.Size()
	top := y0 + pad
	if caption != "" {
		top += capH
	}
	w = float64(cols)*cellW + 2*pad
	h = top - y0 + float64(rows)*cellH + pad
	fmt.Fprintf(b, `<g><rect x="%s" y="%s" width="%s" height="%s" rx="6" fill="%s"/>`+"\n", num(x0), num(y0), num(w), num(h), hex(t.Bg))
	if caption != "" {
		fmt.Fprintf(b, `<text x="%s" y="%s" fill="%s" font-size="12">%s</text>`+"\n", num(x0+pad), num(y0+pad+12), hex(t.ANSI[8]), html.EscapeString(caption))
	}
	left := x0 + pad
	cur, showCursor := snap.Cursor(), snap.CursorVisible()
	bg := hex(t.Bg)
	for r := 1; r <= rows; r++ {
		y := top + float64(r-1)*cellH
		if marks[r] {
			fmt.Fprintf(b, `<rect x="%s" y="%s" width="3" height="%d" fill="#e5484d"/>`+"\n", num(x0+3), num(y), cellH)
		}
		rs := runs(snap, t, r)
		for _, ru := range rs {
			if ru.look.bg != bg {
				fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%d" fill="%s"/>`+"\n",
					num(left+float64(ru.col)*cellW), num(y), num(float64(ru.width)*cellW), cellH, ru.look.bg)
			}
		}
		for _, ru := range rs {
			if !ru.blank() {
				svgText(b, ru, ru.look.fg, left, y)
			}
		}
		if showCursor && r == cur.Row {
			drawCursor(b, snap, t, cur, left, y)
		}
	}
	b.WriteString("</g>\n")
	return w, h
}

// svgText writes a run's text on the grid: ASCII runs are stretched to
// exactly their cells, any other character is centred in its cells.
func svgText(b *strings.Builder, ru run, fill string, left, y float64) {
	x := left + float64(ru.col)*cellW
	attrs := fmt.Sprintf(` fill="%s"`, fill)
	if ru.look.bold {
		attrs += ` font-weight="bold"`
	}
	if ru.look.italic {
		attrs += ` font-style="italic"`
	}
	switch {
	case ru.look.under && ru.look.strike:
		attrs += ` text-decoration="underline line-through"`
	case ru.look.under:
		attrs += ` text-decoration="underline"`
	case ru.look.strike:
		attrs += ` text-decoration="line-through"`
	}
	if isASCII(ru.text) {
		if !ru.look.under && !ru.look.strike { // trailing blanks show only their background, drawn already
			trimmed := strings.TrimRight(ru.text, " ")
			ru.width -= len(ru.text) - len(trimmed)
			ru.text = trimmed
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" textLength="%s" lengthAdjust="spacingAndGlyphs" xml:space="preserve"%s>%s</text>`+"\n",
			num(x), num(y+baseline), num(float64(ru.width)*cellW), attrs, html.EscapeString(ru.text))
		return
	}
	fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="middle"%s>%s</text>`+"\n",
		num(x+float64(ru.width)*cellW/2), num(y+baseline), attrs, html.EscapeString(ru.text))
}

// drawCursor paints a block cursor over its cell and redraws the cell's
// character in the background colour, as a terminal's block cursor shows.
func drawCursor(b *strings.Builder, snap screen.Snapshot, t *Theme, cur screen.Position, left, y float64) {
	cols, _ := snap.Size()
	col := min(max(cur.Col, 1), cols)
	c := snap.Cell(cur.Row, col)
	if c.Width == 0 && col > 1 { // on the second half of a wide character
		col--
		c = snap.Cell(cur.Row, col)
	}
	width := max(c.Width, 1)
	fmt.Fprintf(b, `<rect class="cursor" x="%s" y="%s" width="%s" height="%d" fill="%s"/>`+"\n",
		num(left+float64(col-1)*cellW), num(y), num(float64(width)*cellW), cellH, hex(t.Cursor))
	if c.Content != "" && c.Content != " " {
		lk := t.lookOf(c)
		svgText(b, run{col: col - 1, width: width, text: c.Content, look: lk}, hex(t.Bg), left, y)
	}
}

// num formats a coordinate without needless digits.
func num(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}
