package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// Choosers: fuzzy finders and pickers draw a list with a marker before the
// current item and the others indented as far, and no question line over
// it: gum choose "> production" under its header "Deploy to", gum filter
// "• main" under its filter line, fzf "> main" under its query line "> "
// and a counter (corpus/testdata/gum-choose.cast, gum-filter.cast,
// fzf.cast). What says it is asked, not printed: the marker is drawn in a
// colour, weight or background, one item has it, and the program shows
// how to move in the list (a key hint "↑↓ navigate" under it) or waits
// for a query typed on a line next to it (the terminal's cursor there).

var (
	// chooserItem: a row of a chooser, a marker or the indent in its
	// place, then the item's text.
	chooserItem = regexp.MustCompile(`^([>❯›▸▶→➤•]\s+|\s+)(\S.*?)\s*$`)
	// moveHint: a key hint that says the list is moved through.
	moveHint = regexp.MustCompile(`(?i)(↑|↓|\bnavigate\b|arrow keys)`)
)

func init() {
	registerShape(questionShape{name: "chooser", rank: shapeSelect + 10, find: chooserList})
}

// chooserList finds a list of items with one marked by a drawn marker and
// the others indented to its text, no question line needed.
func chooserList(v *view, _ string) *Prompt {
	for r := v.bottom; r >= 1; r-- {
		t := v.row(r)
		g, size := utf8.DecodeRuneInString(t)
		if size == 0 || !strings.ContainsRune(">❯›▸▶→➤•", g) || !loudCell(v.snap.Cell(r, 1)) {
			continue // the common case, found cheaply: no marker drawn at the margin
		}
		if p := chooserAt(v, r); p != nil {
			return p
		}
	}
	return nil
}

// loudCell reports whether c is drawn to stand out: a colour, weight,
// background or reverse video.
func loudCell(c screen.Cell) bool {
	return (colourful(c.Fg) || c.Bg != nil || c.Bold || c.Reverse) && !c.Faint
}

// chooserAt reads the chooser whose marked item is on row r.
func chooserAt(v *view, r int) *Prompt {
	m := v.find(chooserItem, v.row(r))
	if m == nil || strings.TrimSpace(m[1]) == "" {
		return nil
	}
	indent := utf8.RuneCountInString(m[1])
	sibling := func(k int) (string, bool) { // row k is an unmarked item at the column
		t := v.row(k)
		if strings.Contains(t, "───") || len(t) <= indent || strings.TrimSpace(t[:indent]) != "" || t[indent] == ' ' {
			return "", false
		}
		return strings.TrimSpace(t), true
	}
	first, last := siblingRun(r, v.bottom, func(k int) bool { _, ok := sibling(k); return ok })
	if last == first {
		return nil
	}
	asked := false
	if v.snap.CursorVisible() {
		// A query typed next to the list: the cursor on a row just above
		// or under it.
		asked = v.cursor.Row >= first-2 && v.cursor.Row < first || v.cursor.Row > last && v.cursor.Row <= last+2
	} else {
		for k := last + 1; k <= v.bottom && !asked; k++ {
			asked = v.matches(moveHint, v.row(k))
		}
	}
	if !asked {
		return nil
	}
	p := &Prompt{Kind: PromptSelect, Default: r - first}
	for k := first; k <= last; k++ {
		if k == r {
			p.Options = append(p.Options, strings.TrimSpace(m[2]))
			continue
		}
		o, _ := sibling(k)
		p.Options = append(p.Options, o)
	}
	// The question: the nearest text over the list that is no rule, its
	// query marker trimmed.
	for k := first - 1; k >= max(1, first-questionRows); k-- {
		if t := strings.TrimSpace(v.row(k)); t != "" && !strings.Contains(t, "───") {
			p.Text = strings.TrimSpace(strings.TrimLeft(t, ">❯›"))
			break
		}
	}
	return p
}

// siblingRun is the run of rows around r, from row 1 to bottom, that are
// r's siblings: the items of the list r is one of.
func siblingRun(r, bottom int, sibling func(row int) bool) (first, last int) {
	first, last = r, r
	for first > 1 && sibling(first-1) {
		first--
	}
	for last < bottom && sibling(last+1) {
		last++
	}
	return first, last
}
