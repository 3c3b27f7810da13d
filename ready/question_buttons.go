package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Buttons drawn as words, no brackets: a dialog's last row holds two to
// four short labels apart, the focused one set apart by its background:
// tview's Modal "Yes     No" and Form "Save     Quit" (the focused button on
// a colour no other cell on the screen has, the others on the fields'
// colour), ncdu's "yes      no     don't ask me again" (the focused one in
// reverse video), blessed's Question "Okay   Cancel" (both on one
// background, no focus: either key answers), terminal-kit's singleLineMenu
// "MIT  Apache-2.0  GPL-3.0" (the current one on a background, the cursor
// at the row's start): corpus/testdata/tview-modal.cast, tview-form.cast,
// ncdu.cast, blessed-question.cast, terminal-kit.cast. The row is the last
// text of a window under the question it answers, or the terminal's
// cursor waits on it; printed output leaves the cursor at a prompt under
// it.

// labelGap splits a row of buttons: two or more blanks.
var labelGap = regexp.MustCompile(`\s{2,}`)

func init() {
	// A window's buttons stay drawn while the program works on the answer
	// (tview's Form saving): they name the question, the other signals
	// decide. The terminal's cursor parked on a row of labels is the
	// program waiting there.
	registerShape(questionShape{name: "buttons in a window", rank: shapeBox + 5, find: windowButtons, labelOnly: true})
	registerShape(questionShape{name: "buttons under the cursor", rank: shapeBox + 6, find: cursorButtons})
}

// buttonLabel is a label on a row, its first column and its background.
type buttonLabel struct {
	text string
	col  int
	bg   string
}

// windowButtons finds a row of labels ending a window, one focused or all
// drawn as buttons alike, the terminal's cursor hidden.
func windowButtons(v *view, _ string) *Prompt {
	if v.snap.CursorVisible() {
		return nil
	}
	for r := v.bottom; r >= max(1, v.bottom-searchRows); r-- {
		if !boxedRow(v.row(r)) {
			continue
		}
		if p := buttonsOn(v, r, true); p != nil {
			return p
		}
	}
	return nil
}

// cursorButtons finds a row of labels, one focused, with the terminal's
// cursor at its start, drawn inline (terminal-kit's singleLineMenu).
func cursorButtons(v *view, _ string) *Prompt {
	if !v.snap.CursorVisible() || v.snap.AltScreen() || v.cursor.Row < 1 || v.cursor.Row > len(v.rows) {
		// A full-screen program showing the terminal's cursor is an
		// editor or a viewer: a word highlighted there is a match.
		return nil
	}
	return buttonsOn(v, v.cursor.Row, false)
}

// buttonsOn reads the labels of row r; boxed says the row is in a window,
// else the terminal's cursor is on it.
func buttonsOn(v *view, r int, boxed bool) *Prompt {
	text, bg := v.memo.gridRowOf(v.snap, r)
	labels, gap := rowLabels(text, bg)
	if len(labels) < 2 || len(labels) > 4 {
		return nil
	}
	var q string
	if boxed {
		if !lastInWindow(v, r, labels[0].col) {
			return nil
		}
		g := &cellGrid{lo: r, text: [][]rune{text}, bg: [][]string{bg}}
		if q = g.questionAbove(v, 0); q == "" {
			return nil
		}
	} else {
		if c := v.cursor.Col; c > labels[0].col {
			return nil // the cursor after the first label: typed text, not a menu
		}
		q = strings.Trim(v.row(r-1), boxBorders)
	}
	return buttonsPrompt(v, r, labels, gap, q, boxed)
}

// buttonsPrompt is the question of the labels of row r, drawn on gap,
// asking q; boxed says they are in a window.
func buttonsPrompt(v *view, r int, labels []buttonLabel, gap, q string, boxed bool) *Prompt {
	p := &Prompt{Kind: PromptToggle, Text: q, Default: focused(v, r, labels, gap)}
	if len(labels) > 2 {
		p.Kind = PromptOptions
	}
	for _, l := range labels {
		p.Options = append(p.Options, l.text)
	}
	if p.Default < 0 {
		// No focus: buttons all the same, answered by their keys (blessed's
		// Question), asked in a window.
		for _, l := range labels {
			if l.bg == gap || l.bg != labels[0].bg {
				return nil
			}
		}
		if !boxed || !strings.HasSuffix(q, "?") {
			return nil
		}
	}
	return p
}

// rowLabels splits a row (its cells' text and backgrounds, as gridRow
// reads them) into labels of one to four words apart by two blanks or
// more, inside a window's sides; gap is the background the labels are
// drawn on, the window's: that of the last cell before its right side.
func rowLabels(text []rune, bg []string) (labels []buttonLabel, gap string) {
	lo, hi := 1, len(text)-2
	for lo <= hi && (text[lo] == ' ' || vBorder(text[lo])) {
		lo++
	}
	for hi >= lo && (text[hi] == ' ' || vBorder(text[hi])) {
		hi--
	}
	if lo > hi {
		return nil, ""
	}
	inner := string(text[lo : hi+1])
	if strings.ContainsFunc(inner, vBorder) {
		return nil, "" // two windows side by side
	}
	end := len(text) - 2
	for end > hi && vBorder(text[end]) {
		end--
	}
	for c := hi + 1; c <= len(text)-2 && !vBorder(text[c]); c++ {
		end = c
	}
	gap = bg[end]
	col := lo
	for _, w := range labelGap.Split(inner, -1) {
		n := utf8.RuneCountInString(w)
		if n > 20 || len(strings.Fields(w)) > 4 {
			return nil, ""
		}
		labels = append(labels, buttonLabel{text: w, col: col, bg: bg[col]})
		col += n
		for col <= hi && text[col] == ' ' {
			col++
		}
	}
	return labels, gap
}

// lastInWindow reports whether row r is the last text of its window: the
// rows under it, at column c, are blank up to the window's bottom side.
func lastInWindow(v *view, r, c int) bool {
	_, rows := v.snap.Size()
	for k := r + 1; k <= rows; k++ {
		row := []rune(v.row(k))
		if c-1 >= len(row) {
			continue
		}
		switch ch := row[c-1]; {
		case strings.ContainsRune("─━═└╰╚┘╯╝┴", ch):
			return true
		case ch != ' ':
			return false
		}
		if !boxedRow(v.row(k)) {
			return false
		}
	}
	return false
}

// focused returns which label has the focus: the one label drawn on a
// background other than the gap's, else the one whose background no other
// cell of the screen has; -1 if none is.
func focused(v *view, r int, labels []buttonLabel, gap string) int {
	loud := -1
	for i, l := range labels {
		if l.bg != gap {
			if loud >= 0 {
				loud = -2
				break
			}
			loud = i
		}
	}
	if loud >= 0 {
		return loud
	}
	if loud == -1 {
		return -1
	}
	cols, rows := v.snap.Size()
	uses := map[string]int{} // spans of each background on the screen
	g := v.memo.cellGrid(v.snap, 1, rows)
	for k := 1; k <= rows; k++ {
		bg := g.bg[k-1]
		for c := 1; c <= cols; c++ {
			if bg[c] != bg[c-1] {
				uses[bg[c]]++
			}
		}
	}
	only := -1
	for i, l := range labels {
		if uses[l.bg] == 1 {
			if only >= 0 {
				return -1
			}
			only = i
		}
	}
	return only
}
