package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// bubbles' list spins a spinner in its title while it works, the list
// unchanged under it; when the work is done the spinner goes and the frame
// is final at once (its changes were repeat frames of an animation). The
// list it shows then is the question asked, from that frame: not plain
// ready, and not a quiet window later.
func TestFullScreenQuestionAfterSpinner(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", "bubbles-list.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var b strings.Builder
	var asked []ready.Transition
	for _, tr := range rep.Run() {
		b.WriteString("  " + tr.Time.Sub(rep.Start()).String() + " " + string(tr.State) + " " + tr.Reason + "\n")
		if tr.State.Waiting() {
			asked = append(asked, tr)
		}
	}
	// The truth: ready at 23.6 ms, 1.690 s and 3.207 s, the current item
	// lipgloss, bubbles, glamour.
	want := []struct {
		at  time.Duration
		def int
	}{{173840 * time.Microsecond, 0}, {1690082 * time.Microsecond, 1}, {3206891 * time.Microsecond, 3}}
	if len(asked) != len(want) {
		t.Fatalf("%d waiting states, want %d\n%s", len(asked), len(want), b.String())
	}
	for i, w := range want {
		tr := asked[i]
		if tr.State != ready.Question || tr.Prompt == nil || tr.Prompt.Default != w.def || tr.Prompt.Text != "Packages" {
			t.Errorf("turn %d: %s %+v, want the list asked with item %d current\n%s", i+1, tr.State, tr.Prompt, w.def, b.String())
		}
		if at := tr.Time.Sub(rep.Start()); at != w.at {
			t.Errorf("turn %d: decided at %v, want %v\n%s", i+1, at, w.at, b.String())
		}
	}
}
