package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// Continue turns its tool's status glyph once, "○ Bash(…)" to "● Bash(…)",
// when the approved command has run, and redraws the row as it is with
// every frame after (testdata/continue-tool-glyph-turned.cast, recorded
// live by agents/others_test.go TestOthersApproval/continue with
// TTYRIG_RECORD=1). A glyph that changed once and then stays is no
// animation: the row redrawn in the answer's frame is no spinner's first
// frame, and the turn is ready once the answer is drawn, not held for the
// busy animation's 5 s stall. Never early.
func TestAGlyphTurnedOnceIsNoSpinner(t *testing.T) {
	cast, err := asciicast.ReadFile("testdata/continue-tool-glyph-turned.cast")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []ready.Profile{ready.Generic(), mustLoad(t, "../recordings/agents/generic/continue.learnt.json")} {
		got := readyAfterMarks(t, cast, p)
		if len(got) != 4 {
			t.Fatalf("%s: %d turns decided, want 4: %+v", p.Name, len(got), got)
		}
		// Turn 4: the model's follow-up once the command ran; the glyph
		// turned 0.75 s before its frame (turn 3 is the approval
		// dialog, a question).
		if d := got[3]; d.after < 0 || d.after > time.Second || d.by == "silence" {
			t.Errorf("%s: turn 4 ready %v after its marker by %q, want within 1s, not by the silence fallback", p.Name, d.after, d.by)
		}
	}
}

func mustLoad(t *testing.T, path string) ready.Profile {
	t.Helper()
	p, err := ready.LoadProfile(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
