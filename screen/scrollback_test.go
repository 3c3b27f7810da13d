package screen

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/google/go-cmp/cmp"
)

// A snapshot's scrollback is what had scrolled off when it was taken: lines
// scrolled off later, and the trimming past ScrollbackLines, leave it as it
// was.
func TestSnapshotScrollbackIsImmutable(t *testing.T) {
	s := New(20, 3)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("a\r\nb\r\nc\r\nd\r\n"))
	snap := s.Snapshot()
	want := []string{"a", "b"}
	if got := snap.Scrollback(); !slices.Equal(got, want) {
		t.Fatalf("scrollback %q, want %q", got, want)
	}
	for i := range 3 * ScrollbackLines {
		s.WriteAt(time.Now(), fmt.Appendf(nil, "line %d\r\n", i))
	}
	if got := snap.Scrollback(); !slices.Equal(got, want) {
		t.Errorf("an old snapshot's scrollback changed to %d lines starting %q", len(got), got[:min(len(got), 3)])
	}
	now := s.Snapshot().Scrollback()
	if len(now) != ScrollbackLines || now[len(now)-1] != fmt.Sprintf("line %d", 3*ScrollbackLines-3) {
		t.Errorf("scrollback has %d lines ending %q, want the last %d", len(now), now[len(now)-1], ScrollbackLines)
	}
}

// scrollbackCases scroll lines off in every way x/vt knows: line feeds
// (LF, VT, FF, C1 IND, ESC D, with and without LNM), wraps at the bottom,
// SU, DL on the first line, inside a scroll region with and without side
// margins, and around the alternate screen.
var scrollbackCases = map[string]string{
	"line feeds":                 "one\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\n",
	"other index bytes":          "a\vb\fc\x1bDd\x1bDe\r\nf\x84g\r\nh\r\ni\r\n",
	"newline mode":               "\x1b[20ha\nb\nc\nd\ne\nf\x1b[20l\ng\n",
	"wraps":                      strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyz", 6) + "\r\nend\r\n",
	"wraps then feeds":           "\x1b[6;1H" + strings.Repeat("w", 50) + "\nx\ny\n" + strings.Repeat("v", 45) + "\r\nz\r\n",
	"scroll up and DL":           "a\r\nb\r\nc\r\nd\r\ne\r\nf\x1b[2S\x1b[Hgone\x1b[M\x1b[6;1H\r\ng\r\n",
	"region at the top":          "top\r\n\x1b[1;4r\x1b[4;1Hr1\nr2\nr3\nr4\n\x1b[r",
	"region below a bar":         "bar\x1b[2;6r\x1b[6;1Hq1\nq2\nq3\nq4\nq5\x1b[r\x1b[6;1H\r\nlast\r\n",
	"side margins":               "\x1b[?69h\x1b[1;10s\x1b[6;1Hm1\nm2\nm3\x1b[?69l\r\nn1\r\nn2\r\n",
	"alternate screen":           "main1\r\nmain2\r\n\x1b[?1049h" + strings.Repeat("alt\r\n", 20) + "\x1b[?1049l\x1b[6;1H\r\nback\r\n",
	"styled and wide":            "\x1b[41mred line\x1b[K\x1b[0m\r\n世界 wide\r\n" + strings.Repeat("\x1b[1mb\x1b[0m\r\n", 8),
	"cursor parked past":         "\x1b[6;30Hx\n\x1b[6;200Hy\ny\ny\n",
	"many":                       strings.Repeat("0123456789\r\n", 3*vtScrollback) + strings.Repeat("z", 40*vtScrollback),
	"erase display":              "a\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng\x1b[2Jh\r\n\x1b[3Ji\r\nj\r\nk\r\nl\r\nm\r\nn\r\no\r\n",
	"scroll up flood":            "a\r\nb" + strings.Repeat("\x1b[6S", 2*vtScrollback) + "\x1b[Hc\r\nd\r\n" + strings.Repeat("\x1b[M", vtScrollback) + "e\r\n",
	"runs of line feeds":         "a\r\nb\r\nc\r\nd\r\ne\r\nf\n\n\ng\n\n\n\n\n\n\n\n\nh" + strings.Repeat("\n", 3*ScrollbackLines) + "i\n\nj\r\n",
	"line feed runs in a region": "top\x1b[2;5r\x1b[5;1Hr1\n\nr2\n\n\n\n\n\nr3\x1b[1;4r\x1b[4;1Hs\n\n\n\x1b[r\x1b[6;1H\n\n",
}

// The screen keeps the lines that scroll off as x/vt itself would keep them
// (text without trailing blanks, oldest first), whichever way they went:
// x/vt, with a scrollback large enough for all, is the reference.
func TestScrollbackKeepsEveryLine(t *testing.T) {
	for name, out := range scrollbackCases {
		t.Run(name, func(t *testing.T) {
			checkScrollback(t, []byte(out), 7)        // lines moved after each piece
			checkScrollback(t, []byte(out), len(out)) // and within one
		})
	}
}

// FuzzScrollback checks the same on arbitrary output, in arbitrary pieces.
func FuzzScrollback(f *testing.F) {
	for _, out := range scrollbackCases {
		f.Add([]byte(out), uint8(7))
	}
	f.Fuzz(func(t *testing.T, out []byte, piece uint8) {
		if repeat.Match(out) {
			t.Skip("REP past a screen's worth scrolls fewer lines on purpose (boundRepeat)")
		}
		checkScrollback(t, out, int(piece)+1)
	})
}

// repeat matches a REP sequence (CSI … b), ESC [ or C1 CSI.
var repeat = regexp.MustCompile(`(\x1b\[|\x9b)[\x20-\x3f]*b`)

func checkScrollback(t *testing.T, out []byte, piece int) {
	t.Helper()
	const cols, rows = 20, 6
	ref := referenceEmulator(t, cols, rows)
	ref.SetScrollbackSize(1 << 20)
	clampMargins(ref) // else x/vt panics on margins past the edge
	s := New(cols, rows)
	defer s.Close()
	for p := out; len(p) > 0; {
		n := min(piece, len(p))
		_, _ = ref.Write(p[:n])
		s.WriteAt(time.Now(), p[:n])
		p = p[n:]
	}
	var want []string
	for _, l := range ref.Scrollback().Lines() {
		var b strings.Builder
		for _, c := range l {
			b.WriteString(c.Content)
		}
		want = append(want, strings.TrimRight(b.String(), " "))
	}
	want = want[max(len(want)-ScrollbackLines, 0):]
	got := s.Scrollback()
	if slices.Equal(got, want) {
		return
	}
	at := 0
	for at < min(len(got), len(want)) && got[at] == want[at] {
		at++
	}
	from, to := max(at-2, 0), at+3
	t.Errorf("scrollback of %d lines differs from x/vt's own %d from line %d (-x/vt +screen):\n%s",
		len(got), len(want), at, cmp.Diff(want[from:min(to, len(want))], got[from:min(to, len(got))]))
}

// referenceEmulator returns a stock x/vt emulator to compare a screen with,
// its replies read and discarded (x/vt blocks on unread replies) until the
// test ends.
func referenceEmulator(t *testing.T, cols, rows int) *vt.Emulator {
	t.Helper()
	ref := vt.NewEmulator(cols, rows)
	read := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, ref); close(read) }()
	t.Cleanup(func() {
		// Closing the reply pipe ends the reader; ref.Close would race
		// with its Read in x/vt.
		_ = ref.InputPipe().(*io.PipeWriter).Close()
		<-read
	})
	return ref
}
