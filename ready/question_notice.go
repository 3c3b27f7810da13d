package ready

import (
	"strings"
	"unicode/utf8"
)

// A message in a window answered by its one button: tview's Modal "3 files
// deleted." over "Okay", the button on a background of its own
// (corpus/testdata/tview-modal.cast); urwid's Overlay "2 changes applied."
// over "< OK >", the terminal's cursor parked in the button
// (urwid-dialog.cast); dialog's and whiptail's msgbox draw the same. The
// row of two or more buttons is question_buttons.go's and
// question_box.go's; one button asks to acknowledge, answered by Enter.
// The message stays drawn while the program works on the answer (tview
// redraws on its own time), so the shape only names the question: the
// other signals decide.

func init() {
	registerShape(questionShape{name: "one button in a window", rank: shapeBox + 8, find: windowButton, labelOnly: true})
}

// windowButton finds a window whose last text is one button, focused (on
// a background the window lacks, or the terminal's cursor in it), under
// the message it answers.
func windowButton(v *view, _ string) *Prompt {
	for r := v.bottom; r >= max(1, v.bottom-searchRows); r-- {
		if !boxedRow(v.row(r)) {
			continue // the common case, from the text alone: not in a window
		}
		if p := buttonOn(v, r); p != nil {
			return p
		}
	}
	return nil
}

// buttonOn reads the one button of row r, nil if the row holds anything
// else or the button is not focused.
func buttonOn(v *view, r int) *Prompt {
	text, bg := v.memo.gridRowOf(v.snap, r)
	labels, gap := rowLabels(text, bg)
	if len(labels) != 1 {
		return nil
	}
	l := labels[0]
	if strings.ContainsAny(l.text, ruleCorners+ruleLine) {
		return nil // a box's edge with a title in it (btop's "╰─┘upload└───╯"), not a button
	}
	label, drawn := l.text, false
	if m := v.find(buttonRe, label); m != nil && m[0] == label {
		label, drawn = m[1], true // "< OK >": the button's word
	}
	if len(strings.Fields(label)) > 2 {
		return nil // a sentence, not a button
	}
	switch {
	case v.snap.CursorVisible():
		if !drawn || !cursorIn(v, r, l.col, l.text) {
			return nil // the cursor in a text field, or elsewhere: an input
		}
	case l.bg == gap:
		return nil // text on the window's background: no focus, no button
	}
	if !endsWindow(v, r) {
		return nil
	}
	g := &cellGrid{lo: r, text: [][]rune{text}, bg: [][]string{bg}}
	q := g.questionAbove(v, 0)
	if q == "" {
		return nil
	}
	return &Prompt{Kind: PromptPressEnter, Text: q, Options: []string{label}, Default: 0}
}

// endsWindow reports whether row r is the last text of its window: the
// rows under it are blank inside the sides down to the bottom side. A
// field's box inside the window (dialog's inputbox) or buttons under it
// (blessed's Prompt) end no window.
func endsWindow(v *view, r int) bool {
	_, rows := v.snap.Size()
	for k := r + 1; k <= rows; k++ {
		t := strings.TrimSpace(v.row(k))
		if g, _ := utf8.DecodeRuneInString(t); strings.ContainsRune("└╰╚", g) {
			return true
		}
		if !boxedRow(t) || strings.Trim(t, boxBorders) != "" {
			return false
		}
	}
	return false
}
