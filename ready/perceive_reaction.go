package ready

import "time"

// reaction: whether the program has reacted to the input sent. Input
// makes the engine await a reaction; any visible change is one, except a
// cursor hidden with nothing else changed (or the screen drawn again as it
// was): a program hides its cursor to draw (blessed, tview), and its
// reaction is what it draws next, for up to the silence window
// (signal_reaction.go). It remembers when that cursor was hidden.
type reaction struct {
	awaiting bool      // input sent, no visible reaction yet
	hidAt    time.Time // when the program hid its cursor, awaiting, and drew nothing else
	wroteAt  time.Time // awaiting, when the program last wrote and changed nothing visible (reaction_writes.go)
	tickedAt time.Time // awaiting, when the program first drew only a repeat frame of an animation (reaction_ticks.go)
	takenAt  time.Time // awaiting, when the kernel saw the input read by a program of one thread (reaction_ticks.go)
}

func init() {
	perceive(perceptionKind{name: "reaction", rank: lookReaction, part: func(f *facts) perception { return &f.reaction }})
}

func (r *reaction) look(f *facts, g *glance) bool {
	if r.awaiting && (g.hid || identical(g.old, g.cur)) {
		if r.hidAt.IsZero() {
			r.hidAt = g.t
		}
		return true
	}
	if r.tickOnly(f, g) {
		return true
	}
	*r = reaction{} // a visible change is the program's reaction
	return true
}

// input starts awaiting the program's reaction.
func (r *reaction) input() { *r = reaction{awaiting: true} }
