package ready

import (
	"fmt"
	"strings"
	"time"
)

// busy-animation: what a program draws while it works, classified by what
// it is rather than timed. It is not ready while one of these, drawn since
// the last input, is still shown as it was last drawn, with nothing drawn
// below it since (output below means the program moved on and left it
// behind), for up to tune.BusyStall after it was last repainted:
//
//   - a spinner: a row repainted with only spinner glyphs changed
//     (braille, |/-\, ✻✶✢·, ◐◓◑◒ ...; cli-spinners, ora, Ink, rich, the agent
//     CLIs), or a row drawn starting with a glyph only spinners start a
//     line with (braille, quarter circles; | / \ before a word on a row
//     with no other |, which would make it a table), so that a spinner
//     whose first gap is its longest is busy from its first frame. (A glyph the program was seen spinning is
//     not enough on a first frame: Claude Code ends a turn with
//     "✻ Churned for 1s", its spinner's glyph.);
//   - a status word: a gerund and an ellipsis ("Thinking…",
//     "Downloading...", "working..."): programs write it before they work,
//     and it stays while they are silent;
//   - a progress bar or counter: a row repainted with only digits, bar cells
//     or trailing dots changed (tqdm's `37%|███▋      |`, npm's, pip's),
//     or a bar under the same label whatever its statistics after it do
//     (tqdm's rate turns "1.04s/it" into "1.39it/s"), or from its first
//     frame a bar with a percentage next to it; short of 100%.
//
// These hold through stalls longer than any quiet window (tqdm stalls
// 0.7–2.4 s; an agent may think silently for seconds), which timing alone
// cannot. Blinks, clocks and timers never reach here: they are no change
// (blink.go, clock.go); a row whose duration token runs out of step with
// the clock (a countdown, a counter of seconds) is progress. A full-screen
// program repaints counters, meters and status text while it waits for
// keys (top, htop, urwid's header clock), so on the alternate screen only
// a spinner counts (bubbles list's title spinner while it installs), and a
// status word drawn outside a whole-screen refresh, for the silence window
// at most; the rest is left to the animation signal.

type busyAnimSignal struct{}

func init() {
	register(signalKind{name: "busy-animation", rank: rankBusyAnim, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return busyAnimSignal{}, nil }})
}

// steady (kept.go): it abstains when no busy row was drawn recently enough: rows only grow staler as time
// passes.
func (busyAnimSignal) steady() {}

func (busyAnimSignal) seen(*facts) {}

func (busyAnimSignal) vote(f *facts, now time.Time) vote {
	best, row := f.busyShownAt(now)
	if best == nil {
		return vote{}
	}
	frames := ""
	if best.frames > 1 {
		frames = fmt.Sprintf(", %d frames", best.frames)
	}
	return hold(SignalAnimation, "%s at row %d (last drawn %v ago%s): %q", best.kind, row, roundMS(now.Sub(best.at)), frames, clip(strings.TrimSpace(best.text), 60)).
		later(best.at.Add(best.stall))
}

// busyShownAt returns the busy animation the signal holds for at now, the
// latest drawn, and its row: drawn since the last input, still shown as
// drawn, nothing drawn below it since, within its stall; nil if none.
func (f *facts) busyShownAt(now time.Time) (*busyRow, int) {
	v := f.view
	best, row := (*busyRow)(nil), 0
	for r, br := range f.busyAnim.rows {
		if v.row(r) != br.text || br.at.Before(f.ref) || now.Sub(br.at) >= br.stall || drawnBelow(f, r, br.at) || movedOnFrom(f, r, br) {
			continue
		}
		if best == nil || br.at.After(best.at) || br.at.Equal(best.at) && r < row {
			best, row = br, r
		}
	}
	return best, row
}

// drawnBelow reports whether a row below r (not a clock) changed well after
// at: the program moved on below what it left there.
func drawnBelow(f *facts, r int, at time.Time) bool {
	for i := r; i < len(f.rows.at); i++ {
		if f.rows.at[i].Sub(at) > f.prof.Quiet.D() && !f.clock.rows[i+1] {
			return true
		}
	}
	return false
}
