package ready

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/internal/racesample"
	"github.com/ttyrig/ttyrig/screen"
)

// The window cells kept from one snapshot to the next are the cells read
// afresh, on every frame of the recordings with windows (dialog, whiptail,
// gemini's boxes), rows changing in text or only in colour, and on the
// engine's recordings, where rows scroll (kept by screen.RowRef).
func TestGridCacheReadsAsFresh(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	engine, _ := filepath.Glob("testdata/*.cast")
	if len(engine) < 10 {
		t.Fatalf("found %d recordings in testdata, want the engine's (10 or more)", len(engine))
	}
	engine = racesample.Files(t, engine) // all of them in make equivalence
	for _, file := range append([]string{corpusCast("dialog"), corpusCast("whiptail"), "../recordings/agents/gemini-approval.cast"}, engine...) {
		cast, err := asciicast.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s := screen.New(cast.Header.Width, cast.Header.Height)
		defer s.Close()
		var mm matchMemo
		t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for i, ev := range cast.Events {
			if ev.Kind != asciicast.Output {
				continue
			}
			s.WriteAt(t0.Add(ev.Time), []byte(ev.Data))
			snap := s.Snapshot()
			_, rows := snap.Size()
			lo := max(1, rows-searchRows)
			got, want := mm.cellGrid(snap, lo, rows), newCellGrid(snap, lo, rows)
			if !reflect.DeepEqual(want, got) { // cmp.Diff only to say how: it is slow
				if diff := cmp.Diff(want, got, cmp.AllowUnexported(cellGrid{})); diff != "" {
					t.Fatalf("%s event %d: cached grid differs (-fresh +cached):\n%s", file, i, diff)
				}
			}
			for r := 1; r <= rows; r += 7 { // one row at a time, as buttons are read
				text, bg := mm.gridRowOf(snap, r)
				wantText, wantBg := gridRow(snap, r)
				if reflect.DeepEqual(wantText, text) && reflect.DeepEqual(wantBg, bg) {
					continue
				}
				if diff := cmp.Diff([]any{wantText, wantBg}, []any{text, bg}); diff != "" {
					t.Fatalf("%s event %d row %d: cached row differs (-fresh +cached):\n%s", file, i, r, diff)
				}
			}
		}
	}
}
