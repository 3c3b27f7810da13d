package ready

import (
	"github.com/ttyrig/ttyrig/screen"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// visidata's confirm window over its sheet (a live corpus run kept in
// testdata): its rows hold the sheet left of the window, so the window's
// buttons were read by no shape (question_window_over.go). Before round
// 10 the frame was "recognised" only by reading the sheet as a menu.
func TestButtonsInAWindowOverOtherText(t *testing.T) {
	s := frameAt(t, filepath.Join("testdata", "visidata-confirm-over-sheet.cast"), 6681295*time.Microsecond)
	want := &Prompt{Kind: PromptToggle, Text: "work/data.csv already exists. overwrite?", Options: []string{"yes", "no"}, Default: -1}
	if diff := cmp.Diff(want, findPrompt(newView(s, true))); diff != "" {
		t.Errorf("prompt (-want +got):\n%s\n%s", diff, s.String())
	}
}

// The shape reads no corpus frame whose truth is no question, and no
// table or window that is not one around a row of labels.
func TestButtonsInAWindowOverOtherTextNowhereElse(t *testing.T) {
	eachCorpusTurn(t, func(name, kind string, at time.Duration, s screen.Snapshot) {
		if p := windowOverButtons(newView(s, true), ""); p != nil {
			t.Errorf("%s at %v (truth %q): %v\n%s", name, at, kind, p, s.String())
		}
	})
	notQuestions(t, 40, 8, map[string]string{
		"a table's columns, no corners": "\x1b[?25lname │ qty ║\r\nab   │ 1   ║\r\ncd   │ yes    no ║\r\n",
		"a window open at the bottom":   "\x1b[?25lxx┌────────────┐\r\nxx│Quit?       │\r\nxx│ \x1b[44myes\x1b[m    no  │\r\nxx│            │",
		"labels not the last text":      "\x1b[?25lxx┌────────────┐\r\nxx│Quit?       │\r\nxx│ \x1b[44myes\x1b[m    no  │\r\nxx│ more text  │\r\nxx└────────────┘",
		"no question above":             "\x1b[?25lxx┌────────────┐\r\nxx│ \x1b[44myes\x1b[m    no  │\r\nxx└────────────┘",
	})
}
