package recordings_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// stepAll is every transition Step hands out, with its screen's text.
func stepAll(rep *recordings.Replayer) (trs []ready.Transition, texts []string) {
	for {
		tr, snap, ok := rep.Step()
		if !ok {
			return trs, texts
		}
		trs, texts = append(trs, tr), append(texts, snap.Text())
	}
}

// Run keeps no screen per transition, so a Step after Run or At replays
// to there to take them: what it hands out is what Step alone hands out,
// screens included, over every recording of the corpus.
func TestStepAfterRunOrAtSeesWhatStepAloneSees(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/corpus/*.cast")
	more, _ := filepath.Glob("agents/*.cast")
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no recordings")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			open := func() *recordings.Replayer {
				rep, err := recordings.ReplayFile(f)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = rep.Close() })
				return rep
			}
			wantTrs, wantTexts := stepAll(open())
			if len(wantTrs) == 0 {
				t.Fatal("no transitions")
			}

			rep := open()
			if d := cmp.Diff(wantTrs, rep.Run()); d != "" {
				t.Fatalf("Run's timeline differs from Step's (-step +run):\n%s", d)
			}
			trs, texts := stepAll(rep)
			if d := cmp.Diff(wantTrs, trs); d != "" {
				t.Errorf("Step after Run (-step alone +after Run):\n%s", d)
			}
			if d := cmp.Diff(wantTexts, texts); d != "" {
				t.Errorf("screens of Step after Run (-step alone +after Run):\n%s", d)
			}

			// Half the transitions stepped, then At moves on; Step goes on
			// from the next one.
			rep = open()
			half := len(wantTrs) / 2
			for range half {
				rep.Step()
			}
			rep.At(wantTrs[len(wantTrs)-1].Time.Sub(rep.Start()) + time.Millisecond)
			trs, texts = stepAll(rep)
			if d := cmp.Diff(wantTrs[half:], trs); d != "" {
				t.Errorf("Step after Step and At (-step alone +after At):\n%s", d)
			}
			if d := cmp.Diff(wantTexts[half:], texts); d != "" {
				t.Errorf("screens of Step after Step and At (-step alone +after At):\n%s", d)
			}
		})
	}
}
