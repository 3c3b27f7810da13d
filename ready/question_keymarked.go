package ready

import (
	"regexp"
	"strings"
)

// Questions whose answers are words with their key marked in the word, by
// quotes, parentheses or brackets, the words between slashes, commas or
// spaces and the row ending in a question mark or a colon (docs/CORPUS.md,
// "Round 10: questions"):
//
//   - nnn's "'f'ile/'d'ir/'s'ym/'h'ard?" on its last row, the cursor after
//     it (corpus/testdata/nnn.cast);
//   - vim's "[O]pen Read-Only, (E)dit anyway, (R)ecover, (Q)uit, (A)bort:",
//     "(y)es/(n)o?", Erlang's "(a)bort (c)ontinue (p)roc info" style.
//
// At least two marked words, and nothing after the first but marked words,
// plain words and separators, then the question mark or colon: a sentence
// that quotes one key ("press (q) to quit: ") or a list of code ("f(x) g(y)")
// is not one. The options are the keys, as the other keyed shapes give them
// (question_keyed.go); yes/no when they are y and n. Label only: the other
// signals say whether the program waits.
var (
	// keyMarkRe: a word whose first letter, its key, is marked: 'f'ile,
	// (E)dit, [O]pen. The key is group 1, 2 or 3.
	keyMarkRe = regexp.MustCompile(`(?:'(\p{L})'|\((\p{L})\)|\[(\p{L})\])\p{L}[\p{L}-]*`)
	// keyMarkedTailRe: what may follow the first marked word.
	keyMarkedTailRe = regexp.MustCompile(`^(?:(?:'\p{L}'|\(\p{L}\)|\[\p{L}\])\p{L}[\p{L}-]*|\p{L}[\p{L}-]*|[\s/,])*[?:]$`)
)

func init() {
	registerShape(questionShape{name: "answer keys marked in words", rank: shapeYesNo + 16, find: keyMarkedQuestion, labelOnly: true})
}

// keyMarkedQuestion reads such a question on the answer line or the last
// row.
func keyMarkedQuestion(v *view, line string) *Prompt {
	for _, l := range []string{line, strings.TrimSpace(v.row(v.bottom))} {
		if !strings.ContainsAny(l, "?:") || !strings.ContainsAny(l, "'([") {
			continue // the common case, from the text alone
		}
		l = strings.TrimSpace(l)
		marks := keyMarkRe.FindAllStringSubmatchIndex(l, -1) // rows past the filter are few
		if len(marks) < 2 {
			continue
		}
		first := marks[0][0]
		if first > 0 && !strings.ContainsRune(" /,", rune(l[first-1])) {
			continue // a mark inside a word: code, not a key
		}
		if !v.matches(keyMarkedTailRe, l[first:]) {
			continue
		}
		var keys []string
		for _, m := range marks {
			for g := 1; g <= 3; g++ {
				if m[2*g] >= 0 {
					keys = append(keys, l[m[2*g]:m[2*g+1]])
				}
			}
		}
		text := strings.TrimSpace(l[:first])
		if text == "" {
			text = l
		}
		return keyedPrompt(text, keys)
	}
	return nil
}
