package ready

import "time"

// A question drawn beside a spinner that turned since the input is not
// asked yet: the program is still working, and redraws the question when
// it is done (bubbles list: its title spinner turns while the item
// installs, the list drawn under it all along). The question signal
// outranks the busy-animation signal (a dialog may sit under a busy
// footer), and it asked once the screen stood still for the quiet window:
// on a loaded machine a spinner's frame comes 330 ms late, and the list
// was called a question 500 ms-1.3 s before the program took keys
// (corpus/testdata/bubbles-list-load.cast). No quiet window outwaits a
// stall of unknown length, so it waits for the spinner instead: until it
// is taken off, left behind by output below it, or stalled for
// tune.BusyStall (bounded, as the busy-animation signal). An approval
// dialog keeps its own rule (question_beside.go: pi spins "Working..."
// above a dialog that waits).

// spinningBeside returns, for a question p not yet asked, when the spinner
// beside it stops counting, if one turned since the input and is still
// shown as drawn.
func (f *facts) spinningBeside(p *Prompt, now time.Time) (time.Time, bool) {
	if p == nil || p.Kind == PromptPermission {
		return time.Time{}, false
	}
	br, _ := f.busyShownAt(now)
	if br == nil || br.kind != "spinner" || br.frames < 2 {
		return time.Time{}, false
	}
	return br.at.Add(br.stall), true
}
