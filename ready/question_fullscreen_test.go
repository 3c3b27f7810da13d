package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// bubbles' list spins a spinner in its title while it works, the list
// unchanged under it; when the work is done the spinner goes and the frame
// is final at once (its changes were repeat frames of an animation). The
// list it shows then is the question asked, from that frame: not plain
// ready, and not a quiet window later.
func TestFullScreenQuestionAfterSpinner(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "bubbles-list")
	var asked []ready.Transition
	var askedAt []time.Duration
	for i, tr := range trs {
		if tr.State.Waiting() {
			asked, askedAt = append(asked, tr), append(askedAt, at[i])
		}
	}
	// The truth: ready at 23.6 ms, 1.690 s and 3.207 s, the current item
	// lipgloss, bubbles, glamour.
	want := []struct {
		at  time.Duration
		def int
	}{{173840 * time.Microsecond, 0}, {1690082 * time.Microsecond, 1}, {3206891 * time.Microsecond, 3}}
	if len(asked) != len(want) {
		t.Fatalf("%d waiting states, want %d\n%s", len(asked), len(want), timeline)
	}
	for i, w := range want {
		tr := asked[i]
		if tr.State != ready.Question || tr.Prompt == nil || tr.Prompt.Default != w.def || tr.Prompt.Text != "Packages" {
			t.Errorf("turn %d: %s %+v, want the list asked with item %d current\n%s", i+1, tr.State, tr.Prompt, w.def, timeline)
		}
		if at := askedAt[i]; at != w.at {
			t.Errorf("turn %d: decided at %v, want %v\n%s", i+1, at, w.at, timeline)
		}
	}
}
