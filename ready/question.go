package ready

import (
	"image/color"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// The prompt libraries' questions, as they draw them (recorded in
// testdata/q-*.cast): selection lists that hide the cursor and mark the
// chosen item with a glyph or a highlight (@inquirer/prompts select,
// enquirer, @clack/prompts, huh), toggles (prompts' "no / yes", clack's
// "● Yes / ○ No"), key bars (git add -p's "[y,n,q,a,d,e,?]?", nano's
// "Y Yes / N No / ^C Cancel"), and typed answers after a "? question"
// line, masked or not (@inquirer/prompts input and password). Each is
// recognised from one frame, so the question signal decides within the
// quiet window rather than by silence. Choices named on the answer line
// are in question_inline.go, lists and buttons in curses windows in
// question_box.go, lists marked by a bar in question_bar.go.

var (
	// questionLine: the line a library asks on: "? Pick a color",
	// "◆  Pick a color", or any line ending with a question mark or colon.
	questionLine = regexp.MustCompile(`^[\s│┃|]*(?:[?◆◇▲◈✔✖■●]\s+(\S.*?)|(\S.*[?:]))\s*[…›❯»:]*\s*$`)
	// selectItem: a list item with an optional cursor glyph and an optional
	// state glyph before its text.
	selectItem = regexp.MustCompile(`^([\s│┃|]*)([❯›▸▶>→➤]\s*)?([●◉◼■⦿○◯◻□◇]\s+|\[[ xX*✓✔]\]\s+|\([ xX*•●]\)\s+)?([^\s│┃|].*?)[\s│┃|]*$`)
	// listHint: a line under a list explaining the keys, or a box closing.
	listHint = regexp.MustCompile(`(?i)^[\s│┃|]*([└╰╵]|.*(↑|↓|arrow|navigate|select|enter|space|esc|type to|filter|toggle|move))`)
	// keysRe: git's "(1/1) Stage this hunk [y,n,q,a,d,e,?]? ".
	keysRe = regexp.MustCompile(`^(.*?)\s*\[([^\s,\]]{1,2}(?:,[^\s,\]]{1,2})+)\]\?\s*$`)
	// keyBarItem: nano's "^C Cancel", " Y Yes", "M-A Mark".
	keyBarItem = regexp.MustCompile(`(\^[A-Z\\_\]@^]|M-\S|[A-Z])\s(\p{L}[\p{L} ]{0,14}?)(\s{2,}|$)`)
	// toggleRe: two short options on one line, with optional state glyphs,
	// split by a slash or drawn as buttons apart (huh's "Yes     No").
	toggleRe = regexp.MustCompile(`^([●◉○◯◻◼]\s+)?(\p{L}[\p{L}\p{N}']{0,11})(?:\s+/\s+|\s{3,})([●◉○◯◻◼]\s+)?(\p{L}[\p{L}\p{N}']{0,11})$`)
	maskRe   = regexp.MustCompile(`^[*•●·]+$`)
)

const (
	cursorGlyphs   = "❯›▸▶>→➤"
	selectedGlyphs = "●◉◼■⦿"
)

// askedOn returns the question asked on row r: a question line, or a
// title drawn bold (huh's titles), trimmed of gutters; "" if none.
func askedOn(v *view, r int) string {
	if q := v.find(questionLine, v.row(r)); q != nil {
		return strings.TrimSpace(q[1] + q[2])
	}
	t := strings.Trim(v.row(r), " │┃|")
	if t == "" {
		return ""
	}
	cols, _ := v.snap.Size()
	for c := 1; c <= cols; c++ {
		if cell := v.snap.Cell(r, c); strings.Trim(cell.Content, " │┃|") != "" {
			if cell.Bold && !cell.Faint {
				return t
			}
			return ""
		}
	}
	return ""
}

// selectPrompt finds a selection list at the bottom of the screen under a
// question line, with exactly one item marked (a cursor glyph, a filled
// radio) or highlighted in reverse video. A list with a visible cursor at a
// prompt below it is output, not a question.
func selectPrompt(v *view) *Prompt {
	// The list ends at most three rows up from the screen's bottom, and
	// has a marked row within searchRows up from its end: a screen with
	// none in reach holds no list, and is found so before its hints are
	// read (listHint's run was the most of this shape's cost).
	marked := lastMarked(v, max(1, v.bottom-3-searchRows), v.bottom)
	if marked == 0 {
		return nil
	}
	bottom := v.bottom
	for bottom > 1 && (strings.TrimSpace(v.row(bottom)) == "" || v.matches(listHint, v.row(bottom))) && v.bottom-bottom < 3 {
		bottom--
	}
	// markedRow(v, bottom), answered by the marked row found when it is at
	// bottom or above: no row under it is marked.
	if marked <= bottom && marked < bottom-searchRows || marked > bottom && !markedRow(v, bottom) {
		return nil // the common case, found cheaply: no row marked or reversed
	}
	type item struct {
		row          int
		text         string
		cur, checked bool
	}
	var items []item
	col := -1
	r := bottom
	for ; r >= max(1, bottom-searchRows) && len(items) < 30; r-- {
		m := v.find(selectItem, v.row(r))
		if m == nil || strings.Contains(v.row(r), "───") {
			break // a rule (fzf's counter) ends a list
		}
		c := utf8.RuneCountInString(m[1]) + utf8.RuneCountInString(m[2]) + utf8.RuneCountInString(m[3])
		if col >= 0 && c != col {
			break
		}
		col = c
		mark := strings.TrimSpace(m[3])
		items = append([]item{{row: r, text: strings.TrimSpace(m[4]), cur: m[2] != "",
			checked: mark != "" && (strings.ContainsAny(mark, selectedGlyphs) || strings.ContainsAny(mark, "xX*✓✔•"))}}, items...)
	}
	if len(items) < 2 || r < 1 {
		return nil
	}
	q := askedOn(v, r)
	if q == "" {
		return nil
	}
	if v.snap.CursorVisible() && v.cursor.Row > bottom && atPrompt(v.before) {
		return nil
	}
	p := &Prompt{Kind: PromptSelect, Text: q, Default: -1}
	curs, checks, reversed := 0, 0, 0
	for i, it := range items {
		p.Options = append(p.Options, it.text)
		if it.cur {
			curs++
			p.Default = i
		}
		if it.checked {
			checks++
		}
		if v.reversedRow(it.row) {
			reversed++
		}
	}
	switch {
	case curs == 1:
	case curs == 0 && checks == 1:
		for i, it := range items {
			if it.checked {
				p.Default = i
			}
		}
	case curs == 0 && checks == 0 && reversed == 1:
		for i, it := range items {
			if v.reversedRow(it.row) {
				p.Default = i
			}
		}
	default:
		return nil // nothing chosen, or several: a list, not a question
	}
	return p
}

// markedRow reports whether one of the searchRows rows up from bottom
// starts with a cursor or selection glyph, a checked box, or is drawn in
// reverse video: what a selection list needs.
func markedRow(v *view, bottom int) bool { return lastMarked(v, max(1, bottom-searchRows), bottom) > 0 }

// lastMarked returns the lowest row on screen (the last) of rows first to
// last that is marked as markedRow says, 0 if none is.
func lastMarked(v *view, first, last int) int {
	for r := last; r >= first; r-- {
		t := strings.TrimLeft(v.row(r), " │┃|")
		g, _ := utf8.DecodeRuneInString(t)
		switch {
		case t == "":
		case strings.ContainsRune(cursorGlyphs+selectedGlyphs, g):
			return r
		case (g == '[' || g == '(') && len(t) > 2 && strings.ContainsAny(t[1:2], "xX*✓✔•●"):
			return r
		case v.reversedRow(r):
			return r
		}
	}
	return 0
}

// reverseRow reports whether the text of row r is drawn in reverse video.
func reverseRow(s screen.Snapshot, r int) bool {
	cols, _ := s.Size()
	for c := 1; c <= cols; c++ {
		cell := s.Cell(r, c)
		if strings.TrimSpace(cell.Content) != "" && !strings.ContainsRune("│┃|", []rune(cell.Content)[0]) {
			return cell.Reverse
		}
	}
	return false
}

// togglePrompt finds two options on one line, one active: after the
// question on its own line ("? Deploy now? › no / yes") or on the line
// under the question ("│  ● Yes / ○ No"). The active one carries a filled
// glyph, or a colour or weight the other lacks.
func togglePrompt(v *view) *Prompt {
	for r := v.bottom; r >= max(1, v.bottom-3); r-- {
		row := v.row(r)
		text, rest := "", ""
		if m := v.find(chevronRe, row); m != nil {
			if i := strings.IndexAny(row, "›❯▸▶»‣"); i >= 0 {
				text, rest = m[1], strings.TrimSpace(row[i+len(string([]rune(row[i:])[0])):])
			}
		} else if v.matches(toggleRe, strings.Trim(row, " │┃|")) {
			// The question on the line above, or above a blank gutter line.
			for a := r - 1; a >= max(1, r-2); a-- {
				if q := askedOn(v, a); q != "" {
					text, rest = q, strings.Trim(row, " │┃|")
					break
				}
				if strings.Trim(v.row(a), " │┃|") != "" {
					break
				}
			}
		}
		m := v.find(toggleRe, rest)
		if m == nil {
			continue
		}
		p := &Prompt{Kind: PromptToggle, Text: strings.TrimSpace(text), Options: []string{m[2], m[4]}, Default: -1}
		switch a, b := strings.TrimSpace(m[1]), strings.TrimSpace(m[3]); {
		case a != "" && b != "" && strings.ContainsAny(a, selectedGlyphs) != strings.ContainsAny(b, selectedGlyphs):
			if strings.ContainsAny(a, selectedGlyphs) {
				p.Default = 0
			} else {
				p.Default = 1
			}
		default:
			p.Default = activeWord(v.snap, r, m[2], m[4])
		}
		if p.Default < 0 {
			return nil
		}
		return p
	}
	return nil
}

// activeWord says which of two words on row r is drawn distinctly: in a
// colour, bold or underlined while the other is plain or faint. -1 if
// neither stands out.
func activeWord(s screen.Snapshot, r int, a, b string) int {
	row := s.Row(r)
	ib := strings.LastIndex(row, b)
	if ib < 0 {
		return -1
	}
	ia := strings.LastIndex(row[:ib], a)
	if ia < 0 {
		return -1
	}
	ca := utf8.RuneCountInString(row[:ia]) + 1
	cb := utf8.RuneCountInString(row[:ib]) + 1
	x, y := s.Cell(r, ca), s.Cell(r, cb)
	loud := func(c screen.Cell) bool {
		return (colourful(c.Fg) || colourful(c.Bg) || c.Bold || c.Underline || c.Reverse) && !c.Faint
	}
	switch {
	case loud(x) && !loud(y):
		return 0
	case loud(y) && !loud(x):
		return 1
	}
	return -1
}

// colourful reports whether c is a colour rather than the default or a
// grey: a focused button is pink on grey ones, an active option cyan.
func colourful(c color.Color) bool {
	if c == nil {
		return false
	}
	r, g, b, _ := c.RGBA()
	hi, lo := max(r, g, b), min(r, g, b)
	return hi-lo > 0x3000
}

// keysPrompt finds a question answered by a key: git's "[y,n,q,...]?" on
// the cursor's line, or a key bar at the bottom (nano's "Y Yes", "N No",
// "^C Cancel") under a line asking something.
func keysPrompt(v *view) *Prompt {
	for _, l := range []string{v.before, strings.TrimSpace(v.row(v.bottom))} {
		if m := v.find(keysRe, l); m != nil {
			return &Prompt{Kind: PromptKeys, Text: strings.TrimSpace(m[1]), Options: strings.Split(m[2], ","), Default: -1}
		}
	}
	// nano: the question on the status line, the keys on the one or two
	// rows under it.
	var opts []string
	r := v.bottom
	for ; r >= max(1, v.bottom-2); r-- {
		found := v.findAll(keyBarItem, v.row(r))
		if len(found) == 0 || strings.TrimSpace(v.remove(keyBarItem, v.row(r))) != "" {
			break
		}
		var row []string
		for _, f := range found {
			row = append(row, f[1]+" "+strings.TrimSpace(f[2]))
		}
		opts = append(row, opts...)
	}
	if len(opts) < 2 || r < 1 {
		return nil
	}
	q := strings.Trim(v.row(r), " │")
	if !strings.HasSuffix(q, "?") {
		return nil
	}
	return &Prompt{Kind: PromptKeys, Text: q, Options: opts, Default: -1}
}

// inputPrompt finds a "? question" line with the visible cursor right
// after it, or after the mask the library echoes for a password; or an
// input box under a question line, the program's own cursor drawn in it.
func inputPrompt(v *view) *Prompt {
	if p := boxedInput(v); p != nil {
		return p
	}
	if !v.snap.CursorVisible() || v.cursor.Row < 1 || v.cursor.Row > len(v.rows) {
		return nil
	}
	m := v.find(chevronLine, v.before)
	if m == nil {
		return nil
	}
	text, typed := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	switch {
	case v.matches(maskRe, typed):
		return &Prompt{Kind: PromptPassword, Text: text, Default: -1}
	case typed == "" && v.matches(secretRe, text):
		return &Prompt{Kind: PromptPassword, Text: text, Default: -1}
	case typed == "":
		if opts := numberedBelow(v, v.cursor.Row); opts != nil {
			// A rawlist: the number of a choice is typed.
			return &Prompt{Kind: PromptOptions, Text: text, Options: opts, Default: -1}
		}
		return &Prompt{Kind: PromptInput, Text: text, Default: -1}
	}
	return nil
}

// secretRe: what a question asking for a secret names. A masked field
// shows nothing until a key is typed (@inquirer/prompts password: "?
// Registry token" and the cursor, corpus/testdata/inquirer.cast; promptui's
// masked Prompt: "✔ Deploy key: █", corpus/testdata/promptui.cast), so an
// empty one is told from a plain input by its words alone.
var secretRe = regexp.MustCompile(`(?i:\b(password|passphrase|passcode|token|secret|(?:api|deploy|private|ssh|access|secret)[ _-]?key)s?\b)|\bPINs?\b`)

// chevronLine: "? Enter your token ****": the question, then what was typed.
var chevronLine = regexp.MustCompile(`^\s*\?\s+(\S[^*•●·]*?)(?:\s+([*•●·]*))?$`)

// boxedInput finds a text field drawn under its question, the program's
// own cursor in it with only a gutter to its left (@clack/prompts text:
// "◆  Where should we create your project?" over "│  ./my-app", the
// placeholder's first cell in reverse video, corpus/testdata/clack.cast).
// The cursor a program draws is its input position; the question on the
// row right above it (not the bold-title fallback of askedOn) says it is
// asked for. A drawn cursor after a prompt glyph is the cursor signal's.
func boxedInput(v *view) *Prompt {
	if v.snap.CursorVisible() || v.drawn.Row < 2 || strings.Trim(v.drawnBefore, " │┃|") != "" {
		return nil
	}
	q := questionLine.FindStringSubmatch(v.row(v.drawn.Row - 1))
	if q == nil {
		return nil
	}
	text := strings.TrimSpace(q[1] + q[2])
	if secretRe.MatchString(text) {
		return &Prompt{Kind: PromptPassword, Text: text, Default: -1}
	}
	return &Prompt{Kind: PromptInput, Text: text, Default: -1}
}
