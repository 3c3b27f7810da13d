package ready

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

// boxedCursor reads each row's rule once (round 10) and looks for the
// drawn cursor only between the columns both rules span; it finds what
// the plain search did (every cell of every row between two rules, each
// tested with inBox), on every screen of every recording in the
// repository, for every number of rows the drawn cursor's search asks
// about (the bottom of the text, up to the screen's height).
func TestBoxedCursorReadsRulesOnce(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("replays every recording")
	}
	files := repositoryCasts(t)
	if len(files) < 100 {
		t.Fatalf("found %d recordings under the module root, want every one (100 or more)", len(files))
	}
	screens, boxed, differ := 0, 0, 0
	for _, file := range files {
		c, err := asciicast.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s := screen.New(c.Header.Width, c.Header.Height)
		t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for _, ev := range c.Events {
			switch ev.Kind {
			case asciicast.Output:
				s.WriteAt(t0.Add(ev.Time), []byte(ev.Data))
			case asciicast.Resize:
				s.Resize(ev.Cols, ev.Rows)
			default:
				continue
			}
			snap := s.Snapshot()
			_, n := snap.Size()
			screens++
			for _, rows := range []int{newView(snap, false).bottom, n} {
				got, gotOK := boxedCursor(snap, rows)
				want, wantOK := boxedCursorPlain(snap, rows)
				if gotOK {
					boxed++
				}
				if got != want || gotOK != wantOK {
					differ++
					if differ <= 5 {
						t.Errorf("%s at %v, %d rows: boxedCursor = %v %v, the plain search %v %v\n%s", file, ev.Time, rows, got, gotOK, want, wantOK, snap.String())
					}
				}
			}
		}
		s.Close()
	}
	if boxed == 0 {
		t.Errorf("no screen of %d has a cursor drawn in a box: the comparison tested nothing", screens)
	}
	t.Logf("%d recordings, %d screens, %d boxed cursors found, %d differ", len(files), screens, boxed, differ)
}

// boxedCursorPlain is boxedCursor as it was before round 10: two rules
// read per row, and inBox, which reads them again, per candidate cell.
func boxedCursorPlain(s screen.Snapshot, rows int) (screen.Position, bool) {
	cols, _ := s.Size()
	var found screen.Position
	n := 0
	for r := 2; r < rows; r++ {
		if _, _, ok := ruleSpan(s, r-1); !ok {
			continue
		}
		if _, _, ok := ruleSpan(s, r+1); !ok {
			continue
		}
		for c := 1; c <= cols; c++ {
			p := screen.Position{Row: r, Col: c}
			ch := s.Cell(r, c).Content
			if (blockAt(s, p) || ch != "" && strings.Contains(blockGlyphs, ch)) && inBox(s, p) {
				found, n = p, n+1
			}
		}
	}
	return found, n == 1
}

// repositoryCasts lists the recordings in the repository, as everyCast
// (kept_test.go) does for the external tests.
func repositoryCasts(t testing.TB) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || path == filepath.Join("..", "benchmarks", "peers") ||
			path == filepath.Join("..", "corpus", "live") || d.Name() == "failures") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".cast") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
