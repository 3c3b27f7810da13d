package ready

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

// The question memo gives, on every screen of the engine's recordings,
// what a search of that screen finds, and it is asked: screens repeat.
func TestQuestionMemoFindsWhatASearchFinds(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.cast")
	if len(files) < 10 {
		t.Fatalf("found %d recordings in testdata, want the engine's (10 or more)", len(files))
	}
	hits, asked := 0, 0
	for _, f := range files {
		c, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := screen.New(c.Header.Width, c.Header.Height)
		var mm matchMemo
		var old *view
		for i, e := range c.Events {
			if e.Kind != asciicast.Output {
				continue
			}
			s.WriteAt(time.Unix(0, 0).Add(e.Time), []byte(e.Data))
			snap := s.Snapshot()
			v := newViewAfter(snap, true, old)
			v.memo = &mm
			_, _, known := mm.questions.lookup(v)
			got := v.prompt()
			want, wantLabel := findQuestion(newViewAfter(snap, true, old))
			asked++
			if known {
				hits++
			}
			if !reflect.DeepEqual(got, want) || v.labelOnly != (wantLabel && want != nil) {
				t.Fatalf("%s: event %d: the memo gave %v (label only %v), a search finds %v (%v)", f, i+1, got, v.labelOnly, want, wantLabel)
			}
			if got != nil {
				got.Kind = "changed by its reader" // the memo's copy must not be the reader's
			}
			old = v
		}
		_ = s.Close()
	}
	if hits == 0 {
		t.Fatalf("the memo knew none of %d screens: it is never asked", asked)
	}
	t.Logf("%d of %d screens known to the memo", hits, asked)
}
