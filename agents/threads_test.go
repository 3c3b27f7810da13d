package agents_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
)

// runsOnAfter is how long the kernel's view must go on saying Working after
// a true ready moment for the turn to count as one whose threads run on.
const runsOnAfter = time.Second

// TestOthersThreadsRunningOnDoNotVeto checks, on the others' recordings
// replayed with the generic profile, the turns after start-up after whose
// final frame the agent's threads ran on (the recorded kernel view says
// Working from the true ready moment for a second or more: the main
// thread beside V8's helper threads and a child process; issue 20, class
// 6): each is decided by a screen signal while the kernel still says
// Working, not held until the threads stop (before, one was missed and
// the others decided 1-4 s late). There must be such turns, or the test
// says nothing.
func TestOthersThreadsRunningOnDoNotVeto(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(othersDir, "*.cast"))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, f := range files {
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range decisions(t, f) {
			if i == 0 {
				// Start-up: the group was not seen in an event loop yet,
				// and its work keeps the long hold (KernelHold).
				continue
			}
			end, ok := workingThrough(t, cast, d.at)
			if !ok || end-d.at < runsOnAfter {
				continue
			}
			found++
			line := fmt.Sprintf("%s at %v: kernel Working until %v; by %q after %v: %s", filepath.Base(f), d.at.Round(time.Millisecond), end.Round(time.Millisecond), d.by, d.latency.Round(time.Millisecond), d.reason)
			t.Log(line)
			switch {
			case d.by == "":
				t.Errorf("missed: %s", line)
			case d.by == "kernel" || d.by == "silence":
				t.Errorf("not decided by a screen signal: %s", line)
			case d.at+d.latency >= end:
				t.Errorf("decided only once the threads stopped: %s", line)
			}
		}
	}
	if found == 0 {
		t.Fatalf("no turn in %s whose threads run on after the final frame", othersDir)
	}
}

// workingThrough returns when the kernel's view in force at time at (the
// last one recorded before it, Unknown looks skipped) stopped saying
// Working; false when it did not say Working then.
func workingThrough(t *testing.T, cast *asciicast.Cast, at time.Duration) (time.Duration, bool) {
	t.Helper()
	working := false
	for _, e := range cast.Events {
		if e.Kind != asciicast.Kernel {
			continue
		}
		v, err := kernel.ParseView(e.Data)
		if err != nil {
			t.Fatalf("kernel event at %v: %v", e.Time, err)
		}
		if v.Wait == kernel.Unknown {
			continue
		}
		if e.Time <= at {
			working = v.Wait == kernel.Working
			continue
		}
		if !working {
			return 0, false
		}
		if v.Wait != kernel.Working {
			return e.Time, true
		}
	}
	if working {
		return cast.Duration(), true
	}
	return 0, false
}
