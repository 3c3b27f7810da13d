package ready

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

// eachCorpusTurn calls f with every turn of the corpus's recordings whose
// truth is not a question: the scenario's name, the truth's kind ("" for
// plain ready, "password", …; "prompt:question:N" counts as a question) and
// the frame just before the turn's input (a minute after the mark if none
// came). The "nowhere else" tests of the question shapes read these.
func eachCorpusTurn(t *testing.T, f func(name, kind string, at time.Duration, s screen.Snapshot)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "corpus", "testdata", "*.cast"))
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus recordings: %v (%d found)", err, len(files))
	}
	for _, file := range files {
		cast, err := asciicast.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, ev := range cast.Events {
			if ev.Kind != asciicast.Marker || ev.Data != "ready" {
				continue
			}
			kind, at := "", ev.Time+time.Minute
			for _, n := range cast.Events[i+1:] {
				if n.Time == ev.Time && strings.HasPrefix(n.Data, "prompt:") {
					kind, _, _ = strings.Cut(strings.TrimPrefix(n.Data, "prompt:"), ":")
				}
				if n.Kind == asciicast.Input {
					at = n.Time - 1
					break
				}
			}
			if kind == "question" {
				continue
			}
			f(strings.TrimSuffix(filepath.Base(file), ".cast"), kind, at, frameAt(t, file, at))
		}
	}
}
