package ready

import "time"

// busyShown: whether the program showed, since the last input, that it was
// busy (a busy marker of the profile on screen, the title's spinner among
// them, or a busy animation: busy-animation's spinners, status words and
// bars), and whether all of it is gone now.
//
// It shortens the kernel's hold on an event loop's work (tune.LoopWorkHold)
// to the quiet window: agents on node and bun run on, the thread that
// watches the terminal among the others, for 0.3-5 s after their final
// frame (telemetry, history, a child's pipe), and the kernel cannot tell
// that from work about to draw. A program that said it was busy and has
// taken every sign of it off the screen said it is done; what it draws
// next is its own business, not the turn's. The hold stays whole where the
// program said nothing (irb works 200 ms past its second prompt, with no
// busy sign before it), and at start-up (kernelSignal.bounded).
type busyShown struct {
	shown bool // a busy sign was on screen since the last input
}

// note looks at the screen just changed.
func (b *busyShown) note(f *facts) {
	if busyOnScreen(f) {
		b.shown = true
	}
}

// input forgets: each turn shows its own signs.
func (b *busyShown) input() { b.shown = false }

// gone reports whether a busy sign was shown since the last input and
// none is on screen now.
func (b *busyShown) gone(f *facts) bool {
	return b.shown && f.view != nil && !busyOnScreen(f)
}

// busyOnScreen reports whether the screen shows a busy sign: a busy marker
// of the profile (fresh or not), or a busy animation drawn since the last
// input, still shown as it was last drawn, with nothing drawn below it
// since (drawnBelow). A tool's status glyph turned once (Continue's
// "○ Bash" to "● Bash", recordings/agents/generic/continue-approval.cast)
// reads as two frames of an animation and stays drawn as it was left: the
// answer drawn below it ends it. A sign the busy-animation signal no
// longer counts otherwise (stalled, or left behind by a prompt drawn
// elsewhere: movedOnFrom) still holds here: the work it names may go on
// while the program draws nothing (visidata's "sorting…" through a 4 s sort,
// its "overwrite?" drawn while its threads still save).
func busyOnScreen(f *facts) bool {
	if f.view == nil {
		return false
	}
	if len(f.view.busy) > 0 {
		return true
	}
	for r, br := range f.busyAnim.rows {
		if f.view.row(r) == br.text && !br.at.Before(f.ref) && !drawnBelow(f, r, br.at) {
			return true
		}
	}
	return false
}

// loopHold is how long an event loop's work holds ready back once the
// screen has settled: the quiet window when the program took its busy
// signs off the screen, or when it showed them since the input and a
// question that may decide is on screen now (an agent's approval dialog,
// drawn beside its spinner: the loop runs the spinner while it waits for
// the answer), tune.LoopWorkHold otherwise. Not for a question left on
// screen by a program that showed no busy sign since the input: ink's
// menu stays drawn while node exits after Quit (ready/exiting_test.go).
// Until the screen has been still for the quiet window it says the quiet
// window, so the kernel looks again then; finding a question on a frame
// not yet still would be wasted work.
func (k *kernelSignal) loopHold(f *facts, now time.Time) time.Duration {
	q := min(tune.LoopWorkHold, f.prof.Quiet.D())
	if k.shown.gone(f) || now.Sub(k.settled(f)) < q {
		return q
	}
	if k.shown.shown && f.view != nil && f.view.promptDecides() != nil {
		return q
	}
	return tune.LoopWorkHold
}
