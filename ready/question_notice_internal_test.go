package ready

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// A message answered by its one button (question_notice.go), in two
// toolkits, on the frame their render hooks logged ready: before the
// part, no question (the scorer's "questions recognised" wants two
// options; a one-button dialog has one).
func TestOneButtonInAWindow(t *testing.T) {
	checkQuestions(t, []questionCase{
		{"tview Modal, the button on a background of its own", corpusCast("tview-modal"), 880427 * time.Microsecond,
			&Prompt{Kind: PromptPressEnter, Text: "3 files deleted.", Options: []string{"Okay"}, Default: 0}},
		{"urwid Overlay, the cursor in the button", corpusCast("urwid-dialog"), 898416 * time.Microsecond,
			&Prompt{Kind: PromptPressEnter, Text: "2 changes applied.", Options: []string{"OK"}, Default: 0}},
	})
	notQuestions(t, 40, 8, map[string]string{
		// One word at a window's foot on its background: a status, no button.
		"status word": "┌──────────┐\r\n│ copied   │\r\n│   done   │\r\n└──────────┘\r\n\x1b[?25l",
		// A button while the terminal's cursor waits in a field above it.
		"cursor elsewhere": "┌──────────┐\r\n│ Name: x  │\r\n│  < OK >  │\r\n└──────────┘\x1b[2;10H",
		// A sentence on a background: a banner, no button.
		"banner": "┌──────────────────────┐\r\n│ copied               │\r\n│ \x1b[44mall files are in sync\x1b[0m│\r\n└──────────────────────┘\r\n\x1b[?25l",
	})
	// The status word on a background of its own reads as the button: the
	// check that the first case fails for the reason it names.
	sc := screen.New(40, 8)
	defer sc.Close()
	sc.WriteAt(time.Time{}, []byte("┌──────────┐\r\n│ copied   │\r\n│   \x1b[44mdone\x1b[0m   │\r\n└──────────┘\r\n\x1b[?25l"))
	if p := findPrompt(newView(sc.Snapshot(), true)); p == nil || p.Kind != PromptPressEnter {
		t.Errorf("a focused button: %v\n%s", p, sc.Snapshot().String())
	}
}

// No one-button message where a corpus recording's truth says the program
// waits for anything but a question: on the frame of every such turn.
func TestNoButtonWhereTheTruthHasNone(t *testing.T) {
	eachCorpusTurn(t, func(name, kind string, at time.Duration, s screen.Snapshot) {
		if p := windowButton(newView(s, true), ""); p != nil {
			t.Errorf("%s at %v (truth %q): %v\n%s", name, at, kind, p, s.String())
		}
	})
}
