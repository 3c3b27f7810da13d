package ready

import (
	"regexp"
	"strings"
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
