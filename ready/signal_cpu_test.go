package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// bpython (curtsies) loads its completion index for seconds after its
// prompt is drawn (under strace, on a loaded machine), polling the
// terminal with a zero timeout between chunks of work: every look says
// watching, the prompt `>>>` is still, and keys typed then complete
// against half an index. Its group burns a core (kernel.View.CPU): not
// ready until the work ends, which its truth (strace: the first wait on
// the terminal that waits) marks. Without the rule (CPUBusy out of
// reach) the same recording is ready before that: early.
func TestCPUHoldsALoopThatBurns(t *testing.T) {
	end := firstTruthReady(t, "bpython")
	first := func() (time.Duration, string) {
		trs, at, timeline := replayCorpus(t, "bpython")
		for i, tr := range trs {
			if tr.State.Waiting() {
				return at[i], timeline
			}
		}
		t.Fatalf("bpython: never ready\n%s", timeline)
		return 0, ""
	}
	at, timeline := first()
	if at < end {
		t.Errorf("bpython ready at %v, before its start-up work ended at %v\n%s", at, end, timeline)
	}
	if at > end+500*time.Millisecond {
		t.Errorf("bpython ready at %v, more than 500 ms after its start-up work ended at %v\n%s", at, end, timeline)
	}
	old := ready.SetTuning("CPUBusy", 1<<40)
	without, timeline := first()
	ready.SetTuning("CPUBusy", old)
	t.Logf("bpython: start-up work ends at %v (truth); ready at %v, without the CPU rule at %v", end, at, without)
	if without >= end {
		t.Errorf("without the CPU rule bpython is ready at %v, not before its work ended at %v: the recording no longer shows the rule's case\n%s", without, end, timeline)
	}
}

// firstTruthReady returns when the recording's ground truth first says
// ready.
func firstTruthReady(t *testing.T, name string) time.Duration {
	t.Helper()
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", name+".cast"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && strings.TrimSpace(e.Data) == "ready" {
			return e.Time
		}
	}
	t.Fatalf("%s: no ready marker in its recording", name)
	return 0
}
