package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// Check lists of prompt libraries that mark the focused item by colour, no
// cursor glyph: every item has its state glyph, and the focused one's
// text or glyph is drawn in a colour the others lack. prompts' multiselect
// "◯   Red" (the focused text cyan and underlined) under "? Pick colours ›"
// and its instructions, enquirer's MultiSelect "✔ react" (the text cyan),
// @clack/prompts' multiselect "│  ◻ ESLint" (the focused box cyan, the
// others grey) and groupMultiselect with its tree "│  │ ◻ eu-west"
// (corpus/testdata/prompts-more.cast, enquirer-more.cast,
// clack-more.cast). The question is the library's line over the list, led
// by its glyph ("? ", "◆  "); the terminal's cursor is hidden.

var (
	// glyphItem: a row of a check list: a gutter (a box's side, a tree's
	// branches), maybe a cursor glyph, the state glyph, the item's text.
	glyphItem = regexp.MustCompile(`^[\s│┃|]*(?:[├└]\s+)?(?:([❯›>▸▶→➤])\s*)?([◯○◉●◻◼□■☐☑✔✓✗✘]|\[[ xX✓✔✗]\]|\([ *•●]\))\s+(\S.*?)\s*$`)
	// askGlyphRe: a question line of a prompt library, the glyph of a
	// question being asked first ("? ", clack's "◆  "; not the "✔ " or
	// "◇  " of one answered, under which a task list may run).
	askGlyphRe = regexp.MustCompile(`^\s*[?◆▲◈]\s+(\S.*?)\s*(?:[…›❯»‣:].*)?$`)
)

func init() {
	registerShape(questionShape{name: "check list focused by colour", rank: shapeChevron - 10, find: glyphList})
}

// glyphList finds a check list under a prompt library's question line,
// the focused item told by its colour.
func glyphList(v *view, _ string) *Prompt {
	if v.snap.CursorVisible() {
		return nil
	}
	for r := v.bottom; r >= max(1, v.bottom-searchRows); r-- {
		if v.find(glyphItem, v.row(r)) == nil {
			continue
		}
		last := r
		first := r
		for first > 1 && v.find(glyphItem, v.row(first-1)) != nil {
			first--
		}
		if first == last {
			return nil
		}
		return glyphListAt(v, first, last)
	}
	return nil
}

// glyphListAt reads the check list on rows first..last.
func glyphListAt(v *view, first, last int) *Prompt {
	q := ""
	for k := first - 1; k >= max(1, first-questionRows); k-- {
		if m := v.find(askGlyphRe, v.row(k)); m != nil {
			q = m[1]
			break
		}
	}
	if q == "" {
		return nil
	}
	p := &Prompt{Kind: PromptSelect, Text: q, Default: -1}
	var texts, glyphs []string
	for k := first; k <= last; k++ {
		m := v.find(glyphItem, v.row(k))
		p.Options = append(p.Options, m[3])
		if m[1] != "" {
			if p.Default >= 0 {
				return nil
			}
			p.Default = k - first
		}
		// The styles of the item's glyph and its text's first cell.
		row := v.row(k)
		gc := utf8.RuneCountInString(row[:strings.Index(row, m[2])]) + 1
		tc := utf8.RuneCountInString(row[:strings.LastIndex(row, m[3])]) + 1
		glyphs = append(glyphs, cellStyle(v.snap.Cell(k, gc)))
		texts = append(texts, cellStyle(v.snap.Cell(k, tc)))
	}
	if p.Default < 0 {
		p.Default = oneApart(texts)
	}
	if p.Default < 0 {
		p.Default = oneApart(glyphs)
	}
	if p.Default < 0 {
		// No one item set apart (clack's group focused: its items coloured
		// with it): a list still, if it says how it is moved through.
		hint := false
		for k := last + 1; k <= v.bottom && !hint; k++ {
			hint = v.matches(moveHint, v.row(k))
		}
		if !hint {
			return nil
		}
	}
	return p
}

// cellStyle is what tells a cell's look apart: colours and weight.
func cellStyle(c screen.Cell) string {
	b := func(x bool) string {
		if x {
			return "1"
		}
		return "0"
	}
	return colorKey(c.Fg) + "/" + colorKey(c.Bg) + "/" + b(c.Bold) + b(c.Underline) + b(c.Reverse) + b(c.Faint)
}

// oneApart returns the index of the one style no other has, the others all
// alike; of two items, the one drawn in a style rather than plain. -1 if
// there is none or several.
func oneApart(styles []string) int {
	count := map[string]int{}
	for _, s := range styles {
		count[s]++
	}
	if len(count) != 2 {
		return -1
	}
	plain := cellStyle(screen.Cell{})
	apart := -1
	for i, s := range styles {
		if count[s] == 1 && (len(styles) > 2 || s != plain) {
			if apart >= 0 {
				return -1
			}
			apart = i
		}
	}
	return apart
}
