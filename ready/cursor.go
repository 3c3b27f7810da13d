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
// prompt: "$ ", "> ", "❯ ", "Name: ", or an input line that starts with a
// prompt glyph and holds typed text ("│ > hello").
var promptGlyph = regexp.MustCompile(`([$#%>❯›»➜λ→▶▸:]$)|(^[\s│┃|]*[$#%>❯›»➜λ→▶▸]\s)`)

// inputPosition reports whether the cursor of v is at an input position, and
// why not when it is not. lowest is the lowest row changed in the last burst
// of output.
func (e *Engine) inputPosition(v *view, lowest int) (bool, string) {
	c := v.cursor
	if v.snap.AltScreen() {
		if v.blank {
			return false, "the alternate screen is blank"
		}
		return true, "" // a full-screen program's cursor means nothing
	}
	if !v.snap.CursorVisible() && !e.prof.Cursor.Hidden {
		return false, fmt.Sprintf("cursor hidden at %s", c)
	}
	if c.Col < e.prof.Cursor.MinCol {
		return false, fmt.Sprintf("cursor at column %d, left of the input column %d", c.Col, e.prof.Cursor.MinCol)
	}
	if lowest > c.Row+e.prof.Cursor.Footer {
		return false, fmt.Sprintf("output at row %d, below the cursor's row %d", lowest, c.Row)
	}
	return true, ""
}

// atPrompt reports whether the cursor sits right after a prompt glyph.
func (v *view) atPrompt() bool { return v.before != "" && promptGlyph.MatchString(v.before) }

// lowestChanged returns the lowest row changed within burst before the last
// change: the output the program drew last.
func (e *Engine) lowestChanged(burst time.Duration) int {
	lowest := 0
	for i, t := range e.rowTimes {
		if !t.IsZero() && !t.Before(e.lastChange.Add(-burst)) {
			lowest = i + 1
		}
	}
	return lowest
}
