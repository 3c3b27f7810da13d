package corpus_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
)

// TestExplain prints truth, inputs and the engine's transitions of the
// recordings named by TTYRIG_EXPLAIN (comma-separated scenario names, or
// paths of .cast files such as a live run's), for reading a score:
// TTYRIG_EXPLAIN=bash go test ./corpus -run Explain -v
func TestExplain(t *testing.T) {
	names := os.Getenv("TTYRIG_EXPLAIN")
	if names == "" {
		t.Skip("set TTYRIG_EXPLAIN=scenario[,scenario] to print a recording's timeline")
	}
	for _, n := range strings.Split(names, ",") {
		path := n
		if !strings.HasSuffix(n, ".cast") {
			path = filepath.Join("testdata", n+".cast")
		}
		cast, err := asciicast.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := corpus.Explain(cast)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s:\n%s", n, s)
	}
}
