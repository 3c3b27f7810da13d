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
// input and still shown as it was last drawn.
func busyOnScreen(f *facts) bool {
	if f.view == nil {
		return false
	}
	if len(f.view.busy) > 0 {
		return true
	}
	for r, br := range f.busyAnim.rows {
		if f.view.row(r) == br.text && !br.at.Before(f.ref) {
			return true
		}
	}
	return false
}

// loopHold is how long an event loop's work holds ready back once the
// screen has settled: the quiet window when the program took its busy
// signs off the screen, tune.LoopWorkHold otherwise.
func (k *kernelSignal) loopHold(f *facts) time.Duration {
	if k.shown.gone(f) {
		return min(tune.LoopWorkHold, f.prof.Quiet.D())
	}
	return tune.LoopWorkHold
}
