package termtest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
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
// input queue is not taken, whatever the screen shows, and Enter is
// pressed again only once the program was seen reading it and waiting for
// input again with nothing drawn (see waitAccepted): a slow program is
// waited for, up to ctx's deadline, never sent the line twice.
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
	for try := 1; try <= 2; try++ {
		pressed := t.cfg.clock.Now()
		if err := t.sendContext(ctx, []byte("\r")); err != nil {
			return fmt.Errorf("termtest: Submit(%q): pressing Enter: %w", text, err)
		}
		taken, err := t.waitAccepted(ctx, before, pressed, tail)
		if err != nil {
			return fmt.Errorf("termtest: Submit(%q): %w\n%s", text, err, t.Describe())
		}
		if taken {
			return nil
		}
	}
	line := before.Row(before.Cursor().Row)
	return fmt.Errorf("termtest: Submit(%q): %w: Enter was pressed twice, each time read by the program "+
		"and followed by %v with nothing drawn, and the cursor's line still reads %q "+
		"(expected the text to leave it or the cursor to move)\n%s",
		text, ErrNotTaken, submitBound, strings.TrimRight(line, " "), t.Describe())
}

// submitPoll is how often Submit asks the kernel while the screen has not
// said yet whether the program took the line.
const submitPoll = 10 * time.Millisecond

// waitAccepted waits for the program to react to the Enter pressed at
// pressed: true when it took the line, false when it read Enter and
// ignored it (Enter may be pressed again), an error when ctx ended first.
//
// Pressing Enter again after the line was taken sends the program a second
// line, so "ignored" is said only on evidence slowness cannot fake. Where
// the kernel is observed (Linux):
//   - the screen says taken (the text left the cursor's line or the cursor
//     moved) and the terminal's input queue is empty: taken. In canonical
//     mode the kernel echoes the line and moves the cursor itself, so a
//     program that never reads looks as if it took it; the queue tells.
//   - Enter is still in the input queue: the program has not read it. A
//     second Enter would wait behind the first; Submit waits, up to ctx.
//   - the program read it and, for submitBound with the screen not saying
//     taken, was found waiting for input again each time it was asked
//     (not working), with no output on its way at the end: ignored. A
//     program found working starts the quiet time again: a slow reaction
//     is still a reaction. (A spinner drawn while Enter is ignored, as
//     agents starting up draw, does not.)
//
// Where the kernel is not observed the screen alone says: ignored is
// submitBound with no change after Enter.
func (t *Terminal) waitAccepted(ctx context.Context, before screen.Snapshot, pressed time.Time, tail string) (bool, error) {
	quiet := time.NewTimer(submitBound)
	defer quiet.Stop()
	since := pressed // the start of the quiet time
	var seen kernel.View
	for {
		ch := t.Changed()
		if _, exited := t.ExitCode(); exited {
			return true, nil // it took the line and ended ("exit")
		}
		// The kernel first, then the screen: what the program drew before
		// it was found waiting is on the screen read after. (Read the other
		// way round, an observation that took seconds on a loaded machine
		// was set against a screen from before the program's answer.)
		asked := t.cfg.clock.Now()
		v, observed := t.kernelNow()
		if observed {
			seen = v
		}
		now := t.sess.Snapshot()
		var poll <-chan time.Time
		if took(before, now, pressed, tail) {
			if !observed || v.Unread == 0 {
				return true, nil
			}
			poll = time.After(submitPoll) // the screen shows the kernel's echo
		} else {
			quietFor := t.cfg.clock.Now().Sub(since)
			if observed {
				if v.Unread > 0 || v.Wait == kernel.Working {
					since = t.cfg.clock.Now() // not read yet, or at work on it
				}
				quietFor = asked.Sub(since) // the observation says how things were when it started
				poll = time.After(submitPoll)
			}
			// Output on its way to the screen may be the answer: look again
			// once it is drawn.
			if quietFor >= submitBound && !(observed && v.Pending) {
				return false, nil
			}
			quiet.Reset(submitBound - quietFor)
		}
		select {
		case <-ch:
		case <-poll:
		case <-t.done:
		case <-quiet.C:
		case <-ctx.Done():
			if seen.Unread > 0 {
				return false, fmt.Errorf("%w: Enter was pressed %v ago and the line is still in the terminal's "+
					"input queue (%d bytes unread): the program never read it, what the screen shows of it is "+
					"the kernel's echo (%w)", ErrNotTaken, t.cfg.clock.Now().Sub(pressed).Round(time.Millisecond),
					seen.Unread, ctx.Err())
			}
			return false, fmt.Errorf("waiting for the program to take the line: %w", ctx.Err())
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
