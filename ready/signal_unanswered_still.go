package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// A line taken by a program the kernel finds still: no answer is on its
// way from elsewhere.
//
// The unanswered signal holds a line taken from an input box with nothing
// else drawn, up to the silence window: an agent takes the line and shows
// its work a second later (issue 20, class 4), its loop busy with a
// model's socket, a worker thread or a child meanwhile. A look made after
// the Enter and after the last output that finds the foreground group
// Still (kernel.View.Still: every thread waits for the terminal or the
// program's own wake-ups, none ran since the look before, no socket, pipe
// or file of another process in its sets) says no such work is under way:
// the program can act on nothing but input, a signal, or a timer of its
// own, and a timer due within tune.TimerHold is the kernel signal's to
// wait out (kernel_tick.go). Then the hold yields to the screen's signals.
// Corpus weechat takes "/wait 1 /print built" off its input line, draws
// nothing, and reads keys at once (its truth): held 1.15 s, until the
// /wait drew "built".

// stillLook is what the unanswered signal keeps of the kernel's looks:
// the Enter the group was found still after (zero: none). A look after
// that which finds the loop run (its timer fired, drawing nothing) brings
// no answer from elsewhere either: the hold stays released until the next
// Enter.
type stillLook struct {
	since time.Time
}

// note takes in an event while a line sent at since is pending: a look
// made after it that finds the group Still (nothing ran since the look
// before, so nothing was written either) with nothing pending and nothing
// unread releases the hold for that Enter.
func (s *stillLook) note(ev Event, since time.Time) {
	v := ev.Kernel
	if ev.Kind == Kernel && ev.Time.After(since) && v.Still && v.Wait != kernel.Working && !v.Pending && v.Unread == 0 {
		s.since = since
	}
}

// released reports whether a look found the group still after the Enter
// at since.
func (s *stillLook) released(since time.Time) bool {
	return !since.IsZero() && s.since.Equal(since)
}
