package ready

import (
	"strings"
	"unicode/utf8"
)

// A form that draws all its fields and marks the focused one with a bar at
// its left, the other fields drawn without it, their text at the bar's
// text column: huh's group of an Input, an Input, a Select and a Confirm
// ("┃ Project name" over "┃ > █", the Confirm's "Yes  No" below, unfocused,
// corpus/testdata/huh-group.cast). What is asked is the focused field's
// alone: another field's buttons or list on screen are not the question
// (issue 20, class 8: every step of that form read as its Confirm's
// toggle, also while a text input had focus).
//
// Ranked before the toggle and the lists, the part reads the focused
// field's choices (a toggle, a list) with the other shapes on its rows
// alone, else a text field: the input cursor in it under the field's
// title. Either decides, as a question does: the fields drawn under the
// focused one are the form's layout, not output below the cursor (which
// keeps the cursor signal from deciding the form's first frame), and the
// focus a form draws on a field is where it waits.

func init() {
	registerShape(questionShape{name: "focused field of a form", rank: shapeToggle - 20, find: focusedField})
}

// focusedField finds the question of a form's focused field: its choices,
// else its text.
func focusedField(v *view, _ string) *Prompt {
	first, last, textCol, ok := focusBlock(v)
	if !ok {
		return nil
	}
	if p := focusedChoice(v, first, last); p != nil {
		return p
	}
	return focusedText(v, first, last, textCol)
}

// focusBars are the bars a form marks its focused field with.
const focusBars = "│┃▌▍▎"

// focusBlock finds the focused field: the one run of rows led by a bar at
// one column, at least two rows, and another row of the screen holding
// text at the run's text column with a blank where the bar is (an
// unfocused field). ok is false if there is none, or more than one run.
func focusBlock(v *view) (first, last, textCol int, ok bool) {
	bar := -1
	for r := 1; r <= v.bottom; r++ {
		t := v.row(r)
		lead := strings.TrimLeft(t, " ")
		g, _ := utf8.DecodeRuneInString(lead)
		if !strings.ContainsRune(focusBars, g) {
			continue // the common case, from the text alone: no bar
		}
		if utf8.RuneCountInString(lead) > 1 && boxedRow(t) {
			continue // a window's side (a bar alone is the field's blank row)
		}
		col := len(t) - len(lead) + 1 // spaces are one byte each
		switch {
		case bar < 0:
			first, last, bar = r, r, col
		case col == bar && r == last+1:
			last = r
		default:
			return 0, 0, 0, false // two runs, or bars at two columns: a layout
		}
	}
	if bar < 0 || last == first {
		return 0, 0, 0, false
	}
	// The text column: past the bar and its blanks on the run's first row.
	head := []rune(v.row(first))
	textCol = bar + 1
	for textCol <= len(head) && head[textCol-1] == ' ' {
		textCol++
	}
	if textCol > len(head) || textCol-bar > 3 {
		return 0, 0, 0, false
	}
	pad := strings.Repeat(" ", textCol-1)
	for r := 1; r <= v.bottom; r++ {
		if r >= first && r <= last {
			continue
		}
		if t := v.row(r); strings.HasPrefix(t, pad) && len(t) > len(pad) && t[len(pad)] != ' ' {
			return first, last, textCol, true
		}
	}
	return 0, 0, 0, false
}

// focusedView returns v with only rows first..last, the focused field's,
// holding text.
func focusedView(v *view, first, last int) *view {
	c := *v
	c.rows = make([]string, len(v.rows))
	copy(c.rows[first-1:last], v.rows[first-1:last])
	c.bottom = last
	c.marks, c.bits, c.frozen = nil, nil, nil
	if v.cursor.Row < first || v.cursor.Row > last {
		c.before = ""
	}
	if v.drawn.Row < first || v.drawn.Row > last {
		c.drawn.Row, c.drawnBefore = 0, ""
	}
	return &c
}

// focusedChoice finds the question of the focused field among the shapes
// that decide, read on its rows alone.
func focusedChoice(v *view, first, last int) *Prompt {
	f := focusedView(v, first, last)
	line := f.before
	if !f.snap.CursorVisible() && f.drawn.Row > 0 {
		line = f.drawnBefore
	}
	for _, s := range questionShapes {
		if s.labelOnly || s.rank == shapeToggle-20 {
			continue // this part, and those that only name
		}
		if p := s.find(f, line); p != nil && len(p.Options) >= 2 {
			return p
		}
	}
	return nil
}

// focusedText finds a text field focused in a form: the input cursor (the
// terminal's, or the one the program draws) on a row of the focused field
// under its first, which names it.
func focusedText(v *view, first, last, textCol int) *Prompt {
	pos, _, ok := v.inputCursor(false)
	if !ok || pos.Row <= first || pos.Row > last || pos.Col < textCol {
		return nil
	}
	title := strings.TrimSpace(string([]rune(v.row(first))[textCol-1:]))
	if title == "" || askedOn(v, first) == "" {
		return nil // a question line or a bold title names a field
	}
	if v.matches(secretRe, title) {
		return &Prompt{Kind: PromptPassword, Text: title, Default: -1}
	}
	return &Prompt{Kind: PromptInput, Text: title, Default: -1}
}
