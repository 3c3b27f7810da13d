package picture

import (
	"fmt"
	"html"
	"strings"

	"github.com/ttyrig/ttyrig/screen"
)

// HTML draws snap as a self-contained HTML page: no scripts, no fonts or
// styles from the network.
func HTML(snap screen.Snapshot, opts ...Option) []byte {
	c := newConfig(opts)
	title := c.caption
	if title == "" {
		title = "terminal screen"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n<style>\nbody{margin:16px;background:#111;color:#ccc;font-family:sans-serif}\n%s</style></head>\n<body>\n",
		html.EscapeString(title), CSS(opts...))
	if c.caption != "" {
		fmt.Fprintf(&b, "<p class=\"ttyrig-caption\">%s</p>\n", html.EscapeString(c.caption))
	}
	b.WriteString(ScreenHTML(snap, opts...))
	b.WriteString("\n</body></html>\n")
	return []byte(b.String())
}

// CSS is the style sheet ScreenHTML's markup needs. The grid is in ch
// units (one monospace cell) and --lh (one row).
func CSS(opts ...Option) string {
	t := newConfig(opts).theme
	return fmt.Sprintf(`.ttyrig-screen{--lh:1.2em;position:relative;display:inline-block;box-sizing:content-box;padding:8px;border-radius:6px;background:%s;color:%s;font:14px/var(--lh) %s;white-space:pre}
.ttyrig-screen .row{height:var(--lh);overflow:visible}
.ttyrig-screen .c{display:inline-block;width:1ch;height:var(--lh);text-align:center;vertical-align:top;overflow:visible}
.ttyrig-screen .c.w2{width:2ch}
.ttyrig-screen .cursor{position:absolute;width:1ch;height:var(--lh);background:%s;mix-blend-mode:difference;pointer-events:none}
.ttyrig-screen .cursor.w2{width:2ch}
`, hex(t.Bg), hex(t.Fg), fontFamily, hex(t.Cursor))
}

// ScreenHTML draws snap as an HTML fragment, a div of rows and the cursor,
// styled by CSS. Each row is a div of class "row" with data-row (1-based)
// whose text content is the row's cells, one character per column (a wide
// character and nothing for its second column).
func ScreenHTML(snap screen.Snapshot, opts ...Option) string {
	c := newConfig(opts)
	cols, rows := snap.Size()
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="ttyrig-screen" data-cols="%d" data-rows="%d" style="width:%dch;height:calc(%d*var(--lh))">`, cols, rows, cols, rows)
	for r := 1; r <= rows; r++ {
		fmt.Fprintf(&b, `<div class="row" data-row="%d">%s</div>`, r, rowHTML(snap, &c.theme, r))
	}
	b.WriteString(CursorHTML(snap))
	b.WriteString("</div>")
	return b.String()
}

// CursorHTML is the cursor's element in ScreenHTML's markup, placed over
// its cell; "" when the program hides the cursor.
func CursorHTML(snap screen.Snapshot) string {
	if !snap.CursorVisible() {
		return ""
	}
	cols, _ := snap.Size()
	cur := snap.Cursor()
	col := min(max(cur.Col, 1), cols)
	cell := snap.Cell(cur.Row, col)
	if cell.Width == 0 && col > 1 {
		col--
		cell = snap.Cell(cur.Row, col)
	}
	class := "cursor"
	if cell.Width == 2 {
		class += " w2"
	}
	return fmt.Sprintf(`<div class="%s" data-row="%d" data-col="%d" style="left:calc(8px + %dch);top:calc(8px + %d*var(--lh))"></div>`,
		class, cur.Row, cur.Col, col-1, cur.Row-1)
}

// RowHTML is the inside of one row's div in ScreenHTML's markup: spans of
// styled text, each non-ASCII character in a box as wide as its cells.
func RowHTML(snap screen.Snapshot, row int, opts ...Option) string {
	c := newConfig(opts)
	return rowHTML(snap, &c.theme, row)
}

func rowHTML(snap screen.Snapshot, t *Theme, row int) string {
	var b strings.Builder
	plain := look{fg: hex(t.Fg), bg: hex(t.Bg)}
	var style []string
	for _, ru := range runs(snap, t, row) {
		style = style[:0]
		if ru.look.fg != plain.fg {
			style = append(style, "color:"+ru.look.fg)
		}
		if ru.look.bg != plain.bg {
			style = append(style, "background:"+ru.look.bg)
		}
		if ru.look.bold {
			style = append(style, "font-weight:bold")
		}
		if ru.look.italic {
			style = append(style, "font-style:italic")
		}
		switch {
		case ru.look.under && ru.look.strike:
			style = append(style, "text-decoration:underline line-through")
		case ru.look.under:
			style = append(style, "text-decoration:underline")
		case ru.look.strike:
			style = append(style, "text-decoration:line-through")
		}
		text := html.EscapeString(ru.text)
		// Written piece by piece rather than with fmt: a trace page draws
		// every row of thousands of screens.
		switch {
		case !isASCII(ru.text):
			b.WriteString(`<span class="c`)
			if ru.width == 2 {
				b.WriteString(" w2")
			}
			b.WriteString(`"`)
			if len(style) > 0 {
				b.WriteString(` style="`)
				writeJoined(&b, style)
				b.WriteString(`"`)
			}
			b.WriteString(">")
			b.WriteString(text)
			b.WriteString("</span>")
		case len(style) > 0:
			b.WriteString(`<span style="`)
			writeJoined(&b, style)
			b.WriteString(`">`)
			b.WriteString(text)
			b.WriteString("</span>")
		default:
			b.WriteString(text)
		}
	}
	return b.String()
}

// writeJoined writes parts separated by ";", as strings.Join would.
func writeJoined(b *strings.Builder, parts []string) {
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(p)
	}
}
