package ready

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// pudb's quit dialog: three buttons stacked at the right of its message,
// the terminal's cursor in the focused one, the window drawn over source
// code (its rows do not start at its side), on the frame the strace truth
// called ready.
func TestStackedButtonsInPudb(t *testing.T) {
	s := frameAt(t, corpusCast("pudb"), 1776*time.Millisecond)
	want := &Prompt{Kind: PromptOptions, Text: "Your PuDB session has ended. Would you like to quit PuDB or restart your program?",
		Options: []string{"Restart", "Examine", "Quit"}, Default: 0}
	if diff := cmp.Diff(want, findPrompt(newView(s, true))); diff != "" {
		t.Errorf("prompt (-want +got):\n%s\n%s", diff, s.String())
	}
}

// Not a question: buttons stacked with the cursor elsewhere (an editor's
// text), one button alone, tags ending lines of text outside a window, or
// a word run into the button.
func TestStackedButtonsNeedTheCursorAndAWindow(t *testing.T) {
	for name, frame := range map[string]string{
		"cursor elsewhere": "│Save changes?      < Save >│\r\n│                   < Quit >│\r\n│ \x1b[3;3H",
		"one button":       "│Saved.              < OK >│\r\n│                          │\x1b[1;23H",
		"no window":        "see the tag           <b>\r\nand this one          <i>\x1b[1;23H",
		"run into it":      "│Press<Save>│\r\n│Or   <Quit>│\x1b[1;8H",
	} {
		t.Run(name, func(t *testing.T) {
			sc := screen.New(40, 5)
			defer sc.Close()
			sc.WriteAt(time.Time{}, []byte(frame))
			v := newView(sc.Snapshot(), true)
			if p := stackedButtons(v, ""); p != nil {
				t.Errorf("stacked buttons %+v in\n%s", *p, sc.Snapshot().String())
			}
		})
	}
}
