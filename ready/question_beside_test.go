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

// pi keeps its "Working..." spinner turning above its approval dialog for
// as long as the dialog waits (testdata/pi-approval-spinning.cast, recorded
// live by agents/others_test.go: the truth's question at 8.662 s, answered
// at 21.673 s; the screen never stood still for the quiet window). The
// dialog beside the spinner is the question asked, with its options, a
// quiet window after it was drawn.
func TestPermissionQuestionBesideASpinner(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "pi-approval-spinning.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var b strings.Builder
	var found *ready.Transition
	timeline := rep.Run()
	for i, tr := range timeline {
		at := tr.Time.Sub(rep.Start())
		b.WriteString("  " + at.String() + " " + string(tr.State) + " by " + tr.By + ": " + tr.Reason + "\n")
		if found == nil && tr.State == ready.Question && at >= 8662*time.Millisecond && at < 21673*time.Millisecond {
			found = &timeline[i]
		}
	}
	if found == nil {
		t.Fatalf("no question between the dialog (8.662 s) and its answer (21.673 s):\n%s", b.String())
	}
	at := found.Time.Sub(rep.Start())
	if at > 8662*time.Millisecond+400*time.Millisecond {
		t.Errorf("question at %v, want within 400ms of the dialog at 8.662s:\n%s", at, b.String())
	}
	if found.By != "question" || found.Prompt == nil || found.Prompt.Kind != ready.PromptPermission ||
		strings.Join(found.Prompt.Options, "|") != "Yes|No" {
		t.Errorf("decided by %q with %+v, want the question signal, a permission question with Yes|No", found.By, found.Prompt)
	}
}
