package ready

import (
	"strings"
	"unicode/utf8"
)

// A window answered by its one button, the button beside the message
// rather than under it, the window drawn over other text: pudb's welcome
// ("Welcome to PudB 2022.1.3!" with "< OK >" right of it, over the source
// view, corpus/testdata/pudb-first-run.cast; urwid's Columns of a text and
// a button list). question_notice.go reads the window whose rows are
// boxed and whose last text is the button; this reads the window from its
// corners instead, so text outside it on the same rows does not matter
// (docs/CORPUS.md, "Round 10: questions").
//
// The evidence: one button ("< OK >", buttonRe) in the window, focused (on
// a background of its own, the cells either side on another), the
// terminal's cursor hidden or in it, and the window closed on all four
// sides around it. Two buttons or more are a choice, the other shapes'.
// Label only, as the other window shapes: the window stays drawn while the
// program works on the answer.

func init() {
	registerShape(questionShape{name: "one button in a window beside its message", rank: shapeBox + 9, find: besideButton, labelOnly: true})
}

// besideButton finds such a window and its button.
func besideButton(v *view, _ string) *Prompt {
	_, rows := v.snap.Size()
	for r := 1; r <= rows; r++ {
		row := v.row(r)
		if !strings.Contains(row, "<") || !strings.ContainsFunc(row, vBorder) {
			continue // the common case, from the text alone
		}
		if p := besideButtonOn(v, r); p != nil {
			return p
		}
	}
	return nil
}

// besideButtonOn reads the focused button of row r and the window around
// it, nil if either is missing.
func besideButtonOn(v *view, r int) *Prompt {
	text, bg := v.memo.gridRowOf(v.snap, r)
	line := string(text)
	m := buttonRe.FindStringSubmatchIndex(line)
	if m == nil || buttonRe.MatchString(line[m[1]:]) {
		return nil // no button, or more than one on the row
	}
	a := utf8.RuneCountInString(line[:m[0]])
	b := a + utf8.RuneCountInString(line[m[0]:m[1]]) - 1
	if a < 2 || b > len(text)-2 {
		return nil
	}
	for c := a + 1; c <= b; c++ {
		if bg[c] != bg[a] {
			return nil
		}
	}
	if bg[a-1] == bg[a] || bg[b+1] == bg[a] {
		return nil // not set apart: no focus
	}
	if v.snap.CursorVisible() && !(v.cursor.Row == r && v.cursor.Col >= a && v.cursor.Col <= b) {
		return nil // the cursor waits elsewhere: a field, or output
	}
	left, right := a-1, b+1
	for left >= 1 && !vBorder(text[left]) {
		left--
	}
	for right <= len(text)-2 && !vBorder(text[right]) {
		right++
	}
	if left < 1 || right > len(text)-2 {
		return nil
	}
	top, bottom := windowEdge(v, r, left, right, -1), windowEdge(v, r, left, right, +1)
	if top == 0 || bottom == 0 {
		return nil
	}
	msg, buttons := "", 0
	for k := top + 1; k < bottom; k++ {
		t, kbg := v.memo.gridRowOf(v.snap, k)
		inner := string(t[left+1 : right])
		buttons += len(buttonRe.FindAllStringIndex(inner, -1)) + len(squareButtonRe.FindAllStringIndex(inner, -1))
		if k == r {
			inner = string(t[left+1 : a]) // the message beside the button
		}
		if s := strings.TrimSpace(inner); msg == "" && s != "" && kbg[left+1] == bg[left+1] {
			msg = s // the first text on the window's own background: not its title bar
		}
	}
	if buttons != 1 || msg == "" {
		return nil
	}
	label := strings.TrimSpace(line[m[2]:m[3]])
	return &Prompt{Kind: PromptPressEnter, Text: msg, Options: []string{label}, Default: 0}
}

// windowEdge returns the row of the window's top (dir -1) or bottom (dir
// +1) side from row r, its sides at columns left and right: the rows
// between have a side at both columns, the edge its corners there; 0 if
// the sides do not close.
func windowEdge(v *view, r, left, right, dir int) int {
	_, rows := v.snap.Size()
	corners := "┌╭╔┏"
	ends := "┐╮╗┓"
	if dir > 0 {
		corners, ends = "└╰╚┗", "┘╯╝┛"
	}
	for k := r + dir; k >= 1 && k <= rows; k += dir {
		t, _ := v.memo.gridRowOf(v.snap, k)
		switch {
		case strings.ContainsRune(corners, t[left]) && strings.ContainsRune(ends, t[right]):
			return k
		case !vBorder(t[left]) || !vBorder(t[right]):
			return 0
		}
	}
	return 0
}
