package ready

import (
	"fmt"
	"slices"
	"time"
)

// Animation awareness. A spinner, an elapsed-time counter or a title that
// cycles glyphs repaints a small region again and again while the program
// works, and the gaps between its frames can be longer than any fixed quiet
// window (Claude Code's spinner frames come up to ~450 ms apart while its
// cursor sits in the input box). So the engine remembers recent repaints of
// small regions and, while they are recent, asks for a quiet period well
// above the longest gap between two frames of the same region.
//
// A repaint counts as a frame only when it overwrites what was there: text
// that merely grows (a prompt drawn in parts, typed echo) is drawing, not
// animating. And a gap is a cadence only when no input came between its two
// frames: a region drawn before the input and redrawn after it (an input
// line cleared on Enter, a status line turned from "ready" to "running", a
// toolbar erased when the line is accepted) shows the program answering the
// input, and the gap measures how long the user took, not how fast the
// program repaints by itself.

const (
	animMaxRows = 3  // a repaint touching more rows is a redraw, not a spinner
	animFrames  = 64 // frames remembered at most
)

// frame is one change of a small region.
type frame struct {
	t    time.Time
	key  string // "title" or the rows changed, like "row 12"
	rows []int  // the rows changed; none for the title
	over bool   // it overwrote something: only such a frame ends a gap
	// classified: a frame of a busy animation of a known kind (busyanim.go),
	// which holds busy by what it is: its cadence need not be outwaited.
	classified bool
	turn       int // inputs sent before it: a gap is measured within a turn
	// answer: drawn while a reaction to input was awaited or within the
	// quiet window after the input, as part of the program's answer to
	// it; the others it drew by itself (reaction_ticks.go).
	answer bool
}

type animation struct {
	frames []frame
	turn   int       // inputs sent so far
	rest   titleRest // the title as the input found it (title_return.go)
}

// input notes that input was sent: no gap spans it.
func (a *animation) input() { a.turn++; a.rest.input() }

// add records a change of a small region; over says it overwrote what was
// there (the region's first drawing only starts the clock).
func (a *animation) add(t time.Time, key string, rows []int, over, classified bool) {
	if len(a.frames) == animFrames {
		a.frames = append(a.frames[:0], a.frames[1:]...)
	}
	a.frames = append(a.frames, frame{t: t, key: key, rows: rows, over: over, classified: classified, turn: a.turn})
}

// forget drops the frames of every region that includes one of rows.
func (a *animation) forget(rows []int) {
	keep := a.frames[:0]
	for _, f := range a.frames {
		if !f.touches(rows) {
			keep = append(keep, f)
		}
	}
	a.frames = keep
}

// forgetKey drops the frames of one region (the title).
func (a *animation) forgetKey(key string) {
	keep := a.frames[:0]
	for _, f := range a.frames {
		if f.key != key {
			keep = append(keep, f)
		}
	}
	a.frames = keep
}

func (f frame) touches(rows []int) bool {
	for _, r := range f.rows {
		if slices.Contains(rows, r) {
			return true
		}
	}
	return false
}

// seen reports whether key had a frame within tune.AnimMaxGap before t.
func (a *animation) seen(t time.Time, key string) bool {
	for i := len(a.frames) - 1; i >= 0; i-- {
		f := a.frames[i]
		if t.Sub(f.t) > tune.AnimMaxGap {
			return false
		}
		if f.key == key && f.over {
			return true
		}
	}
	return false
}

// cadence returns the longest gap between consecutive frames of one region
// within the window before now, the region, how many frames it had, and
// when the gap is forgotten (its first frame leaves the window).
func (a *animation) cadence(now time.Time) (gap time.Duration, key string, frames int, until time.Time) {
	last := map[string]frame{}
	count := map[string]int{}
	for _, f := range a.frames {
		if !now.Before(f.t.Add(tune.AnimWindow)) {
			continue
		}
		if prev, ok := last[f.key]; ok && f.over && !f.classified && prev.turn == f.turn {
			if g := f.t.Sub(prev.t); g <= tune.AnimMaxGap && g > gap {
				gap, key, until = g, f.key, prev.t.Add(tune.AnimWindow)
			}
		}
		last[f.key] = f
		if f.over {
			count[f.key]++
		}
	}
	return gap, key, count[key], until
}

// animNeed is the quiet period recent animation demands: how long, why,
// and until when (then a shorter one may do).
type animNeed struct {
	quiet time.Duration
	why   string
	until time.Time
}

// need returns the quiet period recent animation demands (zero if none).
// It lasts until the gap it comes from leaves the window: whoever waits
// on it must look again then, not only once it has been outwaited.
func (a *animation) need(now time.Time) animNeed {
	gap, key, n, until := a.cadence(now)
	if gap == 0 {
		return animNeed{}
	}
	// Half again the longest gap: a frame late by 50% is still a frame, and
	// the wait stays below twice the gap.
	return animNeed{quiet: gap + gap/2, until: until,
		why: fmt.Sprintf("%s repainted %d times, up to %v apart", key, n, gap.Round(time.Millisecond))}
}
