package ready

import (
	"slices"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// reaction-start: the first visible change after input is the start of the
// program's reaction to it, never a ready of its own. A full-screen
// program's stillness is counted from its last solid change, and a change
// that repaints a region seen changing moments before is a repeat frame
// (perceive_animation.go), not solid: when the reaction starts by
// repainting such a region, the stillness counted from before the input
// calls the screen still the instant the reaction starts. WeeChat's /fset
// answered a Down arrow by rewriting its position counter ("1/9" to "2/9",
// a row it had repainted in the turn before) and redrew its list 0.2 ms
// later: ready on the counter, the list not drawn (corpus
// testdata/load/weechat-fset.cast, at a load of 21).
//
// So a reaction that starts with a repeat frame rewriting text holds the
// stillness the screen needs from its start, unless the kernel, looking
// after the input, saw the program back waiting on the terminal with the
// input read and its output written (visidata's cursor moved down a row:
// its poll of the terminal read with the redraw still pending): what it
// wrote then is all it has to write. A change of colours alone (focus
// moved between buttons) draws no text and stays a repeat frame (echo.go).
// Its twin for a region a timer repaints by itself (a header's counter
// ticking while the key is not yet taken) is reaction_ticks.go: such a
// frame is no reaction at all; this signal takes the rest, a repeat of a
// region an earlier answer drew, as a reaction that has only begun.
type reactionStartSignal struct {
	awaiting bool      // input sent, no visible change since
	start    time.Time // the reaction's start, when it was a repeat frame that rewrote text; zero otherwise
	inputAt  time.Time
	waited   bool // a look after the input saw the program waiting on the terminal, its output written
}

// rankReactionStart: after the signals that know the program busy or ready
// by what it shows (markers, animations of a busy kind, a monitor's
// period, a line taken), before the animation's cadence and the cursor.
const rankReactionStart = rankLineTaken + 2

func init() {
	register(signalKind{name: "reaction-start", rank: rankReactionStart, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &reactionStartSignal{}, nil }})
}

func (r *reactionStartSignal) observe(_ *facts, ev Event) {
	switch ev.Kind {
	case Input:
		*r = reactionStartSignal{awaiting: true, inputAt: ev.Time}
	case Resize:
		*r = reactionStartSignal{}
	case Kernel:
		v := ev.Kernel
		if !r.inputAt.IsZero() && ev.Time.After(r.inputAt) && (v.Wait == kernel.Reading || v.Wait == kernel.Watching) &&
			v.Unread == 0 && (v.Pending || !r.start.IsZero()) {
			r.waited = true
		}
	}
}

func (r *reactionStartSignal) seen(f *facts) {
	if !r.awaiting {
		return
	}
	r.awaiting = false
	over, grown := f.changed()
	if f.lastSolid.Before(f.lastChange) && rewritesText(f.prev, f.view, slices.Concat(over, grown)) {
		r.start = f.lastChange
	}
}

func (r *reactionStartSignal) vote(f *facts, now time.Time) vote {
	if r.start.IsZero() || r.waited || !f.lastSolid.Before(r.start) {
		return vote{}
	}
	need := fullStillness(f, now).need
	if quiet := now.Sub(r.start); quiet < need {
		return hold(SignalOutput, "the reaction to the input began %v ago, repainting a region drawn before it; needs %v still from its start",
			roundMS(quiet), roundMS(need)).later(r.start.Add(need))
	}
	return vote{}
}

// rewritesText reports whether one of rows, changed from old to cur, shows
// other text than it did (not its colours alone).
func rewritesText(old, cur *view, rows []int) bool {
	if old == nil || cur == nil {
		return false
	}
	return slices.ContainsFunc(rows, func(r int) bool {
		return r >= 1 && r <= len(cur.rows) && r <= len(old.rows) && old.rows[r-1] != cur.rows[r-1]
	})
}
