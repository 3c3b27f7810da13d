package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// fish (corpus round 11, set E; truth from strace) names the running
// command in the title and puts "~" back at the prompt: two title frames
// in one turn, read as an animation as slow as the command, held every
// turn after Enter half as long again (the prompt 557–697 ms after the
// truth; 2.1 s after a second's command in a first recording). The title back to the one the input came under
// ends its frames (title_return.go); no turn is early, none over a second.
func TestTitleBackAtThePromptIsNoAnimation(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", "fish.cast"))
	if err != nil {
		t.Fatal(err)
	}
	got := readyAfterMarks(t, cast, ready.Generic()) // fails on a ready while truly busy
	if len(got) < 10 {
		t.Fatalf("%d ready markers, want at least 10", len(got))
	}
	for i, d := range got {
		if d.after < 0 || d.after > time.Second {
			t.Errorf("turn %d: ready %v after the truth (by %s), want within 1s", i, d.after, d.by)
		}
	}
	// The turns that end at the prompt after a command (Enter on "echo
	// hello", "set count 3", "sleep 1; echo slept", the accepted
	// suggestion, "y", "echo $answer"): 557–697 ms after the truth before.
	for _, i := range []int{2, 4, 6, 9, 13, 15} {
		if d := got[i]; d.after > 300*time.Millisecond {
			t.Errorf("turn %d, at the prompt after a command: ready %v after the truth (by %s), want within 300ms", i, d.after, d.by)
		}
	}
}
