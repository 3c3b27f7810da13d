package screen

import (
	"bytes"
	"slices"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// ScrollbackLines is how many lines that scrolled off the top of the main
// screen a Screen keeps, as plain text, for Scrollback. Older lines are
// dropped, so a terminal's scrollback holds at most ScrollbackLines×cols
// characters whatever the program prints.
const ScrollbackLines = 1000

// feedLines is how many lines one piece of output may scroll off by line
// feeds, and how many by wraps (a screen width of bytes each: a byte prints
// at most one cell).
const feedLines = 128

// vtScrollback is how many lines x/vt itself keeps between two moves into
// Screen's scrollback. x/vt stores them as cells (about 130 bytes each) and
// drops its oldest with a copy of the whole buffer, so it is kept small and
// emptied after each piece of output (see feed) and before each sequence
// that scrolls lines off (scrollcapture.go). Lines a line feed scrolls off
// skip it; a piece's wraps and one sequence's lines (SU, DL at the top,
// ED 2: a screen's height at most) go through it.
const vtScrollback = feedLines + MaxRows

// scrollback keeps the last ScrollbackLines lines. Lines are only ever
// appended; past twice the bound the newest ScrollbackLines are copied to a
// new array. So a snapshot can hold a view of them (a slice of the array as
// it was) that later lines never change: they are written past its end or
// into another array. Amortised, a line costs one append and one copy.
type scrollback struct {
	lines []string
}

func (b *scrollback) push(line string) {
	if len(b.lines) >= 2*ScrollbackLines {
		b.lines = append(make([]string, 0, 2*ScrollbackLines), b.lines[len(b.lines)-ScrollbackLines+1:]...)
	}
	b.lines = append(b.lines, line)
}

// view returns the last ScrollbackLines lines, oldest first, sharing the
// array: callers must not write to it.
func (b *scrollback) view() []string {
	v := b.lines[max(len(b.lines)-ScrollbackLines, 0):]
	return v[:len(v):len(v)] // an append to the view copies instead of writing into b's array
}

// lineFeedRun starts a run of line feeds, which feed writes apart.
var lineFeedRun = []byte("\n\n")

// feed writes p to the emulator in pieces that scroll at most feedLines
// lines by line feeds and as many by wraps, and runs of line feeds apart
// (lineFeeds), moving what each piece scrolled off the main screen into
// s.back.
func (s *Screen) feed(p []byte) {
	most := feedLines * max(s.emu.Width(), 1)
	for len(p) > 0 {
		if n := s.lineFeeds(p); n > 0 { // a run of them scrolls once (linefeeds.go)
			p = p[n:]
			s.keepScrollback()
			continue
		}
		piece := p[:clusterCut(p, most)]
		if i := nthIndex(piece, '\n', feedLines); i >= 0 {
			piece = piece[:i+1]
		}
		if i := bytes.Index(piece, lineFeedRun); i > 0 {
			piece = piece[:i]
		}
		s.write(piece)
		p = p[len(piece):]
		s.keepScrollback()
	}
}

// clusterCut returns where to end a piece of at most n bytes of p (all of
// it if it is that short) so that no grapheme cluster is parted: x/vt
// draws the cluster it holds at the end of each write, so a cut inside one
// would put a combining mark in a cell of its own. The cut goes after a
// control character or between two printable ASCII characters in the
// piece's second half, where no cluster can go on; text with neither there
// is cut at the last cluster boundary before n, as x/vt segments it.
func clusterCut(p []byte, n int) int {
	if len(p) <= n {
		return len(p)
	}
	for i := n - 1; i >= n/2; i-- {
		if p[i] < 0x20 || printableASCII(p[i]) && printableASCII(p[i+1]) {
			return i + 1
		}
	}
	// Segmented from a character's first byte halfway: only the first
	// cluster found can be misjudged, so the cut comes after a second.
	end, clusters := boundary(p, n/2), 0
	for {
		c, _ := ansi.FirstGraphemeCluster(p[end:], ansi.GraphemeWidth)
		if len(c) == 0 || end+len(c) > n {
			break
		}
		end += len(c)
		clusters++
	}
	if clusters < 2 {
		return boundary(p, n) // a cluster of n/2 bytes: cut on a character
	}
	return end
}

func printableASCII(b byte) bool { return b >= 0x20 && b < 0x7f }

// nthIndex returns the index of the n-th c in p (n ≥ 1), or -1 if p holds
// fewer.
func nthIndex(p []byte, c byte, n int) int {
	at := -1
	for range n {
		i := bytes.IndexByte(p[at+1:], c)
		if i < 0 {
			return -1
		}
		at += 1 + i
	}
	return at
}

// keepScrollback moves the lines x/vt scrolled off into s.back.
func (s *Screen) keepScrollback() {
	sb := s.emu.Scrollback()
	if sb == nil || sb.Len() == 0 {
		return
	}
	lines := sb.Lines() // x/vt's own slice
	for i, l := range lines {
		s.back.push(s.lineText(l))
		lines[i] = nil // Clear keeps the backing array; let the cells go
	}
	sb.Clear()
}

// lineText returns a scrolled-off line as plain text without trailing
// blanks. (uv.Line.String compares every cell's style, which made moving
// lines cost more than parsing them.)
func (s *Screen) lineText(l uv.Line) string {
	b := s.lineBuf[:0]
	for i := range l {
		b = append(b, l[i].Content...) // "" for the second half of a wide character
	}
	s.lineBuf = b
	return string(bytes.TrimRight(b, " "))
}

// Scrollback returns the lines that scrolled off the top of the main
// screen, oldest first, as plain text without trailing blanks: at most the
// last ScrollbackLines. The alternate screen (full-screen programs) keeps
// none, as in most terminals, and ED 3 (which clear(1) sends) erases them.
func (s *Screen) Scrollback() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.back.view())
}

// Scrollback returns the lines that had scrolled off the top of the main
// screen when the snapshot was taken, oldest first, as Screen.Scrollback
// does. The lines above Lines()[0], so to speak: together they are the
// session's output as far back as ScrollbackLines.
func (s Snapshot) Scrollback() []string { return slices.Clone(s.back) }
