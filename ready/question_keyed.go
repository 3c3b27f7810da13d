package ready

import (
	"regexp"
	"strings"
)

// Questions that list the keys that answer them in parentheses on their
// own line, as editors and readers ask on their message row (issue 20,
// round 9):
//
//   - after the question mark, the keys between commas: micro's "Save
//     changes to notes.txt before closing? (y,n,esc)";
//   - before it, each key and its word joined by a colon: newsboat's "Do
//     you really want to quit (y:Yes n:No)? ".
//
// Keys are one to three characters each, so a call in code ("f(a,b)?") or
// a list of words ("(photos, backups)", commaChoicesRe's) is not read as
// one. The options are the keys, as a yes/no question's are; it is a yes/no
// question when they are y and n, and a choice otherwise. Label only: the
// other signals say whether the program waits.
var (
	keysAfterQuestionRe = regexp.MustCompile(`^(.*\S\?)\s*\(([^\s(),]{1,3}(?:,[^\s(),]{1,3})+)\)$`)
	keyWordPairsRe      = regexp.MustCompile(`^(.*?\S)\s*\(([^\s():]{1,3}:\p{L}+(?:\s+[^\s():]{1,3}:\p{L}+)+)\)\s*\?$`)
)

func init() {
	registerShape(questionShape{name: "answer keys in parentheses", rank: shapeYesNo + 15, find: keyedQuestion, labelOnly: true})
}

// keyedQuestion reads such a question on the answer line or the last row.
func keyedQuestion(v *view, line string) *Prompt {
	for _, l := range []string{line, strings.TrimSpace(v.row(v.bottom))} {
		if !strings.Contains(l, "?") || !strings.Contains(l, "(") {
			continue
		}
		if m := v.find(keysAfterQuestionRe, l); m != nil {
			return keyedPrompt(m[1], strings.Split(m[2], ","))
		}
		if m := v.find(keyWordPairsRe, l); m != nil {
			var keys []string
			for _, pair := range strings.Fields(m[2]) {
				k, _, _ := strings.Cut(pair, ":")
				keys = append(keys, k)
			}
			return keyedPrompt(m[1]+"?", keys)
		}
	}
	return nil
}

func keyedPrompt(text string, keys []string) *Prompt {
	p := &Prompt{Kind: PromptSelect, Text: strings.TrimSpace(text), Options: keys, Default: -1}
	if len(keys) >= 2 && strings.EqualFold(keys[0], "y") && strings.EqualFold(keys[1], "n") {
		p.Kind = PromptYesNo
	}
	return p
}
