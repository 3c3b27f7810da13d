package ready

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

// The lone reverse-video cells a view reads from the view before, for the
// rows that did not change, are the ones it would find cell by cell: on
// every frame of the recordings, for every row, and so is the drawn cursor
// found from them.
func TestLoneCellsCarriedAsFound(t *testing.T) {
	var files []string
	for _, pat := range []string{"testdata/*.cast", "../corpus/testdata/*.cast"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("found %d recordings, want the corpus (20 or more)", len(files))
	}
	frames, carried := 0, 0
	for _, f := range files {
		c, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := screen.New(c.Header.Width, c.Header.Height)
		var lone *loneCells
		for i, e := range c.Events {
			switch e.Kind {
			case asciicast.Output:
				s.WriteAt(time.Unix(0, 0).Add(e.Time), []byte(e.Data))
			case asciicast.Resize:
				s.Resize(e.Cols, e.Rows)
			default:
				continue
			}
			snap := s.Snapshot()
			cols, n := snap.Size()
			// Far from the cursor: no block at it, so every row is read.
			at := screen.Position{Row: 1, Col: cols + 5}
			before := lone
			p, ok, after := drawnCursorAfter(snap, at, n, before)
			wp, wok := drawnCursor(snap, at, n)
			if p != wp || ok != wok {
				t.Fatalf("%s event %d: drawn cursor %v %v carried, %v %v read afresh", f, i, p, ok, wp, wok)
			}
			for r := 1; r <= n; r++ {
				if got, want := after.rows[r-1], loneIn(snap, r, cols); got != want {
					t.Fatalf("%s event %d row %d: lone cells %+v carried, %+v read afresh", f, i, r, got, want)
				}
				if before != nil && len(before.rows) == n && before.rows[r-1].known && snap.SameRow(before.snap, r) {
					carried++
				}
			}
			frames++
			lone = after
		}
		_ = s.Close()
	}
	if carried == 0 {
		t.Fatalf("no row carried over %d frames: the test tests nothing", frames)
	}
	t.Logf("%d frames, %d rows carried", frames, carried)
}
