package ready

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A form's text field: a label, then the field drawn on a background of
// its own, the terminal's cursor in it (tview's InputField and
// PasswordField, "Password" and a blue field, corpus/testdata/tview-form.cast).
// The label names what is asked; a secret's label makes it a password
// (nothing shows in the field until typed, masked). A form stays drawn
// while the program works on it: the shape names, the other signals
// decide.

// fieldLabel: a form field's label, a few words.
var fieldLabel = regexp.MustCompile(`^\pL[\pL\pN ]{0,30}$`)

// fieldWidth is how many cells of its own background a field shows at
// least.
const fieldWidth = 5

func init() {
	registerShape(questionShape{name: "form field", rank: shapeInput - 5, find: formField, labelOnly: true})
	registerShape(questionShape{name: "form field focused by colour", rank: shapeInput - 4, find: colourFocusedField, labelOnly: true})
}

// formField finds the field the terminal's cursor is in, by its label.
func formField(v *view, _ string) *Prompt {
	if !v.snap.CursorVisible() || v.cursor.Row < 1 || v.cursor.Row > len(v.rows) {
		return nil
	}
	label := strings.Trim(v.before, boxBorders)
	if !v.matches(fieldLabel, label) {
		return nil
	}
	r, c := v.cursor.Row, v.cursor.Col
	field := colorKey(v.snap.Cell(r, c).Bg)
	if field == "" || field == colorKey(v.snap.Cell(r, c-1).Bg) {
		return nil // no field of its own: text typed after a label
	}
	cols, _ := v.snap.Size()
	n := 0
	for k := c; k <= cols && colorKey(v.snap.Cell(r, k).Bg) == field; k++ {
		n++
	}
	if n < fieldWidth {
		return nil
	}
	if v.matches(secretRe, label) {
		return &Prompt{Kind: PromptPassword, Text: label, Default: -1}
	}
	return &Prompt{Kind: PromptInput, Text: label, Default: -1}
}

// A form's field that takes no typing, focused: the terminal's cursor
// hidden, the field drawn after its label in a colour no other cell of the
// screen has, and two other fields or more at the same column on a colour
// of their own, the unfocused fields' (tview's Form draws the focused
// DropDown and Checkbox inverted, the others on the fields' blue: "Role
// developer", "Admin  X" over "Password  **", corpus/testdata/tview-form.cast).
// A closed drop-down shows its value alone, its other options only once
// opened: a list of one. A check box is one cell: a toggle whose two
// states are not drawn as words.
func colourFocusedField(v *view, _ string) *Prompt {
	if v.snap.CursorVisible() {
		return nil
	}
	type field struct {
		label, value string
		col, n       int
		bg           string
	}
	// The rows that read as a label and a field from their text alone: a
	// form needs three, and most screens have none (the cells of the rest
	// are never read).
	var rows []int
	for r := 1; r <= v.bottom; r++ {
		if labelRow(v.row(r)) && mayLabel(v.row(r)) {
			rows = append(rows, r)
		}
	}
	if len(rows) < 3 {
		return nil
	}
	var fields []field
	for _, r := range rows {
		label, value, col, n, bg := labelledField(v, r)
		if n == 0 || v.drawn.Row == r && v.drawn.Col >= col && v.drawn.Col < col+n {
			continue // none, or the cursor the program draws: a text input's
		}
		fields = append(fields, field{label, value, col, n, bg})
	}
	if len(fields) < 3 {
		return nil // not a form: a label and a badge, a list's status
	}
	uses := backgroundSpans(v)
	for _, f := range fields {
		if uses[f.bg] != 1 {
			continue // a colour other cells share: not the focus
		}
		others := map[string]int{} // the other fields at its column, by colour
		for _, o := range fields {
			if o.col == f.col && o.bg != f.bg {
				others[o.bg]++
			}
		}
		if slices.Max(append(slices.Collect(maps.Values(others)), 0)) < 2 {
			continue
		}
		switch {
		case f.n == 1:
			return &Prompt{Kind: PromptToggle, Text: f.label, Default: -1}
		case f.value != "" && !v.matches(secretRe, f.label):
			return &Prompt{Kind: PromptSelect, Text: f.label, Options: []string{f.value}, Default: 0}
		}
	}
	return nil
}

// labelledField reads row r as a label, blanks, then a field: cells on a
// background (or in reverse video) that the label and the blanks after it
// have not. It returns the label, the field's text, first column, width
// and background; n is 0 if the row is not one.
func labelledField(v *view, r int) (label, value string, col, n int, bg string) {
	if strings.TrimSpace(v.row(r)) == "" || v.plainRows(r, r) {
		return "", "", 0, 0, "" // a plain row: no field on a background the label has not
	}
	text, bgs := v.memo.gridRowOf(v.snap, r)
	cols := len(text) - 2
	c := 1
	for c <= cols && (text[c] == ' ' || vBorder(text[c])) {
		c++
	}
	start := c
	for c <= cols && text[c] != ' ' {
		c++
	}
	// The label's words: one blank between them, two or more end it.
	for c+1 <= cols && text[c] == ' ' && text[c+1] != ' ' && !vBorder(text[c+1]) && bgs[c+1] == bgs[start] {
		c++
		for c <= cols && text[c] != ' ' {
			c++
		}
	}
	if c == start || c > cols || !v.matches(fieldLabel, string(text[start:c])) {
		return "", "", 0, 0, ""
	}
	gap := bgs[start]
	f := c
	for f <= cols && bgs[f] == gap {
		if text[f] != ' ' {
			return "", "", 0, 0, "" // text on the label's background: a sentence, no field
		}
		f++
	}
	if f > cols || f == c {
		return "", "", 0, 0, ""
	}
	for k := f; k <= cols && bgs[k] == bgs[f]; k++ {
		n++
	}
	return string(text[start:c]), strings.TrimSpace(string(text[f : f+n])), f, n, bgs[f]
}

// labelRow reports, from the text alone, whether row t could be a label
// and a field: a few words after the margin (or a window's side), two or
// more blanks, then more.
func labelRow(t string) bool {
	t = strings.TrimLeft(t, " │┃║|")
	i := strings.Index(t, "  ")
	return i > 0 && strings.TrimSpace(t[i:]) != "" || i < 0 && t != "" && !strings.Contains(t, " ")
}

// mayLabel reports, from the text alone, whether row t may lead with a
// field's label as labelledField reads it: the first character past the
// margin and a window's side must be a letter (fieldLabel), and one in
// ASCII is the cell labelledField starts at (a wide character shows as a
// blank cell there, so one past ASCII says nothing).
func mayLabel(t string) bool {
	t = strings.TrimLeft(t, " │┃║|")
	return t != "" && (t[0] >= utf8.RuneSelf || unicode.IsLetter(rune(t[0])))
}

// backgroundSpans counts, per background, the runs of cells drawn on it
// across the screen.
func backgroundSpans(v *view) map[string]int {
	cols, rows := v.snap.Size()
	uses := map[string]int{}
	for r := 1; r <= rows; r++ {
		_, bg := v.memo.gridRowOf(v.snap, r)
		for c := 1; c <= cols; c++ {
			if bg[c] != bg[c-1] {
				uses[bg[c]]++
			}
		}
	}
	return uses
}
