package ready_test

import (
	"path/filepath"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// The keys typed, shown back, are the program taking them, not a repeat
// frame of an animated row (echo.go). vifm (corpus, round 8): "dd" typed at
// once; vifm read the first "d", showed it as a pending key in its status
// row, erased the message there ("1 directory created", drawn 150 ms
// before) and put its cursor back, 1.6 ms after the keys. The row had
// changed in the turn before, so the change was taken for a repeat frame
// and the full-screen frame was "still for 152ms" at once: ready before
// vifm read the second "d" and drew its "Deletion" window.
//
// vifm-dd-early.cast is the live run that was early (1 in 11), kept raw
// with its strace log; its truth's clock is set on the poll the keys woke
// (strace line 1057, input sent at 0.721135 s: the earliest the program can
// have seen them). vifm-dd-pending-key.cast is a later live run (make
// corpus, its truth as the harness made it) with the same shape, not early
// live with this rule and early in replay without it. No turn may be
// early, and every ready of the truth is followed by one.
func TestTypedKeysShownBackAreNoRepeatFrame(t *testing.T) {
	for _, name := range []string{"vifm-dd-early", "vifm-dd-pending-key"} {
		t.Run(name, func(t *testing.T) {
			cast, err := asciicast.ReadFile(filepath.Join("testdata", name+".cast"))
			if err != nil {
				t.Fatal(err)
			}
			got := readyAfterMarks(t, cast, ready.Generic()) // fails on a ready while truly busy
			if len(got) < 5 {
				t.Fatalf("%d ready markers, want 5 or more", len(got))
			}
			for i, d := range got {
				if d.after < 0 {
					t.Errorf("the truth's ready %d: the engine said no ready after it", i+1)
				}
			}
		})
	}
}
