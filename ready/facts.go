package ready

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// facts is what the engine has seen, kept up to date event by event and
// read by every signal: the screen as last seen and when it last changed,
// the input, what the protocols said, and the state of every perception
// (perception.go: when each row changed, the animation frames, the busy
// rows, the clocks...). Signals read it; only the engine and its
// perceptions write it.
type facts struct {
	prof Profile
	// the profile's marker sets, compiled
	busy, idle, questions []compiledMarker

	now time.Time // latest time seen
	// rev moves whenever the facts change (kept.go): at every event but a
	// kernel view, and at the changes the others make.
	rev uint64
	ref time.Time // start of the current wait for readiness: start or last input

	memo matchMemo                // pattern results by row text, for every view (memo.go)
	bits map[*compiledMarker]uint // each of busy, idle and questions' bit in a view's marks
	view *view                    // the screen as last seen; nil before the first one
	prev *view                    // the screen before the last visible change
	// lastChange is when the screen last changed visibly; lastSolid the
	// same, leaving out repeat frames of a region already seen animating
	// (the alternate screen's clocks and counters).
	lastChange, lastSolid time.Time
	// redrawn: when the screen last showed something new, and whether it
	// has been erased and drawn the same again since (redrawn.go).
	redrawn redrawn
	// lastDrawn is when the screen last changed visibly, never moved by
	// the kernel's restarts (restartQuiet).
	lastDrawn time.Time
	proto     protocols

	// quietTill: the kernel proves nothing can be drawn before it, but
	// for input, a resize or a signal (kernel_quiet.go); zero: no proof.
	quietTill time.Time

	inputAt  time.Time
	typed    string  // the text of the last input a program could show back (echo.go)
	answered *Prompt // the question on screen when input was last sent
	waited   bool    // a Ready or Question state was reached at least once

	asked   *Prompt   // the question the question signal last declared
	askedAt time.Time // the last input before it (zero: none)

	// The perceptions (perception.go), in order, and each one's state;
	// the glance they took at the last snapshot.
	parts     []perception
	glance    glance
	sync      syncing
	change    change
	excursion excursion
	blink     blink
	clock     clocks
	drawn     drawn
	rows      rowTimes
	busyAnim  busyAnims
	title     title
	anim      animation
	reaction  reaction

	// noRowAnswers: views keep no answers per row (rowanswers.go; a test's
	// WithoutRowAnswers).
	noRowAnswers bool
	// noPermitCheck: the question signal searches every frame beside a
	// spinner for a permission question, even where no row could name one
	// (view.mayAskPermission; a test's WithoutPermitCheck).
	noPermitCheck bool
}

// setUp readies f for p: its markers compiled, its perceptions in order.
func (f *facts) setUp(p Profile) {
	f.prof = p
	f.busy, f.idle, f.questions = compileAll(p.Busy), compileAll(p.Idle), compileAll(p.Question)
	for _, k := range perceptions {
		f.parts = append(f.parts, k.part(f))
	}
}

// see takes in the screen after an event: the perceptions look at it in
// order (perception.go). It reports whether the screen changed visibly.
func (f *facts) see(s screen.Snapshot) bool {
	g := &f.glance
	g.reset(s, f.view)
	for _, p := range f.parts {
		if !p.look(f, g) {
			return false
		}
	}
	f.match(g.cur)
	f.redrawn.see(g)
	f.prev, f.view = f.view, g.cur
	f.lastChange, f.lastDrawn = g.t, g.t
	return true
}

// changed returns the rows the visible change just seen overwrote, and
// the rows it grew: for a signal's seen, called right after it.
func (f *facts) changed() (over, grown []int) { return f.glance.changed() }

// input notes input data sent at t: the wait for readiness starts over,
// and the perceptions that take note of input hear of it.
func (f *facts) input(t time.Time, data []byte) {
	f.inputAt, f.ref, f.typed = t, t, typedText(data)
	f.redrawn.input()
	for _, p := range f.parts {
		if h, ok := p.(hearsInput); ok {
			h.input()
		}
	}
	f.answered = nil
	if f.view != nil {
		f.answered = f.view.prompt()
	}
}

// carryMarks gives v the engine's memo and, for every row whose text is as
// on the last view, the markers already tried on it there.
func (f *facts) carryMarks(v *view) {
	v.memo = &f.memo
	if f.bits == nil {
		f.bits = map[*compiledMarker]uint{}
		for _, ms := range [][]compiledMarker{f.busy, f.idle, f.questions} {
			for i := range ms {
				if len(f.bits) < 64 {
					f.bits[&ms[i]] = uint(len(f.bits))
				}
			}
		}
	}
	v.bits = f.bits
	v.marks = make([]rowMarks, len(v.rows))
	if old := f.view; old != nil && len(old.marks) == len(v.rows) {
		for i, t := range v.rows {
			if t == old.rows[i] {
				v.marks[i] = old.marks[i]
			}
		}
	}
}

// match finds the profile's markers on v, and readies it to find a question.
func (f *facts) match(v *view) {
	v.busy, v.idle = v.matchAll(f.busy), v.matchAll(f.idle)
	v.questions = f.questions // the question is found when asked (view.prompt)
}

// drawnAt returns when the row of a hit last changed (the title's change
// for a title hit).
func (f *facts) drawnAt(h hit) time.Time {
	if h.row > 0 && h.row <= len(f.rows.at) {
		return f.rows.at[h.row-1]
	}
	return f.title.at
}

// idleSince says what vouches for the program being idle, if anything (an
// idle marker of the profile or a protocol's "done"), and since when: the
// time a protocol said so, zero for an idle marker (it is on the screen, and
// drawing it was a change).
func (f *facts) idleSince() (string, time.Time) {
	if len(f.view.idle) > 0 {
		return fmt.Sprintf("idle marker %q", f.view.idle[0].marker.Name), time.Time{}
	}
	if why, at, ok := f.proto.idle(); ok {
		return why, at
	}
	return "", time.Time{}
}

// lowestChanged returns the lowest row changed within burst before the last
// change: the output the program drew last.
func (f *facts) lowestChanged(burst time.Duration) int {
	lowest := 0
	for i, t := range f.rows.at {
		// The screen's last row, below the cursor, holds a status line or
		// toolbar the program pinned there (output would have scrolled and
		// taken the cursor with it): no output below the input position.
		pinned := i+1 == len(f.rows.at) && f.view != nil && f.view.cursor.Row < i+1
		if !t.IsZero() && !t.Before(f.lastChange.Add(-burst)) && !f.clock.rows[i+1] && !pinned {
			lowest = i + 1
		}
	}
	return lowest
}

// roundMS rounds a duration for reasons.
func roundMS(d time.Duration) time.Duration { return d.Round(time.Millisecond) }

func clip(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	i, k := 0, 0
	for i = range s { // where the characters start
		if k == n-1 {
			break
		}
		k++
	}
	return s[:i] + "…"
}

// restartQuiet makes t the last visible change, so quiet windows start
// over: the kernel saw the program end a long stretch of work at t, and a
// program silent through it is not quiet the moment it finishes.
func (f *facts) restartQuiet(t time.Time) {
	f.rev++
	if t.After(f.lastChange) {
		f.lastChange = t
	}
	if t.After(f.lastSolid) {
		f.lastSolid = t
	}
}

// reacted notes that the program has reacted to the input sent, even if it
// drew nothing: the kernel saw it read the terminal again with nothing
// left unread.
func (f *facts) reacted() {
	f.reaction.awaiting, f.reaction.hidAt = false, time.Time{}
	f.rev++
}
