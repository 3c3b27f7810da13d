package ready_test

import (
	"path/filepath"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// An event loop's work is held only so long (tune.LoopWorkHold) when it
// runs among threads: node's helper threads run on after the final frame,
// while the thread that watches the terminal waits. A program of one
// thread at work, or asleep, is not watching the terminal at all, and
// is held as any program at work is. neomutt (corpus, round 8; live, not
// the committed run): after "y" to "Purge 1 deleted message?" it drew
// "2 kept, 1 deleted" and slept a second in clock_nanosleep; its poll loop
// had made it an event loop, so 400 ms after the change the hold was let
// go and the still frame was ready 150 ms after the key, 850 ms before
// neomutt could read one. Its strace truth has no ready between "y" and
// the "q" the harness typed anyway.
func TestOneThreadAtWorkIsNoLoopsThreads(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "neomutt-purge-sleep.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithProfile(ready.Generic()))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	trs := rep.Run()
	var yes, next = -1.0, -1.0
	for _, e := range cast.Events {
		if e.Kind != asciicast.Input {
			continue
		}
		at := e.Time.Seconds()
		if yes >= 0 {
			next = at
			break
		}
		if e.Data == "y" {
			yes = at
		}
	}
	if yes < 0 || next < 0 {
		t.Fatalf("the recording has no input \"y\" and one after it (found %v, %v)", yes, next)
	}
	for _, tr := range trs {
		at := tr.Time.Sub(rep.Start()).Seconds()
		if at > yes && at < next && tr.State == ready.Ready {
			t.Errorf("ready at %.3fs, %.0f ms after \"y\", while neomutt slept until the \"q\" at %.3fs: %s (%s)",
				at, (at-yes)*1000, next, tr.Reason, tr.By)
		}
	}
}
