package agents_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// quietWindow is the generic profile's quiet window.
var quietWindow = ready.Generic().Quiet.D()

// TestOthersBusySignsGoneEndTheLoopHold checks, on the others' recordings
// replayed with the generic profile, the turns after start-up decided while
// the recorded kernel view still says Working (node's threads running on
// after the final frame, 0.1-0.5 s here): the agent took its busy signs (a
// spinner, a status line, the title's spinner) off the screen, so the
// event loop's work holds ready back only the quiet window after the last
// output, not tune.LoopWorkHold (400 ms; ready/signal_kernel_shown.go).
// Each must be decided by a screen signal within the quiet window and a
// frame's margin of the last output. There must be such turns in every
// agent the rule concerns, or the test says nothing.
func TestOthersBusySignsGoneEndTheLoopHold(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(othersDir, "*.cast"))
	if err != nil {
		t.Fatal(err)
	}
	const margin = 20 * time.Millisecond // the replay's ticks and a look's lag
	found := map[string]int{}
	for _, f := range files {
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range decisions(t, f) {
			if i == 0 || d.by == "" {
				continue // start-up keeps the long hold; a miss is TestOthersReplay's
			}
			at := d.at + d.latency
			if _, working := workingThrough(t, cast, at); !working {
				continue
			}
			last := lastOutput(cast, at)
			line := fmt.Sprintf("%s at %v: decided %v after the last output, the kernel still saying Working, by %q: %s",
				filepath.Base(f), d.at.Round(time.Millisecond), (at - last).Round(time.Millisecond), d.by, d.reason)
			t.Log(line)
			switch {
			case d.by == "kernel" || d.by == "silence":
				t.Errorf("not decided by a screen signal: %s", line)
			case at-last > quietWindow+margin:
				t.Errorf("held past the quiet window: %s", line)
			}
			rt, _, _ := strings.Cut(filepath.Base(f), "-")
			found[rt]++
		}
	}
	// opencode's recordings of round 7 had such turns; re-recorded with its
	// window unfocused, on a machine less loaded (start-up 4-7 s, not 13 s),
	// its threads are done before any decision.
	for _, rt := range []string{"qwen", "continue"} {
		if found[rt] == 0 {
			t.Errorf("%s: no turn decided while its threads run on after the final frame", rt)
		}
	}
}

// lastOutput returns the time of the last output event at or before at.
func lastOutput(cast *asciicast.Cast, at time.Duration) time.Duration {
	var last time.Duration
	for _, e := range cast.Events {
		if e.Time > at {
			break
		}
		if e.Kind == asciicast.Output {
			last = e.Time
		}
	}
	return last
}
