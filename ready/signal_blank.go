package ready

import "time"

// blank: nothing drawn is not ready. A program that switched to the
// alternate screen and left it blank while it starts (an agent's start-up
// was blank for 7–15 s, issue 20 class 4) shows no prompt, no input box,
// nothing a user could type at; the silence fallback called it ready after
// 2 s. The screen's signals hold it back while every row is empty, for
// at most tune.BlankHold of a still screen, tune.BlankAltHold on the
// alternate screen (a bound: no signal vetoes for ever); a sure signal ranked above (the kernel seeing a blocked reader,
// cat on a blank screen; a shell's OSC 133) still decides at once.

type blankSignal struct{}

func init() {
	register(signalKind{name: "blank", rank: rankBlank, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return blankSignal{}, nil }})
}

// steady (kept.go): it abstains on a screen with something drawn, or once the hold is over: for good.
func (blankSignal) steady() {}

func (blankSignal) seen(*facts) {}

func (blankSignal) vote(f *facts, now time.Time) vote {
	if f.view == nil || !f.view.blank {
		return vote{}
	}
	bound := tune.BlankHold
	if f.view.snap.AltScreen() {
		bound = tune.BlankAltHold
	}
	until := f.lastChange.Add(bound)
	if !now.Before(until) {
		return vote{}
	}
	return hold(SignalOutput, "nothing drawn on the screen yet").later(until)
}
