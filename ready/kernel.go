package ready

import (
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// kernelSignal weighs the kernel's view of the terminal (package kernel):
// whether the foreground process group is blocked reading the terminal,
// working elsewhere, or watching it from an event loop.
//
// The rule, measured on python3 input(), bash, sqlite3, bc, node's
// readline and a bubbletea program:
//
//   - ready (a password question when the line is read with echo off),
//     at once, when the latest observation was made after the last
//     output and input and says Reading (every process single-threaded,
//     one blocked waiting for the terminal alone, no timeout: read(2), or
//     readline's pselect6 on the terminal), with no output pending and no
//     input unread. Such a program cannot draw anything more until it gets
//     input, so what the screen shows is final. python3, bash, sqlite3 and
//     bc all wait like this at their prompts;
//   - busy when it says Working, for 5 ms or more: no thread of the
//     foreground group waits on the terminal at all (sqlite3 running a silent query, sleep in
//     clock_nanosleep after the shell handed it the terminal, python in
//     time.sleep), whatever the screen shows. An observation stays true
//     for busy until the next one, which termtest takes every few
//     milliseconds while the engine is not ready;
//   - busy while output is pending in the terminal or input sits unread:
//     the screen is not final, or the program has not seen what was typed
//     (in canonical mode the kernel counts only complete lines, so a
//     half-typed line does not count);
//   - nothing otherwise. Event loops (node, Go's bubbletea, asyncio) wait
//     in epoll or pselect with the terminal in the set among threads both
//     when idle and between frames of a spinner: Watching says neither, and
//     the screen's signals decide.
//
// After input, an observation that finds the program reading again with
// nothing unread is its reaction, drawn or not. The feeder (termtest)
// guarantees such an observation was made with the input already written.
//
// When the group stops working after 50 ms or more, the screen's quiet
// windows start again: a program silent through a long computation is not
// "quiet" the moment it finishes, before it has drawn its answer.
type kernelSignal struct {
	view    kernel.View
	fresh   bool      // observed after the last output, input and resize
	working time.Time // since when the group is seen working; zero if it is not
}

const (
	// workConfirm is how long the group must have been seen working
	// before the kernel says busy: a process caught running for a moment
	// right after it wrote (an event loop handling a timer) is no work.
	workConfirm = 5 * time.Millisecond
	// longWork is how long a stretch of work must last for its end to
	// restart the screen's quiet windows.
	longWork = 50 * time.Millisecond
)

// observeKernel takes a new observation of the kernel.
func (e *Engine) observeKernel(ev Event) {
	k := &e.kern
	switch was, is := k.view.Wait == kernel.Working, ev.Kernel.Wait == kernel.Working; {
	case is && !was:
		k.working = ev.Time
	case was && !is:
		if ev.Time.Sub(k.working) >= longWork && ev.Time.After(e.lastChange) {
			e.lastChange, e.lastSolid = ev.Time, ev.Time
		}
		k.working = time.Time{}
	}
	k.view, k.fresh = ev.Kernel, true
	// Back to reading with nothing unread after input: the program took
	// it, even if it drew nothing (bash after ^C flushed the line typed
	// ahead). The live terminal feeds only observations made with the
	// input already in the PTY.
	if v := ev.Kernel; e.awaiting && v.Wait == kernel.Reading && v.Unread == 0 && !v.Pending {
		e.awaiting = false
	}
}

// heard notes an event the last observation predates.
func (k *kernelSignal) heard() { k.fresh = false }

// kernelDecision returns the kernel's vote at now, if it has one.
func (e *Engine) kernelDecision(v *view, now time.Time) (decision, bool) {
	k := e.kern
	switch {
	case k.view.Wait == kernel.Working && now.Sub(k.working) < workConfirm:
		e.wake(now, k.working.Add(workConfirm))
		return decision{}, false
	case k.view.Wait == kernel.Working:
		return e.notReady(SignalKernel, "the foreground process is not waiting on the terminal (%s)", k.view.Doing), true
	case k.view.Pending:
		return e.notReady(SignalKernel, "output is pending in the terminal (%s)", k.view.Doing), true
	case k.view.Unread > 0:
		return e.notReady(SignalKernel, "%d bytes of input not read yet (%s)", k.view.Unread, k.view.Doing), true
	case k.view.Wait != kernel.Reading || !k.fresh:
		return decision{}, false
	case v.prompt != nil && !e.movedOn():
		return decision{state: Question, signal: SignalKernel, prompt: v.prompt,
			reason: "question on screen; the foreground process is blocked reading the terminal (" + k.view.Doing + ")"}, true
	case k.view.Canonical && !k.view.Echo:
		// A line read with echo off is a secret, whatever the prompt says.
		return decision{state: Question, signal: SignalKernel, prompt: &Prompt{Kind: "password", Text: strings.TrimSpace(v.before), Default: -1},
			reason: "the foreground process reads a line with echo off, a password (" + k.view.Doing + ")"}, true
	}
	return decision{state: Ready, signal: SignalKernel,
		reason: "the foreground process is blocked reading the terminal (" + k.view.Doing + "), all output drawn, no input unread"}, true
}
