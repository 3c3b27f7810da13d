package ready

import (
	"strings"

	"github.com/ttyrig/ttyrig/screen"
)

// view is what the engine reads off one snapshot: row texts, the cursor,
// the title, and the markers and question found on it. It is computed once
// per visible change, never per tick.
type view struct {
	snap   screen.Snapshot
	rows   []string // text of rows 1..n (index 0 is row 1), trailing blanks trimmed
	cursor screen.Position
	bottom int    // last row that holds text or the cursor
	blank  bool   // no row holds text
	before string // the cursor row left of the cursor, trailing blanks trimmed
	// drawn is the cursor the program draws itself while the terminal's is
	// hidden or parked (blink.go), if there is one; drawnBefore is the text
	// left of it.
	drawn       screen.Position
	drawnBefore string
	lone        *loneCells // the lone reverse-video cells looked at last (blink.go), for the next view
	tickSeen    int8       // ticks: 0 not looked for, 1 none, 2 some
	permitSeen  int8       // a row permitRe may match a part of (mayAskPermission): as tickSeen

	busy, idle []hit
	memo       *matchMemo // the engine's marker results by row text
	// marks holds, per row, which of the engine's own markers (by their
	// bit in bits) were tried on it and which matched: a row whose text is
	// as on the view before keeps them (facts.see), so markers are not
	// tried again on rows that did not change.
	marks []rowMarks
	bits  map[*compiledMarker]uint
	// answers holds, per row, what the question shapes' patterns answered
	// about its text, carried for rows as they were on answersFrom, the
	// last view that kept some (rowanswers.go); made when first asked, if
	// answersOn (off when the engine keeps none).
	answers     [][]rowAnswer
	answersOn   bool
	answersFrom *view

	// The question on screen is found the first time a signal asks, not
	// when the view is made: questions are the profile's question markers,
	// asked says whether it was looked for, found is what was found, and
	// frozen is the view as it was made, kept if it is updated in place (a
	// blink, a repeat snapshot) before anyone asked.
	questions []compiledMarker
	asked     bool
	found     *Prompt
	labelOnly bool // found by a shape that names and does not decide (questionShape)
	frozen    *view
}

// rowMarks says which markers were tried on a row (known) and which of
// those matched (hit), one bit per marker.
type rowMarks struct{ known, hit uint64 }

// matchRow reports whether m matches row r's text t, from the row's marks
// when m has a bit and was tried on the row already.
func (v *view) matchRow(m *compiledMarker, r int, t string) bool {
	bit, ok := v.bits[m]
	if !ok || r < 1 || r > len(v.marks) {
		return v.memo.matches(m.re, t)
	}
	rm := &v.marks[r-1]
	mask := uint64(1) << bit
	if rm.known&mask != 0 {
		return rm.hit&mask != 0
	}
	hit := v.memo.matches(m.re, t)
	rm.known |= mask
	if hit {
		rm.hit |= mask
	}
	return hit
}

// hit is a marker that matched: where and what.
type hit struct {
	marker *compiledMarker
	row    int // 0 for the title
	text   string
}

// newView reads a snapshot. drawn says whether to look for a cursor the
// program draws itself when the terminal's is hidden (a profile whose
// hidden terminal cursor is the input position needs none).
func newView(s screen.Snapshot, drawn bool) *view { return newViewAfter(s, drawn, nil) }

// newViewAfter is newView for the snapshot after the one old was read
// from (nil for none): what old found on rows that did not change is not
// looked for again.
func newViewAfter(s screen.Snapshot, drawn bool, old *view) *view {
	_, n := s.Size()
	v := &view{snap: s, rows: make([]string, n), cursor: s.Cursor()}
	for i := range n {
		v.rows[i] = strings.TrimRight(s.Row(i+1), " ")
		if v.rows[i] != "" {
			v.bottom = i + 1
		}
	}
	v.blank = v.bottom == 0
	if v.cursor.Row > v.bottom && v.cursor.Row <= n {
		v.bottom = v.cursor.Row
	}
	v.before = leftOf(s, v.cursor)
	if old != nil {
		v.lone = old.lone
	}
	if drawn && (!s.CursorVisible() || v.parked()) {
		p, ok, lone := drawnCursorAfter(s, v.cursor, v.bottom, v.lone)
		if ok {
			v.setDrawn(p)
		}
		v.lone = lone
	}
	return v
}

// anyRowHas reports whether any row holds one of the characters in chars.
func (v *view) anyRowHas(chars string) bool {
	for _, r := range v.rows {
		if strings.ContainsAny(r, chars) {
			return true
		}
	}
	return false
}

// ticks reports whether any row holds a tick (✔ ✓), looked for once per
// view: the answered signal asks on every evaluation.
func (v *view) ticks() bool {
	if v.tickSeen == 0 {
		v.tickSeen = 1
		if v.anyRowHas("✔✓") {
			v.tickSeen = 2
		}
	}
	return v.tickSeen == 2
}

// parked reports whether the terminal's cursor is visible but parked: at
// column 1 of an empty row, with no text to its left to type after. A
// program that draws its own cursor in its input box may leave the
// terminal's there (issue 20, class 5: every turn fell to the silence
// fallback); a unique drawn cursor is then the input position, as when
// the terminal's is hidden.
func (v *view) parked() bool {
	return v.snap.CursorVisible() && v.cursor.Col == 1 && v.row(v.cursor.Row) == ""
}

