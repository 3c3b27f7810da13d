package termtest

import (
	"context"
	"fmt"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// ClickContext presses and releases the left mouse button at a 1-based row
// and column once the program is ready for input (see NoWait), encoded as
// the program asked (SGR reports with mode 1006, else the original X10
// form). It fails if the program has not enabled mouse tracking, since a
// terminal would then send it nothing.
func (t *Terminal) ClickContext(ctx context.Context, row, col int) error {
	if _, err := t.actionable(ctx, fmt.Sprintf("Click(%d, %d)", row, col)); err != nil {
		return err
	}
	return t.clickNow(ctx, row, col)
}

func (t *Terminal) clickNow(ctx context.Context, row, col int) error {
	snap := t.sess.Snapshot()
	press, err := mouseReport(snap, 0, row, col, true)
	if err != nil {
		return fmt.Errorf("termtest: Click(%d, %d): %w", row, col, err)
	}
	if snap.Mouse() != screen.MouseX10 { // X10 reports presses only
		release, _ := mouseReport(snap, 0, row, col, false)
		press = append(press, release...)
	}
	return t.sendContext(ctx, press)
}

// WheelContext turns the mouse wheel over a 1-based row and column once
// the program is ready for input (see NoWait): n notches down, or up when
// n is negative.
func (t *Terminal) WheelContext(ctx context.Context, row, col, n int) error {
	if _, err := t.actionable(ctx, fmt.Sprintf("Wheel(%d, %d, %d)", row, col, n)); err != nil {
		return err
	}
	snap := t.sess.Snapshot()
	button := 65 // down
	if n < 0 {
		button, n = 64, -n
	}
	var b []byte
	for range n {
		p, err := mouseReport(snap, button, row, col, true)
		if err != nil {
			return fmt.Errorf("termtest: Wheel(%d, %d, %d): %w", row, col, n, err)
		}
		b = append(b, p...)
	}
	return t.sendContext(ctx, b)
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

// ClickOnContext clicks the first cell of the text l locates (strictly:
// found once, unless l says First or Nth), once the program is ready for
// input (see NoWait) and the text is on the screen, as Playwright waits
// for its target.
func (t *Terminal) ClickOnContext(ctx context.Context, l expect.Locator) error {
	if _, err := t.actionable(ctx, fmt.Sprintf("ClickOn(%s)", l)); err != nil {
		return err
	}
	m, err := l.Find(t.sess.Snapshot())
	if err != nil && !t.noWait {
		located := expect.Func(l.String()+" is found", func(s screen.Snapshot) error {
			var ferr error
			m, ferr = l.Find(s)
			return ferr
		})
		if werr := expect.Wait(ctx, t, located); werr != nil {
			return fmt.Errorf("termtest: ClickOn(%s): %w", l, werr)
		}
		err = nil
	}
	if err != nil {
		return fmt.Errorf("termtest: ClickOn(%s): %w\n%s", l, err, t.Describe())
	}
	return t.clickNow(ctx, m.Start.Row, m.Start.Col)
}
