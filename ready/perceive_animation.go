package ready

import (
	"slices"
	"strconv"
	"strings"
)

// animation (animation.go): every change of a small region, or of the
// title, is a frame of it; a change that only repaints regions already
// animating, with the cursor where it was, is a repeat frame. Every other
// change is solid: facts.lastSolid (a full-screen program is still once
// its solid changes stop, whatever keeps animating).

func init() {
	perceive(perceptionKind{name: "animation", rank: lookAnimation, part: func(f *facts) perception { return &f.anim }})
}

func (a *animation) look(f *facts, g *glance) bool {
	t, old := g.t, g.old
	over, grown := g.changed()
	repeat := true // every part of this change repaints a region already animating
	if n := len(over) + len(grown); n > 0 && n <= animMaxRows {
		rows := append(slices.Clone(over), grown...)
		key := rowKey(rows)
		repeat = len(grown) == 0 && a.seen(t, key)
		classified := true
		for _, r := range rows {
			classified = classified && g.busy[r]
		}
		a.add(t, key, rows, len(over) > 0, classified)
	} else if n > 0 {
		// A large redraw moves content around: what a row showed before
		// says nothing about its next change.
		a.forget(slices.Concat(over, grown))
		repeat = false
	}
	oldTitle := ""
	if old != nil {
		oldTitle = old.snap.Title()
	}
	if title := g.snap.Title(); old == nil || title != oldTitle {
		if old != nil && oldTitle != "" && !strings.HasPrefix(title, oldTitle) {
			repeat = repeat && a.seen(t, "title")
			a.add(t, "title", nil, true, false)
		} else {
			repeat = false
		}
	}
	if old == nil || g.cur.cursor != old.cursor || g.snap.CursorVisible() != old.snap.CursorVisible() {
		repeat = false
	}
	if !repeat {
		f.lastSolid = t
	}
	return true
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
