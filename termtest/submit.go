package termtest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// submitBound is how long Submit gives the program to react to Enter before
// pressing it again. Agents that ignore Enter while they initialise (Codex
// does, seconds after its box is drawn) need the retry to come later than a
// quick reaction would, but a program that took the line reacts at once.
const submitBound = 2 * time.Second

// SubmitContext sends a line the way a person does: it waits until the
// program is ready, types text (pasted when it spans lines, so newlines stay
// in the input), waits for the echo to settle, presses Enter and confirms
// that the program took the line: the typed text left the cursor's line or
// the cursor moved to another row (or, for empty text, the screen changed).
// If the program ignored Enter (some agents do while still starting), it
// presses Enter once more; if that is ignored too, it fails saying so.
// Where the kernel is observed (Linux), a line still in the terminal's
// input queue is not taken, whatever the screen shows (see waitAccepted).
func (t *Terminal) SubmitContext(ctx context.Context, text string) error {
	ctx, cancel := t.bound(ctx)
	defer cancel()
	st, err := t.actionable(ctx, fmt.Sprintf("Submit(%q)", text)) // actionable.go; NoWait skips it
	if err != nil {
		return err
	}
	if text != "" {
		if strings.Contains(text, "\n") {
			err = t.PasteContext(ctx, text)
		} else {
			err = t.TypeContext(ctx, text)
		}
		if err != nil {
			return fmt.Errorf("termtest: Submit(%q): typing: %w", text, err)
		}
		// Enter in the same burst as the text reads as a pasted newline to
		// agents that detect pastes by timing; let the echo settle first.
		// Password prompts echo nothing, so there is nothing to wait for.
		if st.Prompt == nil || st.Prompt.Kind != ready.PromptPassword {
			echoCtx, stop := context.WithTimeout(ctx, submitBound)
			_, err := t.WaitForReadyContext(echoCtx)
			stop()
			if err != nil && ctx.Err() != nil {
				return fmt.Errorf("termtest: Submit(%q): %w", text, err)
			}
			if _, exited := t.ExitCode(); exited {
				return fmt.Errorf("termtest: Submit(%q): %w before Enter was pressed\n%s", text, errExited, t.Describe())
			}
		}
	}
	before := t.sess.Snapshot()
	tail := lastRunes(text[strings.LastIndexByte(text, '\n')+1:], 16)
	unread := 0
	for try := 1; try <= 2; try++ {
		pressed := t.cfg.clock.Now()
		if err := t.sendContext(ctx, []byte("\r")); err != nil {
			return fmt.Errorf("termtest: Submit(%q): pressing Enter: %w", text, err)
		}
		written := t.cfg.clock.Now()
		var ok bool
		var err error
		ok, unread, err = t.waitAccepted(ctx, before, pressed, written, tail)
		if err != nil {
			return fmt.Errorf("termtest: Submit(%q): %w\n%s", text, err, t.Describe())
		}
		if ok {
			return nil
		}
	}
	if unread > 0 {
		return fmt.Errorf("termtest: Submit(%q): %w: Enter was pressed twice, %v apart, and the line is still "+
			"in the terminal's input queue (%d bytes unread): the program never read it, what the screen shows "+
			"of it is the kernel's echo\n%s", text, ErrNotTaken, submitBound, unread, t.Describe())
	}
	line := before.Row(before.Cursor().Row)
	return fmt.Errorf("termtest: Submit(%q): %w: Enter was pressed twice, %v apart, "+
		"and the cursor's line still reads %q (expected the text to leave it or the cursor to move)\n%s",
		text, ErrNotTaken, submitBound, strings.TrimRight(line, " "), t.Describe())
}

// waitAccepted waits up to submitBound for the program to take a line
// submitted at pressed (its Enter written by written): it reports false,
// with the bytes the kernel says are still unread, when the bound passed
// without a reaction, and an error when ctx ended first.
//
// Where the kernel is observed (Linux), the screen's word is not enough:
// in canonical mode the kernel echoes the line and moves the cursor itself,
// so a program that never reads looks as if it took the line. The line
// counts as taken only once the terminal's input queue is empty too.
func (t *Terminal) waitAccepted(ctx context.Context, before screen.Snapshot, pressed, written time.Time, tail string) (bool, int, error) {
	timer := time.NewTimer(submitBound)
	defer timer.Stop()
	var poll <-chan time.Time // while the screen says yes and the kernel has not answered
	unread := 0
	for {
		ch := t.Changed()
		if _, exited := t.ExitCode(); exited {
			return true, 0, nil // it took the line and ended ("exit")
		}
		poll = nil
		if took(before, t.sess.Snapshot(), pressed, tail) {
			decided, taken, n := t.kernelUnread(written)
			if !decided || taken {
				return true, 0, nil
			}
			unread = n
			poll = time.After(kernelEvery)
		}
		select {
		case <-ch:
		case <-poll:
		case <-t.done:
		case <-timer.C:
			return false, unread, nil
		case <-ctx.Done():
			return false, unread, fmt.Errorf("waiting for the program to take the line: %w", ctx.Err())
		}
	}
}

// took reports whether the screen now shows that a line was taken: the
// cursor left its row, or the typed text left the cursor's line (an agent's
// input box empties); for an empty line any change after Enter counts.
func took(before, now screen.Snapshot, pressed time.Time, tail string) bool {
	if now.Changed().Before(pressed) {
		return false
	}
	if tail == "" {
		return true
	}
	row := before.Cursor().Row
	if now.Cursor().Row != row {
		return true
	}
	return !strings.Contains(now.Row(row), tail)
}

func lastRunes(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > n {
		r = r[len(r)-n:]
	}
	return string(r)
}

// ErrNotTaken is wrapped by SubmitContext's error when the program ignored
// Enter twice.
var ErrNotTaken = errors.New("the program did not take the line")

// Submit types text, presses Enter and confirms the program took the line
// (see SubmitContext); it fails the test otherwise.
func (m *Term) Submit(text string) {
	m.tb.Helper()
	ctx, cancel := m.ctx()
	defer cancel()
	if err := m.Terminal.SubmitContext(ctx, text); err != nil {
		m.fail(ctx, err)
	}
}
