package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/recordings"
)

// The state timeline of every recording is a golden file (what
// `ttyrig replay --events` prints); a change in detection shows up as a
// reviewed diff. `go test ./cmd/ttyrig -run TestReplayEventsGolden -update` rewrites them.
func TestReplayEventsGolden(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	g := goldie.New(t, goldie.WithFixtureDir("../../recordings/testdata/golden"), goldie.WithNameSuffix(".events.jsonl"))
	for _, f := range corpusFiles(t) {
		rep, err := recordings.ReplayFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := writeEvents(&buf, rep.Start(), rep.Run()); err != nil {
			t.Fatal(err)
		}
		rep.Close()
		g.Assert(t, strings.TrimSuffix(filepath.Base(f), ".cast"), buf.Bytes())
	}
}

// corpusFiles lists the recordings whose timelines are golden: the fixture
// corpus and the real agents'.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"../../recordings/testdata/corpus/*.cast", "../../recordings/agents/*.cast"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no recordings in recordings/testdata/corpus")
	}
	return files
}
