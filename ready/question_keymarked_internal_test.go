package ready

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Answers as words with their key marked in the word
// (question_keymarked.go): nnn's question on the frame where the strace
// truth has nnn waiting for its answer. Before the shape, this frame was
// "recognised" only by reading nnn's file list as a menu (choices logs/,
// src/, notes.txt), which question_highlight_extent.go no longer does.
func TestAnswerKeysMarkedInWords(t *testing.T) {
	checkQuestions(t, []questionCase{
		{"nnn 'f'ile/'d'ir/'s'ym/'h'ard?", corpusCast("nnn"), 2354555 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "'f'ile/'d'ir/'s'ym/'h'ard?", Options: []string{"f", "d", "s", "h"}, Default: -1}},
	})
	for _, tc := range []struct {
		name, out string
		want      *Prompt
	}{
		{"vim's swap file question", "\x1b[4;1H[O]pen Read-Only, (E)dit anyway, (R)ecover, (Q)uit, (A)bort: ",
			&Prompt{Kind: PromptSelect, Text: "[O]pen Read-Only, (E)dit anyway, (R)ecover, (Q)uit, (A)bort:", Options: []string{"O", "E", "R", "Q", "A"}, Default: -1}},
		{"a question, then (y)es/(n)o", "\x1b[4;1HOverwrite notes.txt? (y)es/(n)o: ",
			&Prompt{Kind: PromptYesNo, Text: "Overwrite notes.txt?", Options: []string{"y", "n"}, Default: -1}},
	} {
		sc := screen.New(80, 4)
		sc.WriteAt(time.Time{}, []byte(tc.out))
		s := sc.Snapshot()
		sc.Close()
		got := findPrompt(newView(s, true))
		if got == nil || got.Kind != tc.want.Kind || got.Text != tc.want.Text || len(got.Options) != len(tc.want.Options) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Marked keys that ask nothing.
func TestAnswerKeysMarkedInWordsMustNotFire(t *testing.T) {
	notQuestions(t, 60, 4, map[string]string{
		"one key quoted":          "\x1b[4;1HPress (q)uit to leave:",
		"code, marks in words":    "\x1b[4;1Hx = f(a)b + g(c)d?",
		"keys, no question":       "\x1b[4;1H(a)bort (c)ontinue (p)roc info",
		"digits after the marks":  "\x1b[4;1H(a)bort 1, (c)ontinue 2?",
		"a sentence after a mark": "\x1b[4;1H'f'ile or 'd'ir, say which (then Enter)?",
		"marks mid-row only":      "\x1b[2;1H'f'ile/'d'ir?\x1b[4;1Hmore text below",
	})
}
