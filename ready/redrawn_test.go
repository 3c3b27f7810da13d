package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// A window erased and drawn the same again every 100 ms, in writes read
// apart, shows nothing new: the silence fallback comes the silence window
// after it was drawn, not never. visidata's overwrite confirm in a live
// corpus run (round 11, machine loaded): Enter at +3.047 s, the window
// drawn whole at +3.056 s and redrawn so until the harness gave up and
// typed y at +9.048 s; every quiet window restarted at each redraw.
func TestRedrawnTheSameIsSilence(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "visidata-confirm-redrawn.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithProfile(ready.Generic()))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	const enter, drawn, typed = 3046659 * time.Microsecond, 3056415 * time.Microsecond, 9048278 * time.Microsecond
	silence := ready.Generic().Silence.D()
	for _, tr := range rep.Run() {
		at := tr.Time.Sub(rep.Start())
		if at <= enter || !tr.State.Waiting() {
			continue
		}
		if at < drawn {
			t.Fatalf("%s at %v, before the window was drawn at %v: %s", tr.State, at, drawn, tr.Reason)
		}
		if at > drawn+silence+50*time.Millisecond || at >= typed {
			t.Fatalf("first %s at %v (%s), want within the silence window (%v) of the window drawn at %v", tr.State, at, tr.Reason, silence, drawn)
		}
		if tr.State != ready.Question {
			t.Errorf("%s at %v, want the confirm as a question", tr.State, at)
		}
		return
	}
	t.Fatal("never ready after the Enter")
}
