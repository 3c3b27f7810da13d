package ready_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/internal/racesample"
	"github.com/ttyrig/ttyrig/ready"
)

// newsboat, live at load 15 (corpus scenario newsboat, round 11): `R`
// reloads an `exec:` feed whose command runs a second; newsboat's reload
// thread draws the feed when the command's processes are done, and its
// main thread waits on the terminal throughout. In this run the feed was
// drawn 42 ms after the next key, which the engine had sent on its ready
// at the `Loading…` line. The truth is of every thread (corpus
// strace_tasks.go): the key found newsboat still at work, and the `R`
// turn had no ready. The recording is the run's, its truth re-derived from
// the run's kept strace log with that rule (TestStraceKept: the one mark
// that differs, the `R` turn's ready at +2 ms, removed). Holding while the
// processes the input started run (signal_children.go) makes it right.
func TestChildrenOfTheInputAreItsWork(t *testing.T) {
	const file = "testdata/newsboat-reload-drawn-late.cast"
	cast, err := asciicast.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r := tapFiles(t, []string{file})[0]
	judge := func(opts ...ready.Option) (bad []string) {
		for _, o := range judgeTurns(feed(t, r, opts...), r.start, cast) {
			if o.what == "premature" || o.what == "missed" {
				bad = append(bad, o.turn+" "+o.what)
			}
		}
		return bad
	}
	if bad := judge(); len(bad) > 0 {
		t.Errorf("with the children signal: %v, want every turn right", bad)
	}
	if bad := judge(ready.WithoutChildren()); len(bad) == 0 {
		t.Errorf("without the children signal every turn is right too: the recording no longer shows the reload")
	}
	// Its grace moved by ±25 % (the sweep's step) leaves every turn right.
	for _, k := range []float64{0.75, 1.25} {
		def := ready.SetTuning("ChildrenGrace", 0)
		ready.SetTuning("ChildrenGrace", time.Duration(float64(def)*k))
		bad := judge()
		ready.SetTuning("ChildrenGrace", def)
		if len(bad) > 0 {
			t.Errorf("ChildrenGrace ×%.2f: %v", k, bad)
		}
	}
}

// The children signal on every recording in the repository: where it
// changes a decision, no turn judged by the recording's truth becomes
// early or missed. The recordings where it moves a decision are logged.
func TestChildrenOnEveryRecording(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("replays every recording twice")
	}
	files := racesample.Files(t, ready.RepositoryCasts(t))
	var moved []string
	for _, r := range tapFiles(t, files) {
		with, without := feed(t, r), feed(t, r, ready.WithoutChildren())
		if sameTimeline(with, without) {
			continue
		}
		cast, err := asciicast.ReadFile(r.name)
		if err != nil {
			t.Fatal(err)
		}
		turns, before := judgeTurns(with, r.start, cast), judgeTurns(without, r.start, cast)
		var changed []string
		for i, o := range turns {
			if i >= len(before) || before[i].what == o.what {
				continue
			}
			changed = append(changed, fmt.Sprintf("%s %q→%q", o.turn, before[i].what, o.what))
			if o.what == "premature" || o.what == "missed" {
				t.Errorf("%s: %s %s with the signal (%q without)", r.name, o.turn, o.what, before[i].what)
			}
		}
		moved = append(moved, fmt.Sprintf("%s (%d transitions without, %d with; %s)", r.name, len(without), len(with), strings.Join(changed, ", ")))
	}
	t.Logf("%d recordings, %d where the signal moves a decision:\n%s", len(files), len(moved), strings.Join(moved, "\n"))
}
