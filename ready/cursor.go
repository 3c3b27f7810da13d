package ready

import (
	"fmt"
	"regexp"
	"time"
)

// Cursor-position compositing. A program waiting for input leaves the
// cursor where the next typed character goes: after a prompt, at a column
// right of the profile's minimum, on or below the output it just drew.
// That alone is not enough (agent CLIs keep the cursor in their input box
// while they work), so the engine only believes it on a stable screen, away
// from a full-screen erase and with no synchronized update open, and only
// after the stronger signals (protocols, markers, animation) had their say.

// promptGlyph matches the text left of a cursor that sits right after a
// prompt: "$ ", "> ", "❯ ", "Name: ", "name? ", "? Your name ‣ " (enquirer), or an input line that starts with a
// prompt glyph and holds typed text ("│ > hello").
var promptGlyph = regexp.MustCompile(`([$#%>❯›»➜λ→▶▸‣:?]$)|(^[\s│┃|]*[$#%>❯›»➜λ→▶▸]\s)`)

// The quiet required right after a terminal query: tune.ProbeHold (params.go).

// stillness is what the cursor signal requires: how long the screen must
// stay still (need, and why), how long it has (quiet), and whether the
// cursor is at an input position (at, or why not).
type stillness struct {
	need   time.Duration
	why    string
	quiet  time.Duration
	alt    bool
	at     bool
	notWhy string
	idle   string    // what vouches for idle, if anything
	until  time.Time // when need may shrink (an animation's gap forgotten); zero: only by a new event
	// proven: the kernel proves the screen stays still until need is met
	// (kernel_quiet.go), by till.
	proven bool
	till   time.Time
}

// baseStillness is the requirement before animation and terminal queries
// are counted: the quiet window after a prompt glyph or an idle marker, the
// settle window elsewhere, and a still frame on the alternate screen.
func baseStillness(f *facts, now time.Time) stillness {
	p, v := f.prof, f.view
	s := stillness{need: p.Settle.D(), why: "no prompt glyph before the cursor", quiet: now.Sub(f.lastChange), alt: v.snap.AltScreen()}
	switch {
	case s.alt:
		// A full-screen program parks its cursor anywhere and repaints
		// clocks and counters while it waits for keys: a still frame is
		// the signal, and repeat frames of an animated region do not count
		// as change.
		s.need, s.why, s.quiet = p.Quiet.D(), "full-screen frame", now.Sub(f.lastSolid)
	default:
		if c, before, ok := v.inputCursor(p.Cursor.Hidden); ok && atPrompt(before) {
			s.need, s.why = p.Quiet.D(), fmt.Sprintf("after prompt %q", clip(before, 20))
		} else if ok && c == v.drawn && v.drawnInBox() {
			s.need, s.why = p.Quiet.D(), "a cursor drawn in an input box"
		}
	}
	idle, since := f.idleSince()
	if s.idle = idle; s.idle != "" {
		s.need, s.why = p.Quiet.D(), s.idle
		s.quiet = min(s.quiet, now.Sub(since)) // still since it was said
	}
	return s
}

// fullStillness adds what animation and terminal queries demand, and
// whether the cursor is at an input position.
func fullStillness(f *facts, now time.Time) stillness {
	s := baseStillness(f, now)
	if s.idle == "" && !s.alt {
		if an := f.anim.need(now); an.quiet > s.need {
			s.need, s.why, s.until = an.quiet, "animation: "+an.why, an.until
		}
	}
	q, asked := f.proto.queryPending()
	if asked && s.need < tune.ProbeHold {
		s.need, s.why = tune.ProbeHold, "terminal query "+q+" was the last output"
	}
	if quiet, ok := f.provenQuiet(now, now.Add(-s.quiet)); ok && quiet >= s.need {
		s.proven, s.till = true, f.quietTill
	}
	s.at, s.notWhy = inputPosition(f, f.view, f.lowestChanged(f.prof.Quiet.D()))
	return s
}

// inputPosition reports whether the cursor of v is at an input position, and
// why not when it is not. lowest is the lowest row changed in the last burst
// of output.
func inputPosition(f *facts, v *view, lowest int) (bool, string) {
	rule := f.prof.Cursor
	if v.snap.AltScreen() {
		if v.blank {
			return false, "the alternate screen is blank"
		}
		return true, "" // a full-screen program's cursor means nothing
	}
	c, _, ok := v.inputCursor(rule.Hidden)
	if !ok {
		return false, fmt.Sprintf("cursor hidden at %s", c)
	}
	if c.Col < rule.MinCol && (c != v.drawn || !v.drawnInBox()) {
		return false, fmt.Sprintf("cursor at column %d, left of the input column %d", c.Col, rule.MinCol)
	}
	if lowest > c.Row+rule.Footer && !blankBetween(v, c.Row+rule.Footer+1, lowest) {
		return false, fmt.Sprintf("output at row %d, below the cursor's row %d", lowest, c.Row)
	}
	return true, ""
}

// atPrompt reports whether before, the text left of the cursor, ends with
// a prompt glyph.
func atPrompt(before string) bool { return before != "" && promptGlyph.MatchString(before) }

// atPrompt reports whether the terminal's cursor sits right after a prompt
// glyph.
func (v *view) atPrompt() bool { return atPrompt(v.before) }

// blankBetween reports whether rows from..to of v are all blank: rows the
// program erased below its input line (a taller frame of its busy
// indicator gone) are no output below the cursor.
func blankBetween(v *view, from, to int) bool {
	for r := from; r <= to; r++ {
		if v.row(r) != "" {
			return false
		}
	}
	return true
}

// provenNote says, for a reason, that the kernel's proof met the need
// (kernel_quiet.go); nothing when the screen's own quiet did.
func (s stillness) provenNote(now time.Time) string {
	if !s.proven || s.quiet >= s.need {
		return ""
	}
	return fmt.Sprintf(", and the kernel proves nothing can be drawn for %v more", roundMS(s.till.Sub(now)))
}
