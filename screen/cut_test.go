package screen_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/fixtures/streams"
	"github.com/ttyrig/ttyrig/screen"
)

// Output cut for bounded work comes back whole, in pieces that each fit
// the budget (or are one character), end on character boundaries, and,
// written one by one, leave the screen, its styles and its scrollback as
// the output written at once does. Each stream is dear in its own way: a
// line feed at the bottom of a 500×300 screen moves 150,000 cells.
func TestCutBoundsWork(t *testing.T) {
	t.Parallel() // CPU-bound and shares nothing; the heap-measuring tests stay serial
	for _, tc := range []struct {
		name       string
		cols, rows int
		data       []byte
		maxFeeds   int // line feeds one piece may hold (0: not checked)
		// What the whole write draws differently, by design: REP is
		// bounded per write (a flood of it is drawn approximately), and a
		// write that scrolls more lines than x/vt keeps without line feeds
		// loses the oldest from the scrollback; written in pieces, neither
		// happens.
		approx, lossy bool
		dear          int // screen-wide operations in data: at least dear×cols×rows/WriteBudget pieces
	}{
		{"mixed", 100, 30, streams.Mixed(100, 30)[:256<<10], 0, false, false, 0},
		{"newlines", 500, 300, bytes.Repeat([]byte("x\n"), 150), screen.WriteBudget / (500 * 300), false, false, 150},
		{"newlines small", 100, 30, bytes.Repeat([]byte("x\r\n"), 5000), screen.WriteBudget / (100 * 30), false, false, 0},
		{"erase display", 500, 300, bytes.Repeat([]byte("\x1b[2J"), 60), 0, false, false, 60},
		{"alternate screen", 300, 100, bytes.Repeat([]byte("\x1b[?1049h\x1b[?1049l"), 400), 0, false, false, 800},
		{"repeat", 200, 100, bytes.Repeat([]byte("x\x1b[65535b"), 100), 0, true, false, 400},
		{"lead bytes before line feeds", 500, 300, bytes.Repeat([]byte("\xc3\n"), 150), screen.WriteBudget / (500 * 300), false, false, 0},
		{"C1 index", 500, 300, bytes.Repeat([]byte("\xc2\x84x\x84"), 100), 0, false, true, 100},
		{"wide characters", 80, 24, []byte(strings.Repeat("日本語のテキスト\r\n", 3000)), 0, false, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			whole := screen.New(tc.cols, tc.rows)
			defer whole.Close()
			cut := screen.New(tc.cols, tc.rows)
			defer cut.Close()
			now := time.Now()
			whole.WriteAt(now, tc.data)

			var back bytes.Buffer
			pieces := 0
			for p := tc.data; len(p) > 0; {
				n := cut.Cut(p)
				if n < 1 || n > len(p) {
					t.Fatalf("Cut returned %d of %d bytes", n, len(p))
				}
				piece := p[:n]
				if n < len(p) && !utf8.RuneStart(p[n]) {
					t.Fatalf("piece %d ends inside a character: % x | % x", pieces, piece[max(n-4, 0):], p[n:min(n+4, len(p))])
				}
				if again := cut.Cut(piece); again != n {
					_, size := utf8.DecodeRune(piece)
					if n != size {
						t.Fatalf("piece %d (%d bytes) does not fit the budget itself: Cut gives %d", pieces, n, again)
					}
				}
				if tc.maxFeeds > 0 {
					if feeds := bytes.Count(piece, []byte("\n")); feeds > tc.maxFeeds {
						t.Fatalf("piece %d holds %d line feeds, want at most %d", pieces, feeds, tc.maxFeeds)
					}
				}
				cut.WriteAt(now, piece)
				back.Write(piece)
				p = p[n:]
				pieces++
			}
			if !bytes.Equal(back.Bytes(), tc.data) {
				t.Fatal("the pieces do not add up to the output")
			}
			t.Logf("%d bytes in %d pieces", len(tc.data), pieces)
			if want := tc.dear * tc.cols * tc.rows / screen.WriteBudget; pieces < want {
				t.Errorf("%d screen-wide operations on %dx%d went in %d pieces, want at least %d", tc.dear, tc.cols, tc.rows, pieces, want)
			}
			if tc.approx {
				return
			}
			ws, cs := whole.Snapshot(), cut.Snapshot()
			if d := cmp.Diff(ws.String(), cs.String()); d != "" {
				t.Errorf("screen written in pieces differs (-whole +pieces):\n%s", d)
			}
			for r := 1; r <= tc.rows; r++ {
				if !ws.SameRow(cs, r) {
					t.Errorf("row %d differs in style or colour", r)
					break
				}
			}
			if d := cmp.Diff(ws.Scrollback(), cs.Scrollback()); d != "" && !tc.lossy {
				t.Errorf("scrollback differs (-whole +pieces):\n%s", d)
			}
		})
	}
}
