package ready

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/internal/racesample"
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
	files = racesample.Files(t, files)
	screens, boxed, differ := 0, 0, 0
	everyScreen(t, files, func(file string, at time.Duration, snap screen.Snapshot) {
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
					t.Errorf("%s at %v, %d rows: boxedCursor = %v %v, the plain search %v %v\n%s", file, at, rows, got, gotOK, want, wantOK, snap.String())
				}
			}
		}
	})
	if boxed == 0 {
		t.Errorf("no screen of %d has a cursor drawn in a box: the comparison tested nothing", screens)
	}
	t.Logf("%d recordings, %d screens, %d boxed cursors found, %d differ", len(files), screens, boxed, differ)
}

// everyScreen replays each recording in files through a screen and calls
// f with the screen after each of its output and resize events.
func everyScreen(t *testing.T, files []string, f func(file string, at time.Duration, snap screen.Snapshot)) {
	t.Helper()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, file := range files {
		c, err := asciicast.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s := screen.New(c.Header.Width, c.Header.Height)
		for _, ev := range c.Events {
			switch ev.Kind {
			case asciicast.Output:
				s.WriteAt(t0.Add(ev.Time), []byte(ev.Data))
			case asciicast.Resize:
				s.Resize(ev.Cols, ev.Rows)
			default:
				continue
			}
			f(file, ev.Time, s.Snapshot())
		}
		s.Close()
	}
}

// The style gates (rowstyles.go) hold on every row of every screen of every
// recording in the repository: a row its styles call plain reads as one
// background, the empty key, in every cell (so nothing stands out on it),
// and reversedRow says what reverseRow says. (The decisions' test,
// TestStyleGatesChangeNoDecision, cannot see the second: no recording's
// decision turns on a reverse-video mark a selection list's other marks
// do not also give.)
func TestStyleGatesHoldOnEveryRow(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("replays every recording")
	}
	files := racesample.Files(t, repositoryCasts(t))
	rows, plain, reversed, differ := 0, 0, 0, 0
	type read struct { // a row's cells at a width: each is checked once
		ref  screen.RowRef
		cols int
	}
	seen, last := map[read]bool{}, ""
	everyScreen(t, files, func(file string, at time.Duration, snap screen.Snapshot) {
		if file != last {
			clear(seen)
			last = file
		}
		v := newView(snap, false)
		cols, n := snap.Size()
		for r := 0; r <= n+1; r++ {
			if k := (read{snap.RowRef(r), cols}); seen[k] {
				continue
			} else {
				seen[k] = true
			}
			rows++
			text, bg := gridRowCellByCell(snap, r)
			if gotText, gotBg := gridRow(snap, r); !slices.Equal(gotText, text) || !slices.Equal(gotBg, bg) {
				differ++
				t.Errorf("%s at %v, row %d: gridRow reads %q on %q, cell by cell %q on %q", file, at, r, string(gotText), gotBg, string(text), bg)
			}
			if v.plainRows(r, r) {
				plain++
				for c, k := range bg {
					if k != "" {
						differ++
						t.Errorf("%s at %v, row %d: plain by its styles, but column %d is on %q", file, at, r, c, k)
						break
					}
				}
			}
			if got, want := v.reversedRow(r), reverseRow(snap, r); got != want {
				differ++
				t.Errorf("%s at %v, row %d: reversedRow = %v, reverseRow %v", file, at, r, got, want)
			} else if want {
				reversed++
			}
			if differ > 5 {
				t.FailNow()
			}
		}
	})
	if plain == rows || reversed == 0 {
		t.Errorf("%d rows, %d plain, %d reversed: the comparison needs rows of each kind", rows, plain, reversed)
	}
	t.Logf("%d recordings, %d rows (each row's cells once), %d plain by their styles, %d reversed", len(files), rows, plain, reversed)
}

// gridRowCellByCell is gridRow as it was before round 10's second pass:
// every cell's background keyed, a plain row's too.
func gridRowCellByCell(s screen.Snapshot, r int) (text []rune, bg []string) {
	cols, _ := s.Size()
	text, bg = make([]rune, cols+2), make([]string, cols+2)
	text[0], text[cols+1] = ' ', ' '
	for c := 1; c <= cols; c++ {
		cell := s.Cell(r, c)
		text[c] = ' '
		if ch, _ := utf8.DecodeRuneInString(cell.Content); cell.Content != "" && cell.Width == 1 {
			text[c] = ch
		}
		bg[c] = colorKey(cell.Bg)
		if cell.Reverse {
			bg[c] = "reverse"
		}
	}
	return text, bg
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

// repositoryCasts lists the recordings in the repository, as
// BenchmarkReplayCorpus (recordings) replays them; the external tests
// have it as RepositoryCasts (export_test.go).
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
