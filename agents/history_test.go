package agents_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// Gemini CLI, its folder trusted, restarts: the relaunched process draws
// its input box, the hidden cursor in it, below the trust dialog, which
// stays on the main screen (testdata/gemini-trust-restart.cast, a live
// TestTrustFolderQuestion that failed: the recording ends 0.7 s after, the
// banner that ends start-up not yet drawn). The dialog is history: from
// the new input box on, the engine must not call it a question. Before
// question_history.go it said "select question on screen" at 12.2 s.
func TestTrustDialogLeftAboveRestart(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "gemini-trust-restart.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("gemini"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	const (
		asked    = 7297 * time.Millisecond  // the dialog, still
		newInput = 11648 * time.Millisecond // the relaunched process's input box
	)
	var sawAsked bool
	for _, tr := range rep.Run() {
		at := tr.Time.Sub(rep.Start())
		switch {
		case at < newInput && tr.State == ready.Question:
			sawAsked = true
		case at >= newInput && tr.State.Waiting():
			t.Errorf("%v: %s (%s by %s) over the dialog left above the new input box", at, tr.State, tr.Reason, tr.By)
		}
	}
	if !sawAsked {
		t.Errorf("the trust dialog was not seen as a question before the restart (at %v)", asked)
	}
}
