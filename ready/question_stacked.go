package ready

import "strings"

// Buttons stacked in a window, one per row at its right, the message at
// their left: urwid's Pile of buttons in pudb's quit dialog ("Your PuDB
// session has ended." beside "< Restart >", "< Examine >", "< Quit >"),
// the terminal's cursor parked in the focused one, as urwid parks it in a
// row of buttons (corpus/testdata/pudb.cast). The row of buttons is
// question_box.go's; one button alone is question_notice.go's. The dialog
// stays drawn while the program works on the answer, so the shape only
// names the question: the other signals decide.

func init() {
	registerShape(questionShape{name: "buttons stacked in a window", rank: shapeBox + 9, find: stackedButtons, labelOnly: true})
}

// stackedButtons finds two to four buttons ("< word >") that end
// consecutive rows of a window at one column, the terminal's cursor in one
// of them, beside or under the text they answer.
func stackedButtons(v *view, _ string) *Prompt {
	r := v.cursor.Row
	if !v.snap.CursorVisible() || r < 1 || r > len(v.rows) {
		return nil
	}
	col, label, left := v.rowEndButton(r)
	if col < 0 || !cursorIn(v, r, col, label) {
		return nil
	}
	at := func(k int) bool {
		c, _, _ := v.rowEndButton(k)
		return c == col
	}
	first, last := r, r
	for first > 1 && at(first-1) {
		first--
	}
	for last < len(v.rows) && at(last+1) {
		last++
	}
	if n := last - first + 1; n < 2 || n > 4 {
		return nil
	}
	p := &Prompt{Kind: PromptToggle, Default: r - first}
	if last-first+1 > 2 {
		p.Kind = PromptOptions
	}
	var text []string
	for k := first; k <= last; k++ {
		_, label, left = v.rowEndButton(k)
		p.Options = append(p.Options, v.find(buttonRe, label)[1])
		if left != "" {
			text = append(text, left)
		}
	}
	if p.Text = strings.Join(text, " "); p.Text == "" {
		return nil // buttons with nothing to answer: a toolbar
	}
	return p
}

// rowEndButton reads the last text inside the window on row r (a side
// drawn right of it, and one left of it: a window need not start at the
// first column): a button's column (-1 if that text is no button, or not
// set apart from what is left of it), the button as drawn, and the text
// between the window's left side and the button.
func (v *view) rowEndButton(r int) (col int, label, left string) {
	text, _ := v.memo.gridRowOf(v.snap, r)
	hi := len(text) - 2
	for hi > 0 && !vBorder(text[hi]) {
		hi-- // what is right of the window (another panel's text)
	}
	for hi--; hi > 0 && text[hi] == ' '; hi-- {
	}
	if hi < 1 || text[hi] != '>' {
		return -1, "", ""
	}
	lo := hi - 1
	for lo > 0 && text[lo] != '<' && text[lo] != '>' {
		lo--
	}
	if lo < 1 || text[lo] != '<' {
		return -1, "", ""
	}
	side := lo - 1
	for side > 0 && !vBorder(text[side]) {
		side--
	}
	if side < 1 {
		return -1, "", "" // no window around it
	}
	label = string(text[lo : hi+1])
	if m := v.find(buttonRe, label); m == nil || m[0] != label || len(strings.Fields(m[1])) > 2 {
		return -1, "", ""
	}
	between := string(text[side+1 : lo])
	if left = strings.TrimSpace(between); left != "" && !strings.HasSuffix(between, "  ") {
		return -1, "", "" // a word run into the button: text, not a dialog
	}
	return lo, label, left
}
