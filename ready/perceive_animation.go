package ready

import (
	"slices"
	"strconv"
	"strings"
)

// animation (animation.go): every change of a small region, or of the
// title, is a frame of it; a change that only repaints regions already
// animating, with the cursor where it was, is a repeat frame, unless it is
// the first after input and draws nothing but the keys typed or blanks
// (echo.go). Every other change is solid: facts.lastSolid (a full-screen program is still once
// its solid changes stop, whatever keeps animating).

func init() {
	perceive(perceptionKind{name: "animation", rank: lookAnimation, part: func(f *facts) perception { return &f.anim }})
}

func (a *animation) look(f *facts, g *glance) bool {
	repeat := a.rowsFrame(g)
	repeat = a.titleFrame(f, g) && repeat
	if old := g.old; old == nil || g.cur.cursor != old.cursor || g.snap.CursorVisible() != old.snap.CursorVisible() {
		repeat = false
	}
	if f.reaction.awaiting || !f.inputAt.IsZero() && g.t.Sub(f.inputAt) < f.prof.Quiet.D() {
		a.answered(g.t) // reaction_ticks.go
	}
	if repeat && f.reaction.awaiting {
		// The first change after input, showing the keys typed or
		// blanks alone: the program took them, and its reaction may go
		// on (echo.go).
		over, _ := g.changed()
		repeat = !showsOnlyTyped(g.old, g.cur, over, f.typed)
	}
	if !repeat {
		f.lastSolid = g.t
	}
	return true
}

// rowsFrame takes in the rows the change overwrote or grew: a frame of the
// region they make when they are a few. It reports whether they repaint a
// region already animating (true for none).
func (a *animation) rowsFrame(g *glance) bool {
	over, grown := g.changed()
	n := len(over) + len(grown)
	switch {
	case n == 0:
		return true
	case blinkBesideTitle(g):
		// A drawn cursor's blink written in the same frame as the title's
		// (bubbletea flushes both at once): the blink is no frame of the
		// row, as it is alone (blink.go).
		return true
	case n > animMaxRows:
		// A large redraw moves content around: what a row showed before
		// says nothing about its next change.
		a.forget(slices.Concat(over, grown))
		return false
	}
	rows := append(slices.Clone(over), grown...)
	key := rowKey(rows)
	repeat := len(grown) == 0 && a.seen(g.t, key)
	classified := true
	for _, r := range rows {
		classified = classified && g.busy[r]
	}
	a.add(g.t, key, rows, len(over) > 0, classified)
	return repeat
}

// titleFrame takes in a change of the title: a frame when it overwrote
// one. It reports whether the title, if changed, is a repeat frame.
func (a *animation) titleFrame(f *facts, g *glance) bool {
	oldTitle := ""
	if g.old != nil {
		oldTitle = g.old.snap.Title()
	}
	title := g.snap.Title()
	if g.old != nil && title == oldTitle {
		return true
	}
	if a.returned(f, title) {
		// Back to the title the input came under (title_return.go).
		a.forgetKey("title")
		return false
	}
	if g.old == nil || oldTitle == "" || strings.HasPrefix(title, oldTitle) {
		return false
	}
	if spinnerStopped(oldTitle, title) {
		// The title's spinner gave way to a plain title: its frames are
		// over, their cadence no more to outwait (corpus
		// bubbletea-title-spinner). A blank frame of the spinner keeps its
		// label, and stays a frame.
		a.forgetKey("title")
		return false
	}
	repeat := a.seen(g.t, "title")
	a.add(g.t, "title", nil, true, false)
	return repeat
}

func rowKey(rows []int) string {
	rows = slices.Sorted(slices.Values(rows))
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = strconv.Itoa(r)
	}
	if len(rows) == 1 {
		return "row " + parts[0]
	}
	return "rows " + strings.Join(parts, ",")
}

// blinkBesideTitle reports whether the change is a title frame and, in the
// rows, only a drawn cursor's blink: one cell's reverse video toggled at
// the cursor the program draws, its text, the terminal's cursor and its
// visibility as they were. blinkOnly leaves a change of the title out.
func blinkBesideTitle(g *glance) bool {
	if g.old == nil || g.snap.Title() == g.old.snap.Title() || g.snap.CursorVisible() != g.old.snap.CursorVisible() {
		return false
	}
	at, n, ok := reverseToggled(g.old, g.cur)
	return ok && n == 1 && (at == g.old.drawn || at == g.cur.drawn)
}

// spinnerStopped reports whether a title (or row) that began with a
// spinner's glyph before its label now shows neither: no glyph leading it,
// and not the label alone.
func spinnerStopped(old, cur string) bool {
	label, ok := spinnerLabel(old)
	if !ok {
		return false
	}
	_, spinning := spinnerLabel(cur)
	return !spinning && flattenDigits(strings.TrimSpace(cur)) != label
}
