package ready

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Approval dialogs of agent CLIs drawn without a marker glyph: the focus is
// a colour or a background, nothing in the text.
//
// A numbered list whose current item is drawn in a colour the others do not
// share, under a line that asks ("…?") and over a key hint that says the
// list is moved through ("↑↓ navigate"): grok's "Do you want to proceed
// with this operation?" over "1. Yes" … "4. No, with feedback"
// (recordings/agents/generic/grok-approval.cast). All three are needed:
// numbered output in a colour is common, a question over it and a hint to
// move in it under it are what a menu waiting for its answer draws.
//
// A row of buttons at the foot of a panel drawn with a bar at its left
// (no right side, so not a window: question_buttons.go), the focused one on
// a background the others lack, key hints after them on the row past a
// wider gap: opencode's "Allow once   Allow always   Reject" under
// "△ Permission required" (recordings/agents/generic/opencode-approval.cast).
// It only names the question (labelOnly): a panel's buttons may stay
// drawn while the program works on the answer; the other signals decide.

// numberedPlain: a numbered item with no marker before it.
var numberedPlain = regexp.MustCompile(`^([\s│┃|]*)(\d{1,2})[.)]\s+(.+?)[\s│┃|]*$`)

// buttonHint: a key hint that says a row of buttons is chosen from.
var buttonHint = regexp.MustCompile(`(?i)(⇆|←|→|\btab\b|\bselect\b|\bconfirm\b)`)

func init() {
	registerShape(questionShape{name: "numbered, one in colour", rank: shapeNumbered + 10, find: colouredNumbered})
	registerShape(questionShape{name: "marked list in a dialog", rank: shapeSelect + 20, find: markedInDialog})
	registerShape(questionShape{name: "buttons at a panel's foot", rank: shapeBox + 7, find: panelButtons, labelOnly: true})
}

// cellStyle is what sets a cell apart: its colours, weight and video.
func (v *view) cellStyle(r, c int) string {
	cell := v.snap.Cell(r, c)
	return colorKey(cell.Fg) + "/" + colorKey(cell.Bg) + "/" + strconv.FormatBool(cell.Bold) + strconv.FormatBool(cell.Reverse) + strconv.FormatBool(cell.Faint)
}

// colouredNumbered finds a run of numbered items 1..n, one drawn in a
// style the others share not, a question line above and a move hint under.
func colouredNumbered(v *view, _ string) *Prompt {
	bottom := v.bottom
	for bottom > 1 && strings.TrimSpace(v.row(bottom)) == "" {
		bottom--
	}
	// The hint under the list, within a few rows of the bottom.
	hint := 0
	for r := bottom; r >= max(1, bottom-3); r-- {
		if v.matches(moveHint, v.row(r)) {
			hint = r
			break
		}
	}
	if hint == 0 {
		return nil
	}
	// The list: the numbered run ending at most two rows over the hint.
	last := hint - 1
	for last > hint-3 && strings.TrimSpace(v.row(last)) == "" {
		last--
	}
	type item struct {
		text, style string
	}
	var items []item
	first := last
	for ; first >= max(1, last-30); first-- {
		m := v.find(numberedPlain, v.row(first))
		if m == nil {
			break
		}
		col := utf8.RuneCountInString(m[1]) + 1
		items = append([]item{{strings.TrimSpace(m[3]), v.cellStyle(first, col)}}, items...)
	}
	first++
	if len(items) < 2 {
		return nil
	}
	for i := range items {
		if n, _ := strconv.Atoi(v.find(numberedPlain, v.row(first+i))[2]); n != i+1 {
			return nil
		}
	}
	// One item apart: the others all drawn alike.
	focus := -1
	for i, it := range items {
		others := 0
		for j, o := range items {
			if j != i && o.style != it.style {
				others++
			}
		}
		if others == len(items)-1 {
			if focus >= 0 {
				return nil // two items, two styles: no focus to tell
			}
			focus = i
		}
	}
	if focus < 0 {
		return nil
	}
	// The question: a line ending in "?" just above the list.
	q := ""
	for r := first - 1; r >= max(1, first-3); r-- {
		t := strings.Trim(v.row(r), boxTrimmers)
		if t == "" {
			continue
		}
		if strings.HasSuffix(t, "?") {
			q = t
		}
		break
	}
	if q == "" {
		return nil
	}
	p := &Prompt{Kind: PromptOptions, Text: q, Default: focus}
	for _, it := range items {
		p.Options = append(p.Options, it.text)
	}
	if v.matches(permitRe, q) {
		p.Kind = PromptPermission
	}
	return p
}

