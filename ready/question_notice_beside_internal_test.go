package ready

import (
	"github.com/ttyrig/ttyrig/screen"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// pudb's welcome, its one button right of the message, over the source
// view (question_notice_beside.go): on the frame where the strace truth
// has pudb waiting for it. Read as no question before the shape.
func TestOneButtonBesideItsMessage(t *testing.T) {
	s := frameAt(t, corpusCast("pudb-first-run"), 297*time.Millisecond)
	want := &Prompt{Kind: PromptPressEnter, Text: "Welcome to PudB 2022.1.3!", Options: []string{"OK"}, Default: 0}
	if diff := cmp.Diff(want, findPrompt(newView(s, true))); diff != "" {
		t.Errorf("prompt (-want +got):\n%s\n%s", diff, s.String())
	}
}

// The shape reads no frame of the corpus where the truth has the program
// waiting for anything but a question (one button counts: the scan of
// question_more_internal_test.go counts only two choices or more), and
// nothing that is not a window around one focused button.
func TestOneButtonBesideItsMessageNowhereElse(t *testing.T) {
	eachCorpusTurn(t, func(name, kind string, at time.Duration, s screen.Snapshot) {
		if p := besideButton(newView(s, true), ""); p != nil {
			t.Errorf("%s at %v (truth %q): %v\n%s", name, at, kind, p, s.String())
		}
	})
	notQuestions(t, 40, 8, map[string]string{
		"a button outside any window": "\x1b[?25l\x1b[8;1H>>> \x1b[44m< Clear >\x1b[m",
		"two buttons in a window":     "\x1b[?25l┌──────────────────┐\r\n│Quit?  \x1b[44m< Yes >\x1b[m < No >│\r\n└──────────────────┘",
		"a window open at the bottom": "\x1b[?25l┌──────────────────┐\r\n│Saved.     \x1b[44m< OK >\x1b[m │\r\n│                  │",
		"a button not set apart":      "\x1b[?25l┌──────────────────┐\r\n│Saved.     < OK > │\r\n└──────────────────┘",
	})
}
