package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Check boxes and radio buttons focused by the terminal's cursor: toolkits
// that draw no colour for the focus park the cursor in the box of the
// focused item, urwid's RadioButton "(X) stable" over "( ) testing"
// (corpus/testdata/urwid-dialog.cast) and prompt_toolkit's
// checkboxlist_dialog "[ ] core" over "[ ] documentation" (ptk-dialogs.cast).
// A column of boxes of one kind on consecutive rows with the cursor in one
// of them is a choice being made; printed output leaves the cursor after
// itself.

// checkRow: a row of a check list, the box and the item's text, after a
// window's side if any.
var checkRow = regexp.MustCompile(`^([\s│┃║|]*)(\[[ xX*✓✔✗]\]|\([ xX*•●]\))\s+(\S.*?)[\s│┃║|^v]*$`)

func init() {
	registerShape(questionShape{name: "check list under the cursor", rank: shapeSelect + 20, find: cursorChecks})
}

// cursorChecks finds a list of check boxes or radio buttons with the
// terminal's cursor in the box of one.
func cursorChecks(v *view, _ string) *Prompt {
	if !v.snap.CursorVisible() || v.cursor.Row < 1 || v.cursor.Row > len(v.rows) {
		return nil
	}
	r := v.cursor.Row
	m := v.find(checkRow, v.row(r))
	if m == nil {
		return nil
	}
	col := utf8.RuneCountInString(m[1]) + 1 // the box's first column
	if c := v.cursor.Col; c < col || c >= col+utf8.RuneCountInString(m[2]) {
		return nil
	}
	same := func(k int) []string { // row k's item, if a box of the kind at the column
		if k < 1 || k > len(v.rows) {
			return nil
		}
		mk := v.find(checkRow, v.row(k))
		if mk == nil || utf8.RuneCountInString(mk[1]) != col-1 || mk[2][0] != m[2][0] {
			return nil
		}
		return mk
	}
	first, last := r, r
	for same(first-1) != nil {
		first--
	}
	for same(last+1) != nil {
		last++
	}
	if first == last {
		return nil
	}
	p := &Prompt{Kind: PromptSelect, Default: r - first}
	for k := first; k <= last; k++ {
		p.Options = append(p.Options, strings.TrimSpace(same(k)[3]))
	}
	for k := first - 1; k >= max(1, first-questionRows); k-- {
		t := strings.Trim(v.row(k), boxBorders)
		if i := strings.IndexAny(t, "─━═"); i >= 0 {
			t = strings.Trim(t[:i], " |")
			if t == "" {
				continue // a window's top without a title: what is over it names it
			}
		}
		if t != "" {
			p.Text = t
			break
		}
	}
	return p
}
