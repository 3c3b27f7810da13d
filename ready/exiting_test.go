package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// A program leaving after its last key: ink's menu, Quit chosen, node
// unmounts and exits; the kernel saw it working, then its group gone from
// the session (an Unknown look) 110 ms before the exit was seen, on a
// loaded machine. The menu still on screen is no question: nothing waits
// for an answer. Live (make corpus), the engine called it one 153 ms
// after the key, its work's hold lost to the Unknown look after it.
func TestExitingProgramIsNoQuestion(t *testing.T) {
	cast, err := asciicast.ReadFile("testdata/ink-select-quit.cast")
	if err != nil {
		t.Fatal(err)
	}
	var quit time.Duration
	for _, e := range cast.Events {
		if e.Kind == asciicast.Input {
			quit = e.Time
		}
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	trs := rep.Run()
	for _, tr := range trs {
		if d := tr.Time.Sub(rep.Start()); d > quit && tr.State.Waiting() {
			t.Errorf("%v after the start, %v after the last key: %s (%s), want busy until the exit", d, d-quit, tr.State, tr.Reason)
		}
	}
	if last := trs[len(trs)-1]; last.State != ready.Exited {
		t.Errorf("last transition %s, want exited", last.State)
	}
}