func (v *view) setDrawn(p screen.Position) { v.drawn, v.drawnBefore = p, leftOf(v.snap, p) }

// freeze keeps v as it is for the question still to be found on it: call it
// before updating v in place.
func (v *view) freeze() {
	if !v.asked && v.frozen == nil {
		c := *v
		v.frozen = &c
	}
}

// prompt returns the question on screen, nil if none: one found by
// prompt.go's patterns, named after the profile's question marker if one
// matched too, or the question marker's line alone.
func (v *view) prompt() *Prompt {
	if v.asked {
		return v.found
	}
	src := v
	if v.frozen != nil {
		src = v.frozen
	}
	p, labelOnly := src.memo.question(src)
	if qs := src.matchAll(src.questions); len(qs) > 0 {
		q := qs[0]
		labelOnly = false
		if p == nil {
			p = &Prompt{Kind: PromptKind(q.marker.Name), Text: q.text, Default: -1}
		} else if p.Kind == PromptOptions || p.Kind == PromptPermission {
			p.Kind = PromptKind(q.marker.Name)
		}
	}
	v.asked, v.found, v.labelOnly, v.frozen = true, p, labelOnly && p != nil, nil
	return p
}

// promptDecides returns the question on screen if its shape may decide
// that the program waits (the question signal's), nil if there is none or
// it only names what the other signals find (questionShape.labelOnly).
func (v *view) promptDecides() *Prompt {
	if p := v.prompt(); p != nil && !v.labelOnly {
		return p
	}
	return nil
}

// leftOf returns the text of p's row left of p, trailing blanks trimmed.
func leftOf(s screen.Snapshot, p screen.Position) string {
	var b strings.Builder
	for c := 1; c < p.Col; c++ {
		cell := s.Cell(p.Row, c)
		if cell.Width == 0 {
			continue
		}
		b.WriteString(cell.Content)
	}
	return strings.TrimRight(b.String(), " ")
}

// inputCursor returns where typed input goes and the text left of it: the
// terminal's cursor, or while it is hidden the one the program draws, if
// any (unless the profile says the hidden terminal cursor is the input
// position). ok is false for a hidden cursor with none drawn.
func (v *view) inputCursor(hiddenOK bool) (pos screen.Position, before string, ok bool) {
	if v.drawn.Row > 0 && v.snap.CursorVisible() {
		return v.drawn, v.drawnBefore, true // the terminal's cursor is parked
	}
	if v.snap.CursorVisible() || hiddenOK {
		return v.cursor, v.before, true
	}
	if v.drawn.Row > 0 {
		return v.drawn, v.drawnBefore, true
	}
	return v.cursor, v.before, false
}

// row returns the text of a 1-based row, "" off the screen.
func (v *view) row(r int) string {
	if r < 1 || r > len(v.rows) {
		return ""
	}
	return v.rows[r-1]
}

// match finds every line of the marker's region that it matches.
func (v *view) match(m *compiledMarker) []hit {
	if m.Region.Kind == RegionTitle {
		if t := v.snap.Title(); literalOf(m.re).in(t) && m.re.MatchString(t) {
			return []hit{{marker: m, row: 0, text: t}}
		}
		return nil
	}
	var hits []hit
	first, last := m.Region.rows(v)
	for r := first; r <= last; r++ {
		if t := v.row(r); t != "" && v.matchRow(m, r, t) {
			hits = append(hits, hit{marker: m, row: r, text: strings.TrimSpace(t)})
		}
	}
	return hits
}

func (v *view) matchAll(ms []compiledMarker) []hit {
	var out []hit
	for i := range ms {
		out = append(out, v.match(&ms[i])...)
	}
	return out
}

// changedRows compares two views row by row. It returns the rows whose text
// was overwritten (something there was replaced or erased) and the rows that
// only grew. When no text differs it falls back to styles, so a colour
// shimmer over a spinner line still counts as a repaint of that row.
func changedRows(old, cur *view) (overwritten, grown []int) {
	return changedRowsInto(old, cur, nil, nil)
}

// changedRowsInto is changedRows appending to overwritten and grown.
func changedRowsInto(old, cur *view, overwritten, grown []int) ([]int, []int) {
	if old == nil || len(old.rows) != len(cur.rows) {
		// A first screen, or a resized one: every row that holds something
		// is new.
		for r := 1; r <= len(cur.rows); r++ {
			if cur.rows[r-1] != "" {
				grown = append(grown, r)
			}
		}
		return overwritten, grown
	}
	for i := range cur.rows {
		a, b := old.rows[i], cur.rows[i]
		switch {
		case a == b:
		case strings.HasPrefix(b, a):
			grown = append(grown, i+1)
		default:
			overwritten = append(overwritten, i+1)
		}
	}
	if len(overwritten) == 0 && len(grown) == 0 {
		for r := 1; r <= len(cur.rows); r++ {
			if !cur.snap.SameRow(old.snap, r) {
				overwritten = append(overwritten, r)
			}
		}
	}
	return overwritten, grown
}
