package ready

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// questionCase is a question of a corpus recording, on the frame the program
// waits on (the last before the input that answers it), and what is found.
type questionCase struct {
	name string
	file string
	at   time.Duration
	want *Prompt
}

func checkQuestions(t *testing.T, cases []questionCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := frameAt(t, tc.file, tc.at)
			got := findPrompt(newView(s, true))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("prompt (-want +got):\n%s\n%s", diff, s.String())
			}
		})
	}
}

// notQuestions checks that none of the outputs, drawn on a cols×rows
// screen, reads as a question.
func notQuestions(t *testing.T, cols, rows int, outs map[string]string) {
	t.Helper()
	for name, out := range outs {
		s := screen.New(cols, rows)
		s.WriteAt(time.Time{}, []byte(out))
		if p := findPrompt(newView(s.Snapshot(), true)); p != nil {
			t.Errorf("%s: prompt %+v\n%s", name, *p, s.Snapshot().String())
		}
		s.Close()
	}
}

// Yes/no questions in the other notations (question_yesno.go).
func TestYesNoNotations(t *testing.T) {
	yn := []string{"y", "n"}
	checkQuestions(t, []questionCase{
		{"terminal-kit [Y|n], cursor on the row under it", corpusCast("terminal-kit"), 2400 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Do you like javascript?", Options: []string{"Y", "n"}, Default: 0}},
		{"bash read -p [Y|n]", corpusCast("shell-questions"), 15700 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Overwrite config.toml?", Options: []string{"Y", "n"}, Default: 0}},
		{"bash select #?", corpusCast("shell-questions"), 638 * time.Millisecond,
			&Prompt{Kind: PromptOptions, Text: "overwrite: n", Options: []string{"production", "staging", "preview"}, Default: -1}},
		{"GNU (y or n)", corpusCast("shell-questions"), 1470 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Restart the service now?", Options: yn, Default: -1}},
		{"gdb (y or [n])", corpusCast("gdb"), 7500 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Make breakpoint pending on future shared library load?", Options: yn, Default: 1}},
		{"npm read (yes)", corpusCast("npm-read"), 2100 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Is this OK?", Options: []string{"yes", "no"}, Default: 0}},
		{"npx (y)", corpusCast("npm-read"), 2900 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Ok to proceed?", Options: yn, Default: 0}},
		{"enquirer confirm (y/N) ‣ false", corpusCast("enquirer-more"), 2600 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Update 2 packages?", Options: []string{"y", "N"}, Default: 1}},
		{"gocui popup (y/n)", corpusCast("gocui"), 12100 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: `Mark "tag v1.4.2" done?`, Options: yn, Default: -1}},
		// A default in parentheses after a label is a text prompt's.
		{"npm read (demo)", corpusCast("npm-read"), 300 * time.Millisecond, nil},
	})
	notQuestions(t, 40, 6, map[string]string{
		"a default that is not yes or no": "Port? (3000) ",
		"answered":                        "Overwrite? (y or n) y\r\n",
		"no question mark":                "Default answer (yes) ",
		// A yes/no in a window is the popup's only while the program hides
		// the cursor and the question ends its window.
		"popup, cursor shown":   "┌────────────┐\r\n│ Go? (y/n)  │\r\n└────────────┘\r\n$ ",
		"window with more text": "\x1b[?25l┌────────────┐\r\n│ Go? (y/n)  │\r\n│ more       │\r\n└────────────┘\r\n",
	})
}
