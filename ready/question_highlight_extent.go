package ready

// What a highlight covers tells a menu's current item from the highlights
// that are not one (docs/CORPUS.md, "Round 10: questions"). A menu's item
// is one thing to choose, and its highlight holds all of it and stays in
// its window: curses' and blessed's reverse bar, tview's and gocui's
// background, dialog's item (corpus/testdata/curses-menu.cast,
// blessed-list.cast, tview-status.cast, gocui.cast, dialog.cast). Two
// highlights a list shows that do not:
//   - a cursor row across a table's columns: visidata's current row runs
//     over its column separators ("item1  │ 596854 ║" in reverse,
//     ready/testdata/visidata-round10.cast), so the cell of each column is read as
//     a list in a window of its own. A window's side is never inside its
//     own item's highlight.
//   - a style on part of a name: nnn draws the current file's name in
//     reverse and its type indicator plain ("logs" in reverse, then "/",
//     corpus/testdata/nnn.cast). A highlight that stops inside a word
//     marks the word's part, not an item.

// highlightNoItem reports whether the highlight of grid row i, running
// over columns from to to, is none of a menu's item: it runs over a vertical
// border, or it ends inside a word (the cell after its last is text, as is
// its last).
func (g *cellGrid) highlightNoItem(i, from, to int) bool {
	t := g.text[i]
	for c := from; c <= to; c++ {
		if vBorder(t[c]) {
			return true
		}
	}
	return to+1 < len(t) && t[to] != ' ' && t[to+1] != ' ' && !vBorder(t[to+1])
}
