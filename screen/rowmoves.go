package screen

// A scroll marks every row of its region touched, so refresh compared each
// row with the one above it before keeping it (mover): for output of a
// line at a time, that compare was a third of a replay, more than x/vt's
// scroll itself. A scroll by a line feed (or a run of them, linefeeds.go)
// goes through ttyrig's handlers, so it is noted instead: origin says,
// for each row, which row of s.rows (the screen refresh last read) it
// holds now, and the marks the scroll left are cleared. A row changed in
// any other way stays touched, or is noted as -1, and is read again.

// scrollNote is a scroll about to happen: the current screen's rows
// [top, bottom) move up by n, across the whole width.
type scrollNote struct {
	top, bottom, n int
}

// beforeScroll notes the scroll an index would make now, if it scrolls the
// region across its whole width, and returns it for afterScroll.
func (s *Screen) beforeScroll(n int) (scrollNote, bool) {
	scr := s.current()
	if scr == nil || s.allDirty {
		return scrollNote{}, false
	}
	x, y := scr.CursorPosition()
	r := scr.ScrollRegion()
	rows := s.emu.Height()
	if y != r.Max.Y-1 || x < r.Min.X || x >= r.Max.X || r.Min.X != 0 || r.Max.X != scr.Width() ||
		r.Min.Y < 0 || r.Max.Y > rows || len(s.rows) != rows {
		return scrollNote{}, false
	}
	if !s.moved || len(s.origin) != rows {
		s.origin = s.origin[:0]
		for i := range rows {
			s.origin = append(s.origin, i)
		}
		s.moved = true
	}
	touched := s.emu.Touched()
	for i := r.Min.Y; i < r.Max.Y; i++ {
		if i < len(touched) && touched[i] != nil {
			s.origin[i] = -1 // changed since the last read: read again wherever it goes
		}
	}
	for i := r.Min.Y; i < r.Max.Y; i++ {
		if i+n < r.Max.Y {
			s.origin[i] = s.origin[i+n]
		} else {
			s.origin[i] = -1 // a new line
		}
	}
	return scrollNote{top: r.Min.Y, bottom: r.Max.Y, n: n}, true
}

// afterScroll clears the marks the noted scroll left on its region's rows.
func (s *Screen) afterScroll(sc scrollNote) {
	touched := s.emu.Touched()
	for i := sc.top; i < sc.bottom && i < len(touched); i++ {
		touched[i] = nil
	}
}

// source returns the row of prev that row y of the screen holds, as far as
// the noted scrolls tell, or -1 if it must be read.
func (s *Screen) source(y int, prev []*row) int {
	src := y
	if s.moved {
		if len(s.origin) != len(prev) {
			return -1
		}
		src = s.origin[y]
	}
	if src < 0 || src >= len(prev) || prev[src] == nil {
		return -1
	}
	return src
}
