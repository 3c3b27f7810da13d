package ready

import (
	"strings"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// Input boxes. Agent CLIs draw their input line in a box, a rule right
// above it and one right below (╭───╮ … ╰───╯, or two full-width ─ lines),
// and several draw their own cursor in it: a reverse-video or coloured
// cell, or a block glyph before the placeholder, with the terminal's
// cursor hidden and parked at column 1 under the box (issue 20, class 5:
// every turn fell to the silence fallback). A box drawn around the line
// says where input goes as a prompt glyph does, so a drawn cursor in one
// is the input position at any column, and the quiet window after a
// prompt applies. While the agent works, the box stays with its cursor:
// what holds ready back then is the busy indicator above it, as it is for
// an agent that leaves the terminal's cursor in its box.

// boxMinWidth is how many cells a rule spans at least: a box's edge, not
// a dash in the text.
const boxMinWidth = 8

// ruleCorners are the characters a rule may start or end with besides its
// line.
const ruleCorners = "╭╮╰╯┌┐└┘╔╗╚╝┏┓┗┛├┤"

// ruleLine are the characters a rule is drawn with.
const ruleLine = "─━═╌┄┈▀▄"

// ruleSpan returns the columns a horizontal rule on row r of s spans:
// a row holding nothing but one run of a rule's line and corners, at least
// boxMinWidth cells of line. ok is false for any other row.
func ruleSpan(s screen.Snapshot, r int) (first, last int, ok bool) {
	_, rows := s.Size()
	if r < 1 || r > rows {
		return 0, 0, false
	}
	text := strings.TrimRight(s.Row(r), " ")
	body := strings.TrimLeft(text, " ")
	line := 0
	for _, ch := range body {
		switch {
		case ch < utf8.RuneSelf: // no rule character is ASCII: the common row, told at once
			return 0, 0, false
		case strings.ContainsRune(ruleLine, ch):
			line++
		case strings.ContainsRune(ruleCorners, ch):
		default:
			return 0, 0, false
		}
	}
	if line < boxMinWidth {
		return 0, 0, false
	}
	// Rule characters are one cell wide: runes count columns.
	first = len(text) - len(body) + 1
	return first, first + utf8.RuneCountInString(body) - 1, true
}

// inBox reports whether p sits in an input box: rules right above and
// right below its row, both spanning its column.
func inBox(s screen.Snapshot, p screen.Position) bool {
	a1, a2, ok := ruleSpan(s, p.Row-1)
	if !ok || p.Col < a1 || p.Col > a2 {
		return false
	}
	b1, b2, ok := ruleSpan(s, p.Row+1)
	return ok && p.Col >= b1 && p.Col <= b2
}

// blockGlyphs are the block characters a drawn cursor is painted with
// (continue draws "▋" before its placeholder).
const blockGlyphs = "█▉▊▋▌▍▎▏"

// boxedCursor finds a cursor drawn in an input box on rows 2..rows: the
// one cell of the box's rows drawn as a block standing alone (blockAt), or
// the one block glyph there. It returns false when there is none, or more
// than one.
func boxedCursor(s screen.Snapshot, rows int) (screen.Position, bool) {
	cols, _ := s.Size()
	// Each row's rule is read once (it was read twice for the rows around
	// it and again for each candidate cell: a third of the drawn cursor's
	// search); inBox's test, on the spans read here.
	type span struct {
		first, last int
		ok          bool
	}
	var room [128]span // most screens' rows, on the stack
	spans := room[:0]
	if rows+1 > len(room) {
		spans = make([]span, 0, rows+1)
	}
	spans = spans[:rows+1] // row r at r; rows 1..rows
	for r := 1; r <= rows; r++ {
		spans[r].first, spans[r].last, spans[r].ok = ruleSpan(s, r)
	}
	var found screen.Position
	n := 0
	for r := 2; r < rows; r++ {
		a, b := spans[r-1], spans[r+1]
		if !a.ok || !b.ok {
			continue
		}
		for c := max(a.first, b.first); c <= min(a.last, b.last, cols); c++ {
			p := screen.Position{Row: r, Col: c}
			ch := s.Cell(r, c).Content
			if blockAt(s, p) || ch != "" && strings.Contains(blockGlyphs, ch) {
				found, n = p, n+1
			}
		}
	}
	return found, n == 1
}

// drawnInBox reports whether v's input position is a cursor the program
// drew in an input box.
func (v *view) drawnInBox() bool {
	return v.drawn.Row > 0 && inBox(v.snap, v.drawn)
}
