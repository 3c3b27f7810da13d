package ready_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/internal/racesample"
	"github.com/ttyrig/ttyrig/ready"
)

// Keeping the steady signals' abstentions (kept.go) changes no decision:
// every recording in the repository, fed to an engine that keeps them and
// to one that asks every signal at every evaluation, gives the same
// transitions at the same times, and after every event and tick the same
// status (state, signal, reason) and the same deadline. A kept abstention
// that went stale would show here as a step where the two differ.
func TestKeptVotesChangeNoDecision(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	if testing.Short() {
		t.Skip("replays every recording twice")
	}
	files := ready.RepositoryCasts(t)
	if len(files) < 100 {
		t.Fatalf("found %d recordings under the module root, want every one (100 or more)", len(files))
	}
	files = racesample.Files(t, files)
	steps := 0
	for _, r := range tapFiles(t, files) {
		kept, asked := defaultTrace(t, r), trace(t, r, ready.WithoutKeptVotes())
		steps += len(asked)
		if len(kept) != len(asked) {
			t.Errorf("%s: %d steps keeping votes, %d asking every signal", r.name, len(kept), len(asked))
		}
		for i := range min(len(kept), len(asked)) {
			if kept[i] != asked[i] {
				t.Errorf("%s: step %d differs\n  asking every signal: %s\n  keeping votes:       %s", r.name, i, asked[i], kept[i])
				break
			}
		}
	}
	t.Logf("%d recordings, %d steps compared", len(files), steps)
}

// defaultTraces keeps each recording's trace through a default engine,
// by file: the equivalence tests (here and caches_test.go) each compare it
// with a trace that has one shortcut turned off, and the default engine is
// deterministic, so it is fed each recording once for all of them (under
// -race on a loaded machine, a pass over every recording takes minutes).
var defaultTraces sync.Map // file → []string

// defaultTrace is trace(t, r), fed once per test binary.
func defaultTrace(t *testing.T, r tapped) []string {
	t.Helper()
	if tr, ok := defaultTraces.Load(r.name); ok {
		return tr.([]string)
	}
	tr := trace(t, r)
	defaultTraces.Store(r.name, tr)
	return tr
}

// trace feeds r to a fresh engine made with opts and returns, for every
// event and tick, what it was fed and the engine's status and deadline
// after it, then its timeline.
func trace(t *testing.T, r tapped, opts ...ready.Option) []string {
	var out []string
	tl := feedWatched(t, r, func(e *ready.Engine, ev *ready.Event, now time.Time) {
		what := "tick"
		if ev != nil {
			what = ev.Kind.String()
		}
		st := e.Status()
		dl, ok := e.Deadline()
		out = append(out, fmt.Sprintf("%s at %v: %s by %s (%s) %q; deadline %v %v",
			what, now.Sub(r.start), st.State, st.By, st.Signal, st.Reason, dl.Sub(r.start), ok))
	}, opts...)
	for _, tr := range tl {
		out = append(out, fmt.Sprintf("transition at %v: %s by %s (%s) %q at %s, prompt %+v",
			tr.Time.Sub(r.start), tr.State, tr.By, tr.Signal, tr.Reason, tr.Cursor, tr.Prompt))
	}
	return out
}
