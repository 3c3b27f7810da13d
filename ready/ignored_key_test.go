package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// A key the program takes and answers with nothing drawn is reacted to all
// the same once the kernel finds the program back waiting on the terminal
// with nothing run between two looks and no timer of its own due soon.
// ranger (corpus, round 8's first recording, its ground truth from strace):
// ":mkdir build" typed in one write opened the console and dropped the
// rest; Enter on the console drawn empty drew nothing, and ranger polled the
// terminal with its 2 s idle timeout. The engine awaited a reaction until
// the harness gave up 6 s later: a missed turn. No turn may be early.
func TestIgnoredKeyIsReactedToOnceTheLoopIsStill(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "ranger-enter-draws-nothing.cast"))
	if err != nil {
		t.Fatal(err)
	}
	got := readyAfterMarks(t, cast, ready.Generic()) // fails on a ready while truly busy
	const enterTurn = 4                              // the ready after the Enter (truth at +1.471 s)
	if len(got) <= enterTurn {
		t.Fatalf("%d ready markers, want more than %d", len(got), enterTurn)
	}
	if d := got[enterTurn]; d.after < 0 || d.after > 100*time.Millisecond {
		t.Errorf("the turn after the ignored Enter: ready %v after the truth (by %s), want within 100ms", d.after, d.by)
	}
}
