package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// replayCorpus replays a corpus recording with the generic profile and
// returns its transitions, with their offsets from the start, and the
// timeline written out for failure messages.
func replayCorpus(t *testing.T, name string) (trs []ready.Transition, at []time.Duration, timeline string) {
	t.Helper()
	return replayCast(t, filepath.Join("..", "corpus", "testdata", name+".cast"))
}

// replayCast is replayCorpus for the recording at path.
func replayCast(t *testing.T, path string) (trs []ready.Transition, at []time.Duration, timeline string) {
	t.Helper()
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var b strings.Builder
	for _, tr := range rep.Run() {
		d := tr.Time.Sub(rep.Start())
		b.WriteString("  " + d.String() + " " + string(tr.State) + " " + tr.Reason + "\n")
		trs, at = append(trs, tr), append(at, d)
	}
	return trs, at, b.String()
}
