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

// An approval dialog with a spinner beside it, from the question until the
// answer is typed (the recording's prompt:question truth to its next
// input), stays a question: Continue's CLI redraws its dialog on every
// spinner frame, often in two writes, the dialog cut short between them;
// pi's spinner runs its node process between frames (the kernel's view:
// "not waiting on the terminal", "output pending"). Before
// signal_question.go's stillAsking they flipped question/busy 43 and 9
// times before the answer.
func TestQuestionBesideASpinner(t *testing.T) {
	for _, tc := range []struct {
		name     string
		answered time.Duration // the recording's next input after its prompt:question
	}{
		{"continue-approval", 32099 * time.Millisecond},
		{"pi-approval", 24768 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cast, err := asciicast.ReadFile(filepath.Join("..", "recordings", "agents", "generic", tc.name+".cast"))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			asked := time.Duration(0)
			var b strings.Builder
			for _, tr := range rep.Run() {
				d := tr.Time.Sub(rep.Start())
				b.WriteString("  " + d.String() + " " + string(tr.State) + " " + tr.Reason + "\n")
				if d >= tc.answered {
					break
				}
				if tr.State == ready.Question && asked == 0 {
					asked = d
				}
				if asked > 0 && tr.State != ready.Question {
					t.Errorf("%s at %v by %s while the question waits unanswered:\n%s", tr.State, d, tr.Signal, b.String())
					return
				}
			}
			if asked == 0 {
				t.Errorf("no question before the answer:\n%s", b.String())
			}
		})
	}
}
