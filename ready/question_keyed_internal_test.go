package ready

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Questions that list their answer keys in parentheses (question_keyed.go),
// on the frames of corpus round 9 where the strace truth has the program
// waiting for the answer; both failed before the shape.
func TestAnswerKeysInParentheses(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		at   time.Duration
		want *Prompt
	}{
		{"micro (y,n,esc) after the question", corpusCast("micro"), 1334 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Save changes to work/notes.txt before closing?", Options: []string{"y", "n", "esc"}, Default: -1}},
		{"newsboat (y:Yes n:No) before the question mark", "testdata/newsboat-ignored-key.cast", 2300 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Do you really want to quit?", Options: []string{"y", "n"}, Default: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := frameAt(t, tc.file, tc.at)
			got := findPrompt(newView(s, true))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("prompt (-want +got):\n%s\n%s", diff, s.String())
			}
		})
	}
}

// Keys in parentheses that ask nothing.
func TestAnswerKeysInParenthesesMustNotFire(t *testing.T) {
	notQuestions(t, 60, 4, map[string]string{
		"code with a question":  "\x1b[4;1Hok = isValid? f(a,b)",
		"a call after a ?":      "\x1b[4;1Hwhat? max(a,b)x",
		"words, no keys":        "\x1b[4;1HKeep which? (photos,backups)",
		"pairs without a ?":     "\x1b[4;1HTypes (a:int b:str)",
		"one pair":              "\x1b[4;1HQuit (y:Yes)?",
		"one key after the ?":   "\x1b[4;1HQuit now? (q)",
		"keys, no question":     "\x1b[4;1HSave changes (y,n,esc)",
		"question mid-row only": "\x1b[2;1HSave? (y,n)\x1b[4;1Hmore text below",
	})
}