// panelButtons finds a row of two to four labels at the foot of a panel
// drawn with a bar at its left, one on a background the row lacks, a key
// hint after them or under them, the terminal's cursor hidden.
func panelButtons(v *view, _ string) *Prompt {
	if v.snap.CursorVisible() {
		return nil
	}
	for r := v.bottom; r >= max(1, v.bottom-searchRows); r-- {
		t := v.row(r)
		lead := strings.TrimLeft(t, " ")
		if a, _ := utf8.DecodeRuneInString(lead); !vBorder(a) || boxedRow(t) {
			continue // the common case, from the text alone: no bar at the row's left
		}
		if p := panelButtonsOn(v, r, utf8.RuneCountInString(t)-utf8.RuneCountInString(lead)+1); p != nil {
			return p
		}
	}
	return nil
}

// panelButtonsOn reads the buttons of row r, the panel's bar at column bar.
func panelButtonsOn(v *view, r, bar int) *Prompt {
	text, bg := v.memo.gridRowOf(v.snap, r)
	cols := len(text) - 2
	gap := bg[bar+1]
	// The labels after the bar: words apart by two blanks or more; a wider
	// gap (five or more) ends the buttons, and what follows are hints.
	var labels []buttonLabel
	c := bar + 1
	for c <= cols {
		for c <= cols && text[c] == ' ' {
			c++
		}
		if c > cols {
			break
		}
		if len(labels) > 0 {
			prev := labels[len(labels)-1]
			if c-(prev.col+utf8.RuneCountInString(prev.text)) >= 5 {
				break
			}
		}
		start := c
		for c <= cols && !(text[c] == ' ' && (c == cols || text[c+1] == ' ')) {
			c++
		}
		w := string(text[start:c])
		if utf8.RuneCountInString(w) > 20 || len(strings.Fields(w)) > 4 || strings.ContainsFunc(w, vBorder) {
			return nil
		}
		labels = append(labels, buttonLabel{text: w, col: start, bg: bg[start]})
	}
	if len(labels) < 2 || len(labels) > 4 {
		return nil
	}
	focus := -1
	for i, l := range labels {
		if l.bg == gap {
			continue
		}
		if focus >= 0 {
			return nil
		}
		focus = i
	}
	if focus < 0 {
		return nil
	}
	// A hint after the buttons on the row, or on a row under them.
	rest := string(text[c:])
	if !v.matches(buttonHint, rest) && !v.matches(buttonHint, v.row(r+1)) && !v.matches(buttonHint, v.row(r+2)) {
		return nil
	}
	// The foot of the panel: nothing after the bar on the rows under it.
	inPanel := func(k int) (string, bool) {
		row := []rune(v.row(k))
		if len(row) < bar || !vBorder(row[bar-1]) || strings.TrimSpace(string(row[:bar-1])) != "" {
			return "", false
		}
		return strings.TrimSpace(string(row[bar:])), true
	}
	for k := r + 1; k <= v.bottom; k++ {
		t, ok := inPanel(k)
		if !ok {
			break
		}
		if t != "" {
			return nil
		}
	}
	// The question: a line of the panel that asks, else its title (its
	// first line), its leading glyph trimmed.
	q := ""
	for k := r - 1; k >= max(1, r-questionRows); k-- {
		t, ok := inPanel(k)
		if !ok {
			break
		}
		if t == "" {
			continue
		}
		q = strings.TrimLeftFunc(t, func(ch rune) bool { return !unicode.IsLetter(ch) && !unicode.IsDigit(ch) })
		if strings.HasSuffix(t, "?") {
			break
		}
	}
	if q == "" {
		return nil
	}
	p := &Prompt{Kind: PromptOptions, Text: q, Default: focus}
	if len(labels) == 2 {
		p.Kind = PromptToggle
	}
	for _, l := range labels {
		p.Options = append(p.Options, l.text)
	}
	if v.matches(permitRe, q) {
		p.Kind = PromptPermission
	}
	return p
}

