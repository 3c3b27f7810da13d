package screen

import (
	"github.com/charmbracelet/x/ansi/parser"
	"github.com/charmbracelet/x/vt"
)

// x/vt scrolls a region by moving every cell of it, whatever the count, so
// a line feed at the bottom of a 500×300 screen moves 150,000 cells: a
// 196 KB recording of line feeds took over five minutes to replay. A run
// of line feeds with the cursor on the scroll region's last line is one
// scroll of the region by as many lines (at most its height: past that
// the region is blank whatever the count), so lineFeeds makes it one, and
// keeps the lines it scrolls off as the line feeds would have
// (scrollcapture.go): the region's lines, then a blank line for each
// further line feed.

// lineFeeds writes the run of line feeds p starts with and returns its
// length, or 0 if p does not start with two.
func (s *Screen) lineFeeds(p []byte) int {
	m := 0
	for m < len(p) && p[m] == '\n' {
		m++
	}
	if m < 2 {
		return 0
	}
	// The first is written as it came: it ends a pending wrap, draws a
	// held cluster and, in LNM mode, returns the carriage. The rest then
	// only move the cursor down or scroll.
	s.write(p[:1])
	for left := m - 1; left > 0; {
		if s.scrollRun(left) {
			break
		}
		n := min(left, s.linesAbove())
		s.write(p[:n])
		left -= n
	}
	return m
}

// linesAbove returns how many line feeds from the cursor only move it (at
// least one): down to the scroll region's last line from inside the
// region, else one at a time.
func (s *Screen) linesAbove() int {
	scr := s.current()
	if scr == nil {
		return 1
	}
	x, y := scr.CursorPosition()
	r := scr.ScrollRegion()
	if x < r.Min.X || x >= r.Max.X || y < r.Min.Y || y >= r.Max.Y-1 {
		return 1
	}
	return r.Max.Y - 1 - y
}

// current returns the emulator's screen in use, or nil if it cannot be
// reached.
func (s *Screen) current() *vt.Screen {
	main, alt := screens(s.emu)
	if s.emu.IsAltScreen() {
		return alt
	}
	return main
}

// scrollRun carries out n line feeds as one scroll if each would scroll
// (the parser outside any sequence, the cursor on the scroll region's last
// line, within its margins) and reports whether it did.
func (s *Screen) scrollRun(n int) (done bool) {
	b := s.bind
	scr := s.current()
	if b.parser == nil || b.parser.State() != parser.GroundState || scr == nil {
		return false
	}
	x, y := scr.CursorPosition()
	r := scr.ScrollRegion()
	if y != r.Max.Y-1 || x < r.Min.X || x >= r.Max.X {
		return false
	}
	height := r.Max.Y - r.Min.Y
	main, _ := screens(s.emu)
	if sb := scr.Scrollback(); scr == main && sb != nil {
		// Each line feed would keep the region's first line, as x/vt's
		// index does when the region spans the width.
		if !b.captures || b.bufs[0] == nil || r.Min.Y < 0 || r.Max.Y > len(b.bufs[0].Lines) {
			return false // lines only x/vt's scrollback would have kept
		}
		if r.Min.X == 0 && r.Max.X == scr.Width() {
			s.keepScrollback()
			for i := range min(n, height) {
				s.back.push(s.lineText(b.bufs[0].Lines[r.Min.Y+i]))
			}
			for range min(n-height, ScrollbackLines) {
				s.back.push("")
			}
		}
		scr.SetScrollback(nil)
		defer scr.SetScrollback(sb)
	}
	defer s.recoverFault("a scroll of line feeds", nil)
	sc, noted := s.beforeScroll(min(n, height))
	scr.ScrollUp(min(n, height))
	if noted {
		s.afterScroll(sc)
	}
	return true
}
