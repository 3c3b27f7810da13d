package ready

import (
	"slices"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// ticks: a change after the input that only repaints a region already
// animating before it (a header's counter, a clock, a spinner: the
// animation perception's repeat frame, facts.lastSolid unmoved) is a timer's
// tick due anyway, not the program's reaction to the input. Live, at load
// 25 (corpus/testdata/load/fullscreen-tick-after-key.cast): the fullscreen
// fixture's 250 ms header counter drew 74 ms after j, before its main loop
// had taken the key; taken as the reaction, it let the full-screen frame
// rule, which counts no repeat frame, call the list ready at once on a
// screen "still for 634 ms", 400 ms before the key's redraw.
//
// A region counts only once the program drew a frame of it by itself: with
// no reaction to input awaited, and not within the quiet window after an
// input (a timer's: the fixture's first tick came before any key, and the
// next one right after j, at load 20, in round 10's failures). A region
// whose frames each answered a key is the program answering again: htop's
// `t`, pressed twice, redraws the same two rows 3 ms after each, the first
// time after a cursor move that was the reaction (corpus
// testdata/load/htop.cast).
//
// And only while nothing says the program took the input: a look of the
// kernel's after the input that found it read, by a program of one thread
// (its reader is what draws), makes the next frame its reaction, repeat or
// not (visidata's j moves its cursor row over rows its loading drew on a
// cadence: corpus visidata, read 4 ms before the frame). A reader among
// threads proves nothing: it hands the key on (signal_kernel.go,
// handedOn), as the fullscreen fixture's reader goroutine does.
//
// Such frames leave the reaction awaited, bounded: once the silence window
// has passed since the first of them with nothing else drawn, the key drew
// nothing but the animation goes on, and the other signals decide (a
// monitor that ignores a key costs that window, never more). The kernel's
// look that finds the program reading again with the key read ends the
// wait at once, as it does without frames (facts.reacted). A repeat frame
// of a region an earlier answer drew (frame.answer) is a reaction that has
// begun: signal_reactionstart.go holds its stillness from that frame.

// tickOnly reports whether the change g, awaiting a reaction, is a repeat
// frame alone (the animation perception ranks before the reaction's, so
// lastSolid already says) of regions that each kept a cadence of their own,
// and notes when the first such frame came.
func (r *reaction) tickOnly(f *facts, g *glance) bool {
	if !r.awaiting || g.old == nil || !f.lastSolid.Before(g.t) || !r.takenAt.IsZero() {
		return false
	}
	over, grown := g.changed()
	if rows := append(slices.Clone(over), grown...); len(rows) > 0 && !f.anim.cadenced(rowKey(rows), g.t) {
		return false
	}
	if g.old.snap.Title() != g.snap.Title() && !f.anim.cadenced("title", g.t) {
		return false
	}
	if r.tickedAt.IsZero() {
		r.tickedAt = g.t
	}
	return true
}

// tickVote is the reaction signal's vote while only repeat frames came
// since the input: a hold until the silence window after the first of
// them, then no opinion. ok is false when no such frame came.
func (r *reaction) tickVote(f *facts, now time.Time) (v vote, ok bool) {
	if !r.awaiting || r.tickedAt.IsZero() {
		return vote{}, false
	}
	end := r.tickedAt.Add(f.prof.Silence.D())
	if !now.Before(end) {
		return vote{}, true
	}
	return hold(SignalInput, "input sent; since, only repeat frames of an animation already running (a tick due anyway, %v ago), no reaction", roundMS(now.Sub(r.tickedAt))).
		later(end), true
}

// cadenced reports whether region key had a frame before t, overwriting
// the last and no older than tune.AnimWindow, that the program drew by
// itself (not frame.answer): a timer's animation. A frame that came as the
// answer to a key is not one (htop's rows redrawn by each `t`).
func (a *animation) cadenced(key string, t time.Time) bool {
	for _, f := range a.frames {
		if f.key == key && f.over && !f.answer && f.t.Before(t) && t.Sub(f.t) < tune.AnimWindow {
			return true
		}
	}
	return false
}

// answered marks the frames drawn at t as part of an answer to input
// (frame.answer): drawn while a reaction was awaited or within the quiet
// window after the input.
func (a *animation) answered(t time.Time) {
	for i := len(a.frames) - 1; i >= 0 && a.frames[i].t.Equal(t); i-- {
		a.frames[i].answer = true
	}
}

// observe takes in the kernel's looks for the reaction signal: one after
// the input that finds it read by a program of one thread notes that the
// input was taken (reaction.takenAt).
func (reactionSignal) observe(f *facts, ev Event) {
	r := &f.reaction
	if ev.Kind != Kernel || !r.awaiting || !r.takenAt.IsZero() || !ev.Time.After(f.inputAt) {
		return
	}
	if v := ev.Kernel; v.Wait != kernel.Unknown && v.Unread == 0 && !strings.Contains(v.Doing, kernel.AmongThreads) {
		r.takenAt = ev.Time
	}
}
