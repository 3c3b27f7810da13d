package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// pi draws its approval dialog under a "Working..." spinner whose first
// frame after the input comes 12 ms after the dialog, and the next 72 ms
// later. The dialog is asked once it has stood still for the quiet window
// with only the spinner moving, and the engine looks again then, not only
// at the quiet window after the spinner's last frame: with the 70 ms
// window learnt for pi that look came at its next frame, and the question
// 154 ms after it was drawn.
func TestQuestionBesideSpinnerAskedWhenStill(t *testing.T) {
	cast, err := asciicast.ReadFile("../recordings/agents/generic/pi-approval.cast")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ready.LoadProfile("../recordings/agents/generic/pi.learnt.json")
	if err != nil {
		t.Fatal(err)
	}
	drawn := time.Duration(-1)
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && (e.Data == "prompt:question" || e.Data == recordings.MarkQuestion) {
			drawn = e.Time
		}
	}
	if drawn < 0 {
		t.Fatal("pi-approval.cast has no question marker")
	}
	rep, err := recordings.Replay(cast, recordings.WithProfile(p))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	for _, tr := range rep.Run() {
		if at := tr.Time.Sub(rep.Start()); at >= drawn && tr.State != ready.Busy {
			if tr.State != ready.Question || at-drawn > p.Quiet.D()+30*time.Millisecond {
				t.Errorf("after the dialog drawn at %v: %s %v later (%s), want a question within the quiet window %v and the 14 ms to the spinner's first frame, plus slack", drawn, tr.State, at-drawn, tr.Reason, p.Quiet)
			}
			return
		}
	}
	t.Errorf("no decision after the dialog drawn at %v", drawn)
}
