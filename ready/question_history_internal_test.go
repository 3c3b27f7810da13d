package ready

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Gemini's trust dialog, live and then left above the input box of the
// process relaunched after it (agents/testdata/gemini-trust-restart.cast):
// a question, then none (question_history.go; before it, the box shape
// read a select question off the second frame).
func TestQuestionLeftAboveInputBox(t *testing.T) {
	cast := filepath.Join("..", "agents", "testdata", "gemini-trust-restart.cast")
	if p := findPrompt(newView(frameAt(t, cast, 7300*time.Millisecond), false)); p == nil {
		t.Errorf("the live trust dialog: no question")
	}
	if s := frameAt(t, cast, 12206*time.Millisecond); findPrompt(newView(s, false)) != nil {
		t.Errorf("the trust dialog above the new input box: %+v\n%s", *findPrompt(newView(s, false)), s.String())
	}
}

// A question over an input box is asked while the cursor is on its options
// or the row under it is a window's buttons, not an input line.
func TestQuestionOverInputBoxAsked(t *testing.T) {
	const (
		green = "\x1b[32m"
		plain = "\x1b[0m"
		rule  = "────────────────────────────────────────\r\n"
		ask   = "Do you want to proceed?\r\n" + green + "❯ 1. Yes" + plain + "\r\n  2. No\r\n\r\n"
	)
	for name, out := range map[string]string{
		"cursor on its options":  ask + rule + "> \r\n" + rule + "\x1b[2;3H",
		"no prompt glyph in box": ask + rule + "  <  OK  >\r\n" + rule + "\x1b[6;6H",
	} {
		s := screen.New(60, 14)
		s.WriteAt(time.Time{}, []byte(out))
		if p := findPrompt(newView(s.Snapshot(), true)); p == nil {
			t.Errorf("%s: no question\n%s", name, s.Snapshot().String())
		}
		s.Close()
	}
}
