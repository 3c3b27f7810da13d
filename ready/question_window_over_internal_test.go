package ready

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/ttyrig/ttyrig/asciicast"
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
	files, err := filepath.Glob(filepath.Join("..", "corpus", "testdata", "*.cast"))
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus recordings: %v (%d found)", err, len(files))
	}
	for _, f := range files {
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, ev := range cast.Events {
			if ev.Kind != asciicast.Marker || ev.Data != "ready" {
				continue
			}
			kind, at := "", ev.Time+time.Minute
			for _, n := range cast.Events[i+1:] {
				if n.Time == ev.Time && strings.HasPrefix(n.Data, "prompt:") {
					kind = strings.TrimPrefix(n.Data, "prompt:")
				}
				if n.Kind == asciicast.Input {
					at = n.Time - 1
					break
				}
			}
			if strings.HasPrefix(kind, "question") {
				continue
			}
			s := frameAt(t, f, at)
			if p := windowOverButtons(newView(s, true), ""); p != nil {
				t.Errorf("%s at %v (truth %q): %v\n%s", filepath.Base(f), at, kind, p, s.String())
			}
		}
	}
	notQuestions(t, 40, 8, map[string]string{
		"a table's columns, no corners": "\x1b[?25lname │ qty ║\r\nab   │ 1   ║\r\ncd   │ yes    no ║\r\n",
		"a window open at the bottom":   "\x1b[?25lxx┌────────────┐\r\nxx│Quit?       │\r\nxx│ \x1b[44myes\x1b[m    no  │\r\nxx│            │",
		"labels not the last text":      "\x1b[?25lxx┌────────────┐\r\nxx│Quit?       │\r\nxx│ \x1b[44myes\x1b[m    no  │\r\nxx│ more text  │\r\nxx└────────────┘",
		"no question above":             "\x1b[?25lxx┌────────────┐\r\nxx│ \x1b[44myes\x1b[m    no  │\r\nxx└────────────┘",
	})
}
