package ready

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// A form that draws all its fields asks what its focused field asks
// (question_focus.go): huh's group, on the frame of each step before the
// key that answers it. Before the part, every step read as the Confirm's
// toggle, drawn unfocused at the foot of the form (issue 20, class 8).
func TestFocusedFieldOfAForm(t *testing.T) {
	group := corpusCast("huh-group")
	checkQuestions(t, []questionCase{
		{"huh Input focused", group, 179822 * time.Microsecond,
			&Prompt{Kind: PromptInput, Text: "Project name", Default: -1}},
		{"huh Input with a placeholder focused", group, 512188 * time.Microsecond,
			&Prompt{Kind: PromptInput, Text: "Directory", Default: -1}},
		{"huh Select focused", group, 862542 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "License", Options: []string{"MIT", "Apache-2.0", "GPL-3.0"}, Default: 0}},
		{"huh Confirm focused", group, 1028607 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Initialise a git repository?", Options: []string{"Yes", "No"}, Default: 1}},
	})
}

// What the part must not read as a form's focused field: a form of one
// field (no other field beside it: the cursor signal's), a quote in
// output, and bars at two places (a layout).
func TestFocusedFieldNeedsAForm(t *testing.T) {
	s := frameAt(t, corpusCast("huh-form"), 200*time.Millisecond)
	if p := focusedField(newView(s, true), ""); p != nil {
		t.Errorf("huh-form, one field: %v\n%s", p, s.String())
	}
	for name, out := range map[string]string{
		"a quote over output": "\x1b[1m┃ Note\x1b[0m\r\n┃ > quoted\r\nplain text after\r\n$ ",
		"two blocks":          "┃ \x1b[1mName\x1b[0m\r\n┃ > \x1b[7m \x1b[0m\r\n\r\n  \x1b[1mOther\x1b[0m\r\n\r\n┃ \x1b[1mMore\x1b[0m\r\n┃ > x\x1b[?25l",
		"no title":            "┃ name\r\n┃ > \x1b[7m \x1b[0m\r\n\r\n  Other\r\n  > y\x1b[?25l",
	} {
		sc := screen.New(40, 10)
		sc.WriteAt(time.Time{}, []byte(out))
		snap := sc.Snapshot()
		if p := focusedField(newView(snap, true), ""); p != nil {
			t.Errorf("%s: %v\n%s", name, p, snap.String())
		}
		sc.Close()
	}
	// The same form of two fields, titled, the cursor drawn in the first:
	// the check that the cases above fail for the reason they name.
	sc := screen.New(40, 10)
	defer sc.Close()
	sc.WriteAt(time.Time{}, []byte("┃ \x1b[1mName\x1b[0m\r\n┃ > \x1b[7m \x1b[0m\r\n\r\n  \x1b[1mOther\x1b[0m\r\n  > y\x1b[?25l"))
	want := &Prompt{Kind: PromptInput, Text: "Name", Default: -1}
	if diff := cmp.Diff(want, focusedField(newView(sc.Snapshot(), true), "")); diff != "" {
		t.Errorf("a form of two fields (-want +got):\n%s\n%s", diff, sc.Snapshot().String())
	}
}

// A form's field that takes no typing, focused by colour alone
// (question_field.go): tview's DropDown shows its value, its Checkbox one
// cell; both named, the other signals deciding. Before the part, no
// question on these frames.
func TestFormFieldFocusedByColour(t *testing.T) {
	form := corpusCast("tview-form")
	checkQuestions(t, []questionCase{
		{"tview DropDown focused", form, 75409 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Role", Options: []string{"developer"}, Default: 0}},
		{"tview Checkbox focused", form, 86628 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Admin", Default: -1}},
	})
	field := func(label, bg, value string) string {
		return " " + label + strings.Repeat(" ", 10-len(label)) + "\x1b[" + bg + "m" + value + "\x1b[0m\r\n"
	}
	notQuestions(t, 40, 10, map[string]string{
		// One field apart and one other: a label and a badge, no form.
		"two fields": field("Name", "44", "Ada   ") + field("Role", "47", "dev") + "\x1b[?25l",
		// The other fields at another column: a layout, no form.
		"other column": field("Name", "44", "Ada   ") + field("Role", "47", "dev") + "   " + field("Mail", "44", "a@b   ") +
			"   " + field("Team", "44", "core  ") + "\x1b[?25l",
	})
	// The same form with the fields aligned: the check that the cases
	// above fail for the reason they name.
	sc := screen.New(40, 10)
	defer sc.Close()
	sc.WriteAt(time.Time{}, []byte(field("Name", "44", "Ada   ")+field("Role", "47", "dev")+field("Mail", "44", "a@b   ")+field("Team", "44", "core  ")+"\x1b[?25l"))
	want := &Prompt{Kind: PromptSelect, Text: "Role", Options: []string{"dev"}, Default: 0}
	if diff := cmp.Diff(want, colourFocusedField(newView(sc.Snapshot(), true), "")); diff != "" {
		t.Errorf("a form of four fields (-want +got):\n%s\n%s", diff, sc.Snapshot().String())
	}
}
