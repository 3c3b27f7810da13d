package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Yes/no questions written other ways than "[y/N]" (yesNoRe):
//
//   - a bar or the word "or" between the answers: terminal-kit's yesOrNo
//     "[Y|n]" (corpus/testdata/terminal-kit.cast, shell-questions.cast's
//     read -p), GNU's query "(y or n)" and "(y or [n])" with the default in
//     brackets (readline's and gdb's, gdb.cast and shell-questions.cast);
//   - the answer a prompt library shows after a chevron: enquirer's
//     Confirm "? Update 2 packages? (y/N) ‣ false" (enquirer-more.cast);
//   - a question with only its default in parentheses: npm's read "Is this
//     OK? (yes)", npx's "Ok to proceed? (y)" (npm-read.cast): a line that
//     asks ("?") and offers one of yes or no as the answer, so the other
//     is the choice left;
//   - the cursor at the start of the row under "[Y|n]", as terminal-kit
//     leaves it;
//   - a yes/no question in a window of its own with the terminal's cursor
//     hidden: gocui's popup "Mark "tag v1.4.2" done? (y/n)" (gocui.cast),
//     or parked in that window by a full-screen program;
//   - the key of each answer in brackets in its word: vifm's "Enter [y]es
//     or [n]o" under its deletion question (vifm.cast).

var (
	// yesNoWordsRe: the answers with "/", "|" or "or" between them, either
	// in brackets as the default, then maybe the answer so far after a
	// chevron.
	yesNoWordsRe = regexp.MustCompile(`(?i)^(.*?)\s*[\[(]\s*(\[?(?:y|yes)\]?)\s*(?:/|\||\s+or\s+)\s*(\[?(?:n|no)\]?)\s*[\])]\s*[:?]?(?:\s*[›‣❯»]\s*(?:true|false|yes|no|y|n)?)?$`)
	// yesNoKeysRe: "[y]es or [n]o", "[y]es/[n]o": each answer's key in
	// brackets in its word.
	yesNoKeysRe = regexp.MustCompile(`(?i)^(.*?)\s*\[(y)\](?:es)?\s*(?:/|\||,|\s+or\s+)\s*\[(n)\](?:o)?\s*[:?.]?$`)
	// yesNoDefaultRe: "Is this OK? (yes)": a question, then the default.
	yesNoDefaultRe = regexp.MustCompile(`(?i)^(.*\?)\s*\((y|yes|n|no)\)\s*:?$`)
)

func init() {
	registerShape(questionShape{name: "yes/no words", rank: shapeYesNo + 10, find: yesNoWords})
	registerShape(questionShape{name: "yes/no in a popup", rank: shapeBox - 10, find: popupYesNo})
}

// yesNoWords finds the yes/no questions of the other notations on the
// answer line or the last row.
func yesNoWords(v *view, line string) *Prompt {
	above := ""
	if v.snap.CursorVisible() && v.cursor.Col == 1 && v.cursor.Row > 1 && line == "" {
		// terminal-kit's yesOrNo leaves the cursor at the start of the row
		// under its question while it waits for the key.
		above = strings.TrimSpace(v.row(v.cursor.Row - 1))
	}
	for _, l := range []string{line, strings.TrimSpace(v.row(v.bottom)), above} {
		if p := yesNoText(v, l); p != nil {
			return p
		}
	}
	return nil
}

// yesNoText reads a yes/no question of any notation from text l.
func yesNoText(v *view, l string) *Prompt {
	if l == "" {
		return nil
	}
	if m := v.find(yesNoRe, l); m != nil {
		return yesNo(m)
	}
	if m := v.find(yesNoWordsRe, l); m != nil {
		y, n := strings.Trim(m[2], "[]"), strings.Trim(m[3], "[]")
		p := yesNo([]string{m[0], m[1], y, n})
		switch {
		case strings.HasPrefix(m[2], "["):
			p.Default = 0
		case strings.HasPrefix(m[3], "["):
			p.Default = 1
		}
		return p
	}
	if m := v.find(yesNoKeysRe, l); m != nil {
		return yesNo(m)
	}
	if m := v.find(yesNoDefaultRe, l); m != nil {
		p := &Prompt{Kind: PromptYesNo, Text: strings.TrimSpace(m[1]), Default: 0}
		long := len(m[2]) > 1
		switch {
		case long:
			p.Options = []string{"yes", "no"}
		default:
			p.Options = []string{"y", "n"}
		}
		if strings.HasPrefix(strings.ToLower(m[2]), "n") {
			p.Default = 1
		}
		return p
	}
	return nil
}

// popupYesNo finds a yes/no question as the last text of a window, the
// terminal's cursor hidden (the program takes the key itself) or, on the
// alternate screen, parked in that window (vifm parks it on its question's
// first letter): the row under it closes the window at the question's
// column.
func popupYesNo(v *view, _ string) *Prompt {
	if v.snap.CursorVisible() && !v.snap.AltScreen() {
		return nil
	}
	for r := v.bottom - 1; r >= 1; r-- {
		row := v.row(r)
		if !strings.ContainsAny(row, "([") || !boxedRow(row) {
			continue // the common case, found cheaply: no brackets in a window
		}
		for _, seg := range boxSegments(row) {
			p := yesNoText(v, strings.TrimSpace(seg.text))
			if p == nil {
				continue
			}
			below := []rune(v.row(r + 1))
			if seg.col-1 < len(below) && strings.ContainsRune("└╰╚─━═┘╯╝┴", below[seg.col-1]) && (!v.snap.CursorVisible() || cursorInWindow(v, r, seg)) {
				return p
			}
		}
	}
	return nil
}

// cursorInWindow reports whether the terminal's cursor is on a row of the
// window whose last text, seg, is on row r: at most questionRows above it,
// inside its sides, on a row inside a window.
func cursorInWindow(v *view, r int, seg boxSegment) bool {
	c := v.cursor
	return c.Row <= r && c.Row >= r-questionRows && c.Col >= seg.col && c.Col < seg.col+utf8.RuneCountInString(seg.text) &&
		boxedRow(v.row(c.Row))
}

// boxSegment is the text between two sides of windows on a row, and the
// column it starts at.
type boxSegment struct {
	col  int
	text string
}

// boxSegments splits a row at the sides of its windows.
func boxSegments(row string) []boxSegment {
	var segs []boxSegment
	var b strings.Builder
	start := 0
	for i, r := range []rune(row) {
		if vBorder(r) {
			if strings.TrimSpace(b.String()) != "" {
				segs = append(segs, boxSegment{col: start + 1, text: b.String()})
			}
			b.Reset()
			start = i + 1
			continue
		}
		b.WriteRune(r)
	}
	return segs
}
