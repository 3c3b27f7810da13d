package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// A key's first output is the start of its reaction, not a ready of its
// own. WeeChat's /fset at a load of 21 (corpus testdata/load): a Down
// arrow at +2.943 s, weechat running at the next look, its first write at
// +2.945238 rewrote the position counter ("1/9" to "2/9", a row it had
// repainted in the turn before: a repeat frame) and the list came 0.2 ms
// later. The full-screen frame's stillness, counted from before the key,
// called it ready on the counter.
func TestReactionStartingWithARepeatFrameIsNoReady(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", "load", "weechat-fset.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithProfile(ready.Generic()))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	const key, list = 2943074 * time.Microsecond, 2945442 * time.Microsecond
	held := false
	for _, tr := range rep.Run() {
		at := tr.Time.Sub(rep.Start())
		if at > key && at < list && tr.State.Waiting() {
			t.Errorf("%s at %v, after the Down arrow at %v and before its list at %v: %s (by %s)", tr.State, at, key, list, tr.Reason, tr.By)
		}
		if at >= key && at < list && tr.State == ready.Busy {
			held = true
		}
	}
	if !held {
		t.Errorf("no busy transition at the Down arrow (%v)", key)
	}
}

// The kernel's look may vouch for the reaction instead: visidata (round 10)
// moved its cursor down a row on "j", a repeat frame of rows it had
// repainted before, and the look before that write found it back in its
// poll of the terminal, the input read and the redraw pending. What it
// wrote then was all: ready 3 ms after the truth, not a quiet window later
// (the harness typed the next key 0.2 ms after the engine's ready).
func TestReactionStartVouchedByTheKernel(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "visidata-round10.cast"))
	if err != nil {
		t.Fatal(err)
	}
	got := readyAfterMarks(t, cast, ready.Generic()) // fails on a ready while truly busy
	const jTurn = 1                                  // the ready after "j" (truth at +3.408 s)
	if len(got) <= jTurn {
		t.Fatalf("%d ready markers, want more than %d", len(got), jTurn)
	}
	if d := got[jTurn]; d.after < 0 || d.after > 20*time.Millisecond {
		t.Errorf("the turn after \"j\": ready %v after the truth (by %s), want within 20ms", d.after, d.by)
	}
}
