package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// Continue's turn after an approval turns its tool's status glyph once
// ("○ Bash(…)" to "● Bash(…)"), which reads as two frames of a busy
// animation, and leaves it drawn so. Once the answer is drawn below it and
// the spinner line is gone, the busy signs are gone: node's work after the
// final frame is held for the quiet window, not tune.LoopWorkHold (it ended
// 187 ms after the marker, restarting the quiet window: 256 ms with the
// profile learnt, 336 ms generic). Never ready while the turn is busy
// (readyAfterMarks fails on that).
func TestBusySignsGoneWithAGlyphTurnedOnce(t *testing.T) {
	cast, err := asciicast.ReadFile("../recordings/agents/generic/continue-approval.cast")
	if err != nil {
		t.Fatal(err)
	}
	learnt, err := ready.LoadProfile("../recordings/agents/generic/continue.learnt.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p      ready.Profile
		within time.Duration
	}{
		{learnt, 100 * time.Millisecond},          // busy-gone's 70 ms quiet window
		{ready.Generic(), 200 * time.Millisecond}, // the cursor's 150 ms
	} {
		ds := readyAfterMarks(t, cast, c.p)
		if len(ds) != 4 {
			t.Fatalf("%s: %d ready marks decided, want 4", c.p.Name, len(ds))
		}
		// The last ready marker, 33.225 s, ends the turn after the approval.
		if d := ds[3]; d.after < 0 || d.after > c.within {
			t.Errorf("%s: the turn after the approval ready %v after its marker (by %q), want within %v", c.p.Name, d.after, d.by, c.within)
		}
	}
}
