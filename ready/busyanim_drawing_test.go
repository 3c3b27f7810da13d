package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// WeeChat (corpus round 10's first recording, its truth from strace):
// "/help exec" answered with an error, whose prefix widened WeeChat's
// prefix column and wrapped the lines above; a wrapped row read
// "             | b", taken for an ASCII spinner and its label, and the
// engine held the turn busy for 5 s (tune.BusyStall). The separator is a
// gutter: the rows above and below have it in the same column after text.
func TestGutterIsNoSpinner(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "weechat-help-rewrapped.cast"))
	if err != nil {
		t.Fatal(err)
	}
	got := readyAfterMarks(t, cast, ready.Generic()) // fails on a ready while truly busy
	const enterTurn = 2                              // the ready after Enter on "/help exec" (truth at +1.223 s)
	if len(got) <= enterTurn {
		t.Fatalf("%d ready markers, want more than %d", len(got), enterTurn)
	}
	if d := got[enterTurn]; d.after < 0 || d.after > 300*time.Millisecond {
		t.Errorf("the turn after the error: ready %v after the truth (by %s), want within 300ms", d.after, d.by)
	}
}

// btop (corpus round 10's first recording) repaints its CPU and network
// graphs every 2 s, braille cells growing a dot or two: read as a spinner
// on the alternate screen, it held every turn busy until the harness gave
// up (6 s). Its graphs are drawings; the monitor waits for keys. The
// recording's truth (every thread: the last write before the input) cannot
// judge a monitor's start-up, so this checks what it can: a waiting state
// before the first key, after the first frame.
func TestGraphIsNoSpinner(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "btop-graph.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithProfile(ready.Generic()))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var firstInput time.Duration = -1
	for _, e := range cast.Events {
		if e.Kind == asciicast.Input {
			firstInput = e.Time
			break
		}
	}
	if firstInput < 0 {
		t.Fatal("no input in the recording")
	}
	var waited time.Duration = -1
	for _, tr := range rep.Run() {
		if at := tr.Time.Sub(rep.Start()); tr.State.Waiting() && at < firstInput {
			waited = at
			break
		}
	}
	if waited < time.Second {
		t.Errorf("first waiting state at %v, want one between 1 s (the first frame is drawn) and the first key at %v", waited, firstInput)
	}
}
