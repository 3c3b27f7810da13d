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

// Continue's CLI redraws its approval dialog on every frame of the spinner
// beside it, often in two writes: between them the dialog is cut short.
// From the question until the answer is typed (19.08 s to 32.10 s by the
// recording's truth), no such half frame makes the agent busy: the
// question's going is believed, as its coming, once the screen is still.
// (The kernel's view still says busy at times: among threads, node runs.)
func TestQuestionRedrawnBesideASpinner(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("..", "recordings", "agents", "generic", "continue-approval.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	asked, answered := time.Duration(0), 32099*time.Millisecond
	var b strings.Builder
	for _, tr := range rep.Run() {
		d := tr.Time.Sub(rep.Start())
		b.WriteString("  " + d.String() + " " + string(tr.State) + " " + tr.Reason + "\n")
		if d >= answered {
			break
		}
		if tr.State == ready.Question && asked == 0 {
			asked = d
		}
		if asked > 0 && tr.State == ready.Busy && tr.Signal != ready.SignalKernel {
			t.Errorf("busy at %v by %s while the question waits unanswered:\n%s", d, tr.Signal, b.String())
			return
		}
	}
	if asked == 0 {
		t.Errorf("no question before the answer:\n%s", b.String())
	}
}
