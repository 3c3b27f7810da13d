// Package picture draws screen snapshots as pictures a person can look at:
// SVG for failure reports and READMEs, self-contained HTML for a browser.
// Every cell sits on the terminal's grid, so a wide character takes two
// columns and a symbol from a fallback font cannot shift the rest of its
// row; colours (the 16 ANSI colours from a theme, the 256-colour palette,
// truecolor), bold, faint, italic, underline, strikethrough, reverse video
// and the cursor are drawn as the terminal would.
//
//	os.WriteFile("screen.svg", picture.SVG(term.Snapshot()), 0o600) // a screen may show secrets
//
// The trace viewer (package trace) draws its screens with RowHTML, so a
// screen looks the same in a report and in the viewer.
package picture

import (
	"image/color"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ttyrig/ttyrig/screen"
)

// Theme holds the colours that a terminal chooses rather than the program:
// the default foreground and background, the cursor, and the 16 ANSI
// colours. Colours 16-255 and truecolor are the program's own.
type Theme struct {
	Fg, Bg, Cursor color.RGBA
	ANSI           [16]color.RGBA
}

// DefaultTheme is a dark theme with xterm's ANSI colours, slightly softened.
var DefaultTheme = Theme{
	Fg:     rgb(0xd0d0d0),
	Bg:     rgb(0x1e1e1e),
	Cursor: rgb(0xe0e0e0),
	ANSI: [16]color.RGBA{
		rgb(0x000000), rgb(0xcd3131), rgb(0x0dbc79), rgb(0xe5e510),
		rgb(0x2472c8), rgb(0xbc3fbc), rgb(0x11a8cd), rgb(0xe5e5e5),
		rgb(0x666666), rgb(0xf14c4c), rgb(0x23d18b), rgb(0xf5f543),
		rgb(0x3b8eea), rgb(0xd670d6), rgb(0x29b8db), rgb(0xffffff),
	},
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// Option configures a picture.
type Option func(*config)

type config struct {
	theme   Theme
	caption string
}

// WithTheme draws with the given theme instead of DefaultTheme.
func WithTheme(t Theme) Option { return func(c *config) { c.theme = t } }

// WithCaption writes a line of text above the screen (a test's name, a
// time in a recording).
func WithCaption(s string) Option { return func(c *config) { c.caption = s } }

func newConfig(opts []Option) config {
	c := config{theme: DefaultTheme}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// look is how one cell is drawn: resolved colours and the attributes that
// change the glyph. Cells with equal looks are drawn as one run.
type look struct {
	fg, bg                      string // "#rrggbb"
	bold, italic, under, strike bool
}

// lookOf resolves a cell's colours against the theme, applying reverse
// video, as the terminal does when it paints the cell.
func (t *Theme) lookOf(c screen.Cell) look {
	fg, bg := t.resolve(c.Fg, t.Fg), t.resolve(c.Bg, t.Bg)
	if c.Reverse {
		fg, bg = bg, fg
	}
	if c.Faint { // half way to the background, as terminals dim text
		fg = color.RGBA{R: mid(fg.R, bg.R), G: mid(fg.G, bg.G), B: mid(fg.B, bg.B), A: 0xff}
	}
	return look{
		fg: hex(fg), bg: hex(bg),
		bold: c.Bold, italic: c.Italic, under: c.Underline, strike: c.Strikethrough,
	}
}

// resolve turns a cell colour into RGB: nil is the theme's default, the 16
// ANSI colours come from the theme (whether the program named them as
// basic or indexed colours), the rest are what they say.
func (t *Theme) resolve(c color.Color, def color.RGBA) color.RGBA {
	switch v := c.(type) {
	case nil:
		return def
	case ansi.BasicColor:
		if v < 16 {
			return t.ANSI[v]
		}
	case ansi.IndexedColor:
		if v < 16 {
			return t.ANSI[v]
		}
	}
	r, g, b, _ := c.RGBA()
	return color.RGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0xff}
}

func mid(a, b uint8) uint8 { return uint8((int(a) + int(b)) / 2) }

// hex is "#rrggbb", as fmt's %02x writes it, written directly: every cell
// of every screen a trace page shows is resolved to two of these, and
// fmt was most of a long recording's page (issue 22).
func hex(c color.RGBA) string {
	const digits = "0123456789abcdef"
	b := [7]byte{'#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15]}
	return string(b[:])
}

// run is a stretch of cells of one row drawn alike: col is 0-based, width
// in columns. A run of ASCII may hold many cells; any other character is a
// run of its own, so it can be placed on the grid whatever width the font
// gives it.
type run struct {
	col, width int
	text       string
	look       look
}

// runs splits a 1-based row of snap into runs.
func runs(snap screen.Snapshot, t *Theme, row int) []run {
	var out []run
	// The last run's text while ASCII cells join it, made a string once
	// it ends: joining cell by cell copied the run for every cell.
	var text []byte
	ascii := false // the last run is ASCII, so ASCII cells may join it
	end := func() {
		if n := len(out); n > 0 && ascii {
			out[n-1].text = string(text)
		}
	}
	var cell screen.Cell // the last cell whose look was resolved, if any
	var lk look
	resolved := false
	for col, c := range snap.AppendRow(nil, row) {
		col++ // 1-based
		if c.Width == 0 {
			continue // the second half of a wide character
		}
		content := c.Content
		if content == "" {
			content = " "
		}
		if !resolved || !sameLook(c, cell) {
			cell, lk, resolved = c, t.lookOf(c), true // cells come in runs of one style
		}
		if n := len(out); n > 0 && ascii && isASCII(content) && out[n-1].look == lk {
			text = append(text, content...)
			out[n-1].width += c.Width
			continue
		}
		end()
		ascii = isASCII(content)
		text = append(text[:0], content...)
		out = append(out, run{col: col - 1, width: c.Width, text: content, look: lk})
	}
	end()
	return out
}

// sameLook reports whether lookOf gives a and b the same look: the very
// same colours (of one type: a palette colour and an RGB one of its value
// resolve apart) and the attributes it reads.
func sameLook(a, b screen.Cell) bool {
	return a.Reverse == b.Reverse && a.Faint == b.Faint && a.Bold == b.Bold && a.Italic == b.Italic &&
		a.Underline == b.Underline && a.Strikethrough == b.Strikethrough &&
		a.Fg == b.Fg && a.Bg == b.Bg
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// blank reports whether a run shows nothing but its background.
func (r run) blank() bool {
	return strings.Trim(r.text, " ") == "" && !r.look.under && !r.look.strike
}
