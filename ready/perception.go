package ready

import (
	"slices"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Perceptions as parts. What the engine perceives on the screen is split
// into parts, as its decision is into signals: each perception lives in its
// own file (perceive_*.go), keeps what it remembers in a state of its own
// (a field of facts, of the part's type) and registers itself with its
// place in the order. For every snapshot, facts.see hands the parts one
// glance, in order: the snapshot, the view before and the one made of it,
// when it changed, which rows changed. A part reads the glance and the
// parts before it, notes what it perceives, and may end the look: the
// snapshot holds no visible change (a cursor blinking, a clock ticking).
// Signals read the parts they depend on.
//
// Adding a perception is adding a file with its part, its rank and a
// field of facts to hold it.

// perception is one part of what the engine perceives.
type perception interface {
	// look takes in one snapshot; false ends the look: the snapshot made
	// no visible change, and the parts after this one do not see it.
	look(f *facts, g *glance) bool
}

// hearsInput is a perception that takes note of input sent.
type hearsInput interface {
	input()
}

// The order of the perceptions. Gaps leave room.
const (
	lookSync      = 100  // DEC mode 2026 open or closed: every snapshot, changed or not
	lookChange    = 200  // a screen at all, changed at all; the view made of it
	lookExcursion = 250  // the cursor taken away and back, nothing else changed: no change
	lookBlink     = 300  // a cursor blinking: no change
	lookClock     = 400  // a clock or timer ticking: no change
	lookDrawn     = 500  // the cursor the program draws itself, in its off phase too
	lookRows      = 600  // when each row last changed
	lookBusy      = 700  // rows showing a busy animation
	lookTitle     = 800  // when the title last changed
	lookAnimation = 900  // frames of small regions and of the title; solid changes
	lookReaction  = 1000 // the program's reaction to the input sent
)

// perceptionKind is a registered perception: its name, its place, and
// where its part lives in the engine's facts.
type perceptionKind struct {
	name string
	rank int
	part func(f *facts) perception
}

var perceptions []perceptionKind

// perceive registers a perception; each perception file calls it from
// init.
func perceive(k perceptionKind) {
	for _, o := range perceptions {
		if o.name == k.name || o.rank == k.rank {
			panic("ready: perception " + k.name + " registered twice or with the rank of " + o.name)
		}
	}
	perceptions = append(perceptions, k)
	slices.SortFunc(perceptions, func(a, b perceptionKind) int { return a.rank - b.rank })
}

// glance is one snapshot as the parts see it, built up part by part.
type glance struct {
	snap screen.Snapshot
	old  *view     // the view before; nil before the first
	cur  *view     // the view of snap (set by the change part)
	t    time.Time // when the screen changed (set by the change part)
	// hid: the terminal's cursor hidden with nothing else changed, the
	// first toggle in a while (set by the blink part)
	hid bool
	// ticked: the rows changed by nothing but a clock or timer ticking
	// (set by the clock part)
	ticked map[int]bool
	// busy: the rows this change animated as a known busy animation (set
	// by the busy part)
	busy map[int]bool

	over, grown []int // rows overwritten, rows that only grew (changed)
	compared    bool
}

// changed returns the rows overwritten and the rows that only grew since
// the view before (changedRows), compared once per glance.
func (g *glance) changed() (over, grown []int) {
	if !g.compared {
		g.over, g.grown = changedRowsInto(g.old, g.cur, g.over[:0], g.grown[:0])
		g.compared = true
	}
	return g.over, g.grown
}

// reset readies g for the next snapshot, keeping its buffers.
func (g *glance) reset(s screen.Snapshot, old *view) {
	*g = glance{snap: s, old: old, over: g.over[:0], grown: g.grown[:0]}
}
