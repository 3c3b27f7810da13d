package ready_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/benchmarks/pairs"
	"github.com/ttyrig/ttyrig/internal/racesample"
	"github.com/ttyrig/ttyrig/ready"
)

// Keeping the patterns' answers per row (rowanswers.go) changes no
// decision: every recording in the repository, fed to an engine whose
// views keep them and to one whose views ask the memo for every pattern
// (the plain path, as before they were kept), gives the same status and
// deadline after every event and tick and the same transitions, as
// TestKeptVotesChangeNoDecision compares them. An answer carried to a row
// that changed, or given for a text that is not the row's, would show here
// as a step where the two differ.
func TestRowAnswersChangeNoDecision(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	if testing.Short() {
		t.Skip("replays every recording twice")
	}
	sameDecisions(t, ready.WithoutRowAnswers())
}

// Keeping the questions found on the last screens searched
// (question_recent.go) changes no decision, as above. A search answered
// for a screen that differs from the one it was made on would show here.
func TestQuestionMemoChangesNoDecision(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("replays every recording twice")
	}
	sameDecisions(t, ready.WithoutQuestionMemo())
}

// Looking for a row that could name a permission before searching a
// spinner's frame for a permission question (view.mayAskPermission)
// changes no decision, as above. A permission question whose text is no
// part of one row would show here.
func TestPermitCheckChangesNoDecision(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("replays every recording twice")
	}
	sameDecisions(t, ready.WithoutPermitCheck())
}

// Telling rows plain by their styles before reading their cells
// (rowstyles.go) changes no decision, as above. A row skipped that a shape
// would have found something on would show here.
func TestStyleGatesChangeNoDecision(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("replays every recording twice")
	}
	sameDecisions(t, ready.WithoutStyleGates())
}

// sameDecisions replays every recording in the repository through a
// default engine and one made with plain (options that turn a cache off),
// and fails at the first step of each recording where the two differ.
func sameDecisions(t *testing.T, plain ...ready.Option) {
	t.Helper()
	files := ready.RepositoryCasts(t)
	if len(files) < 100 {
		t.Fatalf("found %d recordings under the module root, want every one (100 or more)", len(files))
	}
	files = racesample.Files(t, files)
	steps, differ := 0, 0
	for _, r := range tapFiles(t, files) {
		cached, asked := defaultTrace(t, r), trace(t, r, plain...)
		steps += len(asked)
		if len(cached) != len(asked) {
			t.Errorf("%s: %d steps with the cache, %d on the plain path", r.name, len(cached), len(asked))
			differ++
			continue
		}
		for i := range asked {
			if cached[i] != asked[i] {
				t.Errorf("%s: step %d differs\n  plain path: %s\n  cached:     %s", r.name, i, asked[i], cached[i])
				differ++
				break
			}
		}
	}
	t.Logf("%d recordings, %d steps compared, %d recordings differ", len(files), steps, differ)
}

// BenchmarkEngineCaches times the engine alone over every recording in the
// repository (the events their replays fed it, screens made beforehand,
// ticked at its deadlines) with the round 9 caches (rows' answers, recent
// questions, the permission check) and on the plain path, in interleaved
// pairs in one process: a shared machine's load falls on both sides alike.
//
//	go test -run '^$' -bench EngineCaches -benchtime 1x ./ready
func BenchmarkEngineCaches(b *testing.B) {
	rs := tapFiles(b, ready.RepositoryCasts(b))
	pass := func(opts ...ready.Option) func() float64 {
		return func() float64 {
			t0 := time.Now()
			for _, r := range rs {
				feed(b, r, opts...)
			}
			return pairs.Ms(time.Since(t0))
		}
	}
	r := pairs.Compare(pairs.Count(15), pass(), pass(ready.WithoutRowAnswers(), ready.WithoutQuestionMemo(), ready.WithoutPermitCheck()))
	pairs.Comparison{
		Name: fmt.Sprintf("engine alone, all %d recordings, with round 9's caches vs the plain path", len(rs)),
		A:    "cached", B: "plain", Unit: "ms",
	}.Report(b, r)
}

// BenchmarkEngineStyleGates times the engine alone over every recording in
// the repository, as BenchmarkEngineCaches does, with the style gates of
// round 10 (rowstyles.go) and without them, in interleaved pairs in one
// process.
//
//	go test -run '^$' -bench EngineStyleGates -benchtime 1x ./ready
func BenchmarkEngineStyleGates(b *testing.B) {
	rs := tapFiles(b, ready.RepositoryCasts(b))
	pass := func(opts ...ready.Option) func() float64 {
		return func() float64 {
			t0 := time.Now()
			for _, r := range rs {
				feed(b, r, opts...)
			}
			return pairs.Ms(time.Since(t0))
		}
	}
	r := pairs.Compare(pairs.Count(15), pass(), pass(ready.WithoutStyleGates()))
	pairs.Comparison{
		Name: fmt.Sprintf("engine alone, all %d recordings, with round 10's style gates vs without", len(rs)),
		A:    "gated", B: "plain", Unit: "ms",
	}.Report(b, r)
}
