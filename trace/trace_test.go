package trace

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
)

// recordingsUnderTest are fixture and real-agent recordings: alternate
// screens, synchronized updates, resizes, questions, exits.
func recordingsUnderTest(t *testing.T) []string {
	t.Helper()
	var paths []string
	for _, glob := range []string{"../recordings/testdata/corpus/*.cast", "../recordings/agents/*.cast", "../asciicast/testdata/asciinema-v*.cast"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	if len(paths) < 10 {
		t.Fatalf("found only %d recordings", len(paths))
	}
	return paths
}

// The page's screens are the replay's: at each decision the screen
// Transitions gave, and at every event's time the screen At gives.
func TestPageScreensAreTheReplays(t *testing.T) {
	t.Parallel() // CPU-bound, one recording a subtest: make test's longest in this package
	for _, path := range recordingsUnderTest(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			cast, err := asciicast.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			d, err := build(cast, config{})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := recordings.Replay(cast)
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			i := 0
			for tr, snap := range rep.Transitions() {
				if i >= len(d.Transitions) {
					t.Fatalf("page has %d decisions, the replay more", len(d.Transitions))
				}
				got := d.Transitions[i]
				if got.State != string(tr.State) || got.Reason != tr.Reason || got.T != tr.Time.Sub(rep.Start()).Microseconds() {
					t.Errorf("decision %d: page %s %q at %dµs, replay %s", i+1, got.State, got.Reason, got.T, tr)
				}
				checkFrame(t, d, got.Frame, snap, "decision", nil)
				i++
			}
			if i != len(d.Transitions) {
				t.Errorf("page has %d decisions, replay %d", len(d.Transitions), i)
			}

			at, err := recordings.Replay(cast)
			if err != nil {
				t.Fatal(err)
			}
			defer at.Close()
			var times []time.Duration
			for _, e := range cast.Events {
				times = append(times, e.Time, e.Time+time.Millisecond/2)
			}
			// In order: At going back replays from the start, and events
			// closer than half a millisecond (codex-long-session has
			// hundreds) made this quadratic.
			slices.Sort(times)
			var last checked
			for _, tm := range times {
				if micros(tm) > d.End {
					break
				}
				f := frameAt(d, micros(tm))
				checkFrame(t, d, f, at.At(tm), "time "+tm.String(), &last)
			}
		})
	}
}

func frameAt(d *data, t int64) frame {
	f := d.Frames[0]
	for _, g := range d.Frames {
		if g.T > t {
			break
		}
		f = g
	}
	return f
}

// checked remembers the last screen checkFrame compared, so a row that
// neither the replay nor the page changed since is not drawn again: it was
// equal then and is now.
type checked struct {
	snap  screen.Snapshot
	frame frame
}

func checkFrame(t *testing.T, d *data, f frame, snap screen.Snapshot, what string, last *checked) {
	t.Helper()
	cols, rows := snap.Size()
	if f.Cols != cols || len(f.Rows) != rows {
		t.Fatalf("%s: page screen %dx%d, replay %dx%d", what, f.Cols, len(f.Rows), cols, rows)
	}
	same := last != nil && len(last.frame.Rows) == rows && last.frame.Cols == cols
	for r := 1; r <= rows; r++ {
		if same && snap.SameRow(last.snap, r) && last.frame.Rows[r-1] == f.Rows[r-1] {
			continue
		}
		if got, want := d.Rows[f.Rows[r-1]], picture.RowHTML(snap, r); got != want {
			t.Fatalf("%s: row %d on the page:\n%s\nthe replay's:\n%s\nscreen:\n%s", what, r, got, want, snap)
		}
	}
	if f.Cursor != picture.CursorHTML(snap) {
		t.Fatalf("%s: cursor %s, replay %s", what, f.Cursor, picture.CursorHTML(snap))
	}
	if last != nil {
		*last = checked{snap, f}
	}
}

func TestPageIsSelfContained(t *testing.T) {
	cast, err := asciicast.ReadFile("../recordings/testdata/corpus/agent-permission.cast")
	if err != nil {
		t.Fatal(err)
	}
	page, err := Page(cast, WithTitle("</script><b>x</b>"))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"http://", "https://", "src=", "@import", "url("} {
		if i := bytes.Index(page, []byte(bad)); i >= 0 {
			t.Errorf("page refers to something outside it: %q at %d: %s", bad, i, page[max(i-80, 0):min(i+80, len(page))])
		}
	}
	if n := strings.Count(string(page), "</script>"); n != 2 {
		t.Errorf("%d </script> in the page, want 2 (a title or output ended a script element)", n)
	}
	if strings.Contains(string(page), "<b>x</b>") {
		t.Errorf("title not escaped")
	}
}

func TestChangedRows(t *testing.T) {
	c := &asciicast.Cast{Header: asciicast.Header{Width: 10, Height: 3}, Events: []asciicast.Event{
		{Time: 100 * time.Millisecond, Kind: asciicast.Output, Data: "one\r\ntwo"},
		{Time: 200 * time.Millisecond, Kind: asciicast.Output, Data: "\x1b[1;1Hzzz"},
	}}
	d, err := build(c, config{})
	if err != nil {
		t.Fatal(err)
	}
	var got [][]int
	for _, f := range d.Frames {
		got = append(got, f.Changed)
	}
	// At 0 the blank screen; at 100 ms rows 1 and 2 drawn; at 200 ms row 1.
	if len(got) != 3 || len(got[1]) != 2 || len(got[2]) != 1 || got[2][0] != 1 {
		t.Errorf("changed rows per frame: %v, want [] [1 2] [1]", got)
	}
}
