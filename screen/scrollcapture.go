package screen

import (
	"reflect"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// A line feed at the bottom of the screen is most of what a flood of
// output does, and x/vt saves the line it scrolls off by cloning its cells
// into its scrollback (a line of 100 cells is 11 KB): 80% of what parsing a
// flood allocated, and the collector's work that came with it slowed the
// parse itself. Screen keeps only the line's text (scrollback.go), so the
// index handlers (LF, VT, FF, IND, ESC D) are wrapped: when one is about
// to scroll the main screen's lines into the scrollback, the line's text
// is kept first and x/vt's handler runs with its scrollback switched off.
// A line scrolled off any other way (a wrap at the bottom, SU, DL at the
// top, ED 2) still goes through x/vt's scrollback, moved after each piece
// and before each of those sequences (keepBeforeScrolls).
//
// x/vt offers no way to wrap a control character's handler, so this
// reaches its handler tables; if a later x/vt renames them, nothing is
// wrapped and every line goes through x/vt's scrollback as before
// (TestScrollbackKeepsEveryLine holds either way).

// indexControls are the control characters x/vt handles as an index (a
// line feed): C0 LF, VT, FF and C1 IND.
var indexControls = []byte{ansi.LF, ansi.VT, ansi.FF, ansi.IND}

// captureScrolls wraps b's index handlers (see above) and reports whether
// it did. It needs the main screen's buffer and x/vt's handler tables, and
// wraps nothing without them.
func (b *binding) captureScrolls() bool {
	main, _ := screens(b.e)
	cc := handlerTable[byte, vt.CcHandler](b.e, "ccHandlers")
	esc := handlerTable[int, vt.EscHandler](b.e, "escHandler")
	if main == nil || b.bufs[0] == nil || cc == nil || esc == nil {
		return false
	}
	off := &vt.Scrollback{} // keeps nothing: Push returns at once
	// switchOff keeps the line an index is about to scroll into x/vt's
	// scrollback, as text, and switches that scrollback off; it returns
	// the scrollback to switch back on after x/vt's handler, or nil.
	switchOff := func() *vt.Scrollback {
		if b.e.IsAltScreen() {
			return nil
		}
		x, y := main.CursorPosition()
		r := main.ScrollRegion()
		// x/vt's index scrolls when the cursor is on the region's last
		// line, and DeleteLine saves the region's first line when the
		// region spans the whole width.
		if y != r.Max.Y-1 || x < r.Min.X || x >= r.Max.X || r.Min.X != 0 || r.Max.X != main.Width() ||
			r.Min.Y < 0 || r.Min.Y >= len(b.bufs[0].Lines) {
			return nil
		}
		sb := main.Scrollback()
		if sb == nil || sb == off {
			return nil
		}
		s := b.s
		s.keepScrollback() // lines saved earlier in this piece go first
		s.back.push(s.lineText(b.bufs[0].Lines[r.Min.Y]))
		main.SetScrollback(off)
		return sb
	}
	for _, c := range indexControls {
		prev := cc[c]
		cc[c] = append(prev[:len(prev):len(prev)], func() (handled bool) {
			if sb := switchOff(); sb != nil {
				defer main.SetScrollback(sb) // even if x/vt panics (fault.go)
			}
			sc, noted := b.s.beforeScroll(1)                  // the rows it moves need not be read again (rowmoves.go)
			for i := len(prev) - 1; i >= 0 && !handled; i-- { // as x/vt runs them: the last registered first
				handled = prev[i]()
			}
			if noted {
				b.s.afterScroll(sc)
			}
			return handled
		})
	}
	prev := esc['D']
	esc['D'] = append(prev[:len(prev):len(prev)], func() (handled bool) {
		if sb := switchOff(); sb != nil {
			defer main.SetScrollback(sb)
		}
		sc, noted := b.s.beforeScroll(1)
		for i := len(prev) - 1; i >= 0 && !handled; i-- {
			handled = prev[i]()
		}
		if noted {
			b.s.afterScroll(sc)
		}
		return handled
	})
	return true
}

// handlerTable returns x/vt's handler table named field (a map from a
// sequence to its handlers, in the order registered), or nil if e has no
// such field of that type.
func handlerTable[K comparable, H any](e *vt.Emulator, field string) map[K][]H {
	f := reflect.ValueOf(e).Elem().FieldByName(field)
	if !f.IsValid() || f.Type() != reflect.TypeOf(map[K][]H(nil)) {
		return nil
	}
	return *(*map[K][]H)(unsafe.Pointer(f.UnsafeAddr()))
}

// keepBeforeScrolls registers handlers that move the lines x/vt holds into
// Screen's scrollback before each sequence that scrolls lines into it (SU,
// DL, ED 2; a screen's height at most, boundCounts), so a piece of output
// full of them loses none (vtScrollback). ED 3 then erases the scrollback,
// Screen's as x/vt's, where x/vt erases it: on the main screen.
func (b *binding) keepBeforeScrolls() {
	for _, final := range []byte{'S', 'M', 'J'} {
		b.e.RegisterCsiHandler(int(final), func(params ansi.Params) bool {
			s := b.s
			s.keepScrollback()
			if n, _, _ := params.Param(0, 0); final == 'J' && n == 3 && !b.e.IsAltScreen() {
				s.back = scrollback{}
			}
			return false // x/vt's own handler does the rest
		})
	}
}
