package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// barItemRe: a row of the current item of a list that marks it with a bar
// at its left: bubbles' list draws "│ lipgloss" over "│ the lipgloss
// package" in colour, and the other items indented as far without the bar
// (corpus/testdata/bubbles-list.cast).
var barItemRe = regexp.MustCompile(`^(\s*)[│┃▌▍▎](\s+)(\S.*)$`)

// barList finds a list whose current item, of one or more rows, is marked
// by a bar at its left, the other items, as tall, starting at the same
// column, under a title: a question line, a bold title, or a title drawn on
// a background (bubbles' "Packages"). The terminal's cursor is hidden, as
// a list that moves its own marker hides it. A bar in a box's side is a
// box.
func barList(v *view) *Prompt {
	if v.snap.CursorVisible() {
		return nil // a list under which the terminal's cursor waits is output (a quote in markdown)
	}
	first, last, indent := 0, 0, -1
	current := ""
	for r := 1; r <= v.bottom; r++ {
		t := v.row(r)
		if g, _ := utf8.DecodeRuneInString(strings.TrimLeft(t, " ")); !strings.ContainsRune("│┃▌▍▎", g) {
			continue // the common case, found cheaply: no bar
		}
		m := v.find(barItemRe, t)
		if m == nil || boxedRow(t) {
			continue
		}
		in := utf8.RuneCountInString(m[1]) + 1 + utf8.RuneCountInString(m[2])
		switch {
		case indent < 0:
			first, last, indent, current = r, r, in, strings.TrimSpace(m[3])
		case r == last+1 && in == indent:
			last = r
		default:
			return nil // two marked blocks: a layout, not a list's choice
		}
	}
	if indent < 0 {
		return nil
	}
	h := last - first + 1
	pad := strings.Repeat(" ", indent)
	starts := func(r int) bool { // row r holds an item's text at the column
		t := v.row(r)
		return strings.HasPrefix(t, pad) && len(t) > indent && t[indent] != ' '
	}
	// The items above, then below: h rows each, one blank row at most
	// between them.
	var opts []string
	def := 0
	top := first
	for r := first - 1; r >= 1; {
		if v.row(r) == "" && r > 1 && starts(r-1) {
			r-- // one blank row between items
		}
		ok := true
		for k := 0; k < h; k++ {
			if r-k < 1 || !starts(r-k) {
				ok = false
				break
			}
		}
		if !ok {
			break
		}
		opts = append([]string{strings.TrimSpace(v.row(r - h + 1))}, opts...)
		top = r - h + 1
		r -= h
		def++
	}
	opts = append(opts, current)
	for r := last + 1; r <= v.bottom; {
		if v.row(r) == "" && starts(r+1) {
			r++
		}
		ok := true
		for k := 0; k < h; k++ {
			if !starts(r + k) {
				ok = false
				break
			}
		}
		if !ok {
			break
		}
		opts = append(opts, strings.TrimSpace(v.row(r)))
		r += h
	}
	if len(opts) < 2 {
		return nil
	}
	q := titleAbove(v, top)
	if q == "" {
		return nil
	}
	return &Prompt{Kind: PromptSelect, Text: q, Options: opts, Default: def}
}

// titleAbove returns the title over a list starting at row top, within
// questionRows: a question line or bold title (askedOn), or the text drawn
// on a background colour, a title badge.
func titleAbove(v *view, top int) string {
	cols, _ := v.snap.Size()
	for r := top - 1; r >= max(1, top-questionRows); r-- {
		if q := askedOn(v, r); q != "" {
			return q
		}
		var b strings.Builder
		for c := 1; c <= cols; c++ {
			if cell := v.snap.Cell(r, c); cell.Bg != nil && cell.Width > 0 {
				b.WriteString(cell.Content)
			} else if b.Len() > 0 && strings.TrimSpace(b.String()) != "" {
				break
			}
		}
		if t := strings.TrimSpace(b.String()); t != "" {
			return t
		}
	}
	return ""
}
