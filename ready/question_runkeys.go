package ready

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Answer keys run together in brackets after a question, as zsh asks
// (corpus round 11, set E): "zsh: correct 'ehco' to 'echo' [nyae]?" and
// "zsh: sure you want to delete all 3 files in /tmp/files [yn]?". Each
// letter is a key; y and n must be among them and no letter twice, so a
// word in brackets ("[sync]?" has both, "[beta]?" neither) is not taken
// unless it reads as keys: 2 to 5 letters. The question may wrap: zsh
// writes its long rm question to the last column, and its "?" lands alone
// on the next row where the cursor waits, or ends the row and the cursor
// waits after the space that wrapped; a row as wide as the screen above
// the cursor's, with little or nothing left of the cursor, is read as the
// same line. Label only: the other
// signals say whether the program waits.
var runKeysRe = regexp.MustCompile(`^(.*?\S)\s*\[([A-Za-z]{2,5})\]\?\s*$`)

func init() {
	registerShape(questionShape{name: "answer keys run together in brackets", rank: shapeKeys + 10, find: runKeysQuestion, labelOnly: true})
}

// runKeysQuestion reads such a question left of the cursor, joined to the
// row above when the terminal wrapped it there.
func runKeysQuestion(v *view, line string) *Prompt {
	if r := v.cursor.Row; r > 1 && len(line) < 4 && v.snap.CursorVisible() {
		cols, _ := v.snap.Size()
		if above := v.row(r - 1); utf8.RuneCountInString(above) == cols {
			// Wrapped before its "?", or right after it: the question
			// filled the row to the last column and its "? " went on.
			line = above + line
		}
	}
	if !strings.HasSuffix(line, "?") {
		return nil
	}
	m := v.find(runKeysRe, line)
	if m == nil {
		return nil
	}
	keys, seen := strings.Split(m[2], ""), map[string]bool{}
	for _, k := range keys {
		if seen[strings.ToLower(k)] {
			return nil
		}
		seen[strings.ToLower(k)] = true
	}
	if !seen["y"] || !seen["n"] {
		return nil
	}
	p := &Prompt{Kind: PromptKeys, Text: strings.TrimSpace(m[1]), Options: keys, Default: -1}
	for i, k := range keys {
		if k != strings.ToLower(k) {
			if p.Default >= 0 {
				p.Default = -1 // more than one capital: no default
				break
			}
			p.Default = i
		}
	}
	return p
}
