package termtest

import (
	"fmt"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// Click presses and releases the left mouse button at a 1-based row and
// column, encoded as the program asked (SGR reports with mode 1006, else
// the original X10 form). It fails if the program has not enabled mouse
// tracking, since a terminal would then send it nothing.
func (t *Terminal) Click(row, col int) error {
	snap := t.sess.Snapshot()
	press, err := mouseReport(snap, 0, row, col, true)
	if err != nil {
		return fmt.Errorf("termtest: Click at %d,%d: %w", row, col, err)
	}
	if snap.Mouse() != screen.MouseX10 { // X10 reports presses only
		release, _ := mouseReport(snap, 0, row, col, false)
		press = append(press, release...)
	}
	return t.send(press)
}

// Wheel turns the mouse wheel over a 1-based row and column: n notches
// down, or up when n is negative.
func (t *Terminal) Wheel(row, col, n int) error {
	snap := t.sess.Snapshot()
	button := 65 // down
	if n < 0 {
		button, n = 64, -n
	}
	var b []byte
	for range n {
		p, err := mouseReport(snap, button, row, col, true)
		if err != nil {
			return fmt.Errorf("termtest: Wheel at %d,%d: %w", row, col, err)
		}
		b = append(b, p...)
	}
	return t.send(b)
}

// mouseReport encodes one mouse event for the program whose screen is
// snap.
func mouseReport(snap screen.Snapshot, button, row, col int, press bool) ([]byte, error) {
	cols, rows := snap.Size()
	if row < 1 || row > rows || col < 1 || col > cols {
		return nil, fmt.Errorf("the position is off the %dx%d screen", cols, rows)
	}
	if snap.Mouse() == screen.MouseOff {
		return nil, fmt.Errorf("the program has not enabled mouse tracking (CSI ? 1000 h), so a terminal would send it nothing")
	}
	if snap.MouseSGR() {
		final := 'M'
		if !press {
			final = 'm'
		}
		return fmt.Appendf(nil, "\x1b[<%d;%d;%d%c", button, col, row, final), nil
	}
	if row > 223 || col > 223 {
		return nil, fmt.Errorf("the program asked for X10 mouse reports, which cannot encode a position past 223")
	}
	if !press {
		button = 3 // X10 release: no button
	}
	return []byte{0x1b, '[', 'M', byte(32 + button), byte(32 + col), byte(32 + row)}, nil
}

// Click presses and releases the left mouse button at a 1-based row and
// column (see Terminal.Click).
func (m *Term) Click(row, col int) { m.tb.Helper(); m.check(m.Terminal.Click(row, col)) }

// Wheel turns the mouse wheel over a 1-based row and column: n notches
// down, or up when n is negative.
func (m *Term) Wheel(row, col, n int) { m.tb.Helper(); m.check(m.Terminal.Wheel(row, col, n)) }

// ClickOn clicks the first cell of the text l locates (strictly: found
// once, unless l says First or Nth).
func (t *Terminal) ClickOn(l expect.Locator) error {
	m, err := l.Find(t.sess.Snapshot())
	if err != nil {
		return fmt.Errorf("termtest: ClickOn(%s): %w\n%s", l, err, t.Describe())
	}
	return t.Click(m.Start.Row, m.Start.Col)
}

// ClickOn clicks the first cell of the text l locates (see
// Terminal.ClickOn).
func (m *Term) ClickOn(l expect.Locator) { m.tb.Helper(); m.check(m.Terminal.ClickOn(l)) }