// markedInDialog finds a list set in from the margin, its current item led
// by a marker drawn to stand out and the others indented to its text, under
// a line that asks ("…?") and over a move hint or the bottom side of its
// window: pi's "Allow?" over "→ Yes" and "No" over "↑↓ navigate"
// (recordings/agents/generic/pi-approval.cast), Continue's "Would you like
// to continue?" over "> Continue (tab)" in a box
// (continue-approval.cast). A chooser at the margin is chooserList's.
func markedInDialog(v *view, _ string) *Prompt {
	for r := v.bottom; r >= max(1, v.bottom-searchRows); r-- {
		t := v.row(r)
		lead := trimBoxLeft(t)
		g, size := utf8.DecodeRuneInString(lead)
		if size == 0 || !strings.ContainsRune(">❯›▸▶→➤", g) || lead == t {
			continue // the common case, from the text alone: no marker set in
		}
		col := utf8.RuneCountInString(t) - utf8.RuneCountInString(lead) + 1
		if !loudCell(v.snap.Cell(r, col)) {
			continue
		}
		if p := markedListAt(v, r, col); p != nil {
			return p
		}
	}
	return nil
}

// trimBoxLeft is strings.TrimLeft(t, boxTrimmers), a switch instead of a
// search of the set for every rune: markedInDialog trims every row it
// reaches, and most lead with blanks.
func trimBoxLeft(t string) string {
	for i, r := range t {
		switch r {
		case ' ', '│', '┃', '|', '╭', '╮', '╰', '╯', '─':
		default:
			return t[i:]
		}
	}
	return ""
}

// markedListAt reads the list whose marked item is on row r, its marker at
// column col.
func markedListAt(v *view, r, col int) *Prompt {
	row := []rune(v.row(r))
	text := col // the item's text column, 0-based: past the marker and blanks
	for text < len(row) && row[text] == ' ' {
		text++
	}
	if text >= len(row) || text-col > 3 {
		return nil
	}
	sibling := func(k int) (string, bool) { // row k is an unmarked item at the text column
		t := []rune(v.row(k))
		if len(t) <= text || t[text] == ' ' || strings.Trim(string(t[:text]), boxTrimmers) != "" || strings.Contains(string(t), "───") {
			return "", false
		}
		return strings.Trim(string(t[text:]), boxTrimmers), true
	}
	first, last := siblingRun(r, v.bottom, func(k int) bool { _, ok := sibling(k); return ok })
	if last == first {
		return nil
	}
	// Asked: a move hint under the list, or the list ends its window.
	asked := boxedRow(v.row(last)) && lastInWindow(v, last, text+1)
	for k := last + 1; k <= min(v.bottom, last+2) && !asked; k++ {
		asked = v.matches(moveHint, v.row(k))
	}
	if !asked {
		return nil
	}
	q := ""
	for k := first - 1; k >= max(1, first-questionRows+4); k-- {
		if t := strings.Trim(v.row(k), boxTrimmers); strings.HasSuffix(t, "?") {
			q = t
			break
		}
	}
	if q == "" {
		return nil
	}
	p := &Prompt{Kind: PromptSelect, Text: q, Default: r - first}
	for k := first; k <= last; k++ {
		if k == r {
			p.Options = append(p.Options, strings.Trim(string(row[text:]), boxTrimmers))
			continue
		}
		o, _ := sibling(k)
		p.Options = append(p.Options, o)
	}
	if v.matches(permitRe, q) {
		p.Kind = PromptPermission
	}
	return p
}
