package ready

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// Questions of corpus round 11's set E (programs never seen), on the frame
// just before the answer where the strace truth has the program waiting
// for it. Each was read as no question before its shape: zsh's keys run
// together in brackets (question_runkeys.go), the second wrapped so that
// its "?" is alone on the cursor's row; cfdisk's answers quoted in a hint
// under the question (question_quoted.go).
func TestQuestionsOfSetE(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		at   time.Duration
		want *Prompt
	}{
		{"zsh correct [nyae]?", corpusCast("zsh"), 101 * time.Millisecond,
			&Prompt{Kind: PromptKeys, Text: "zsh: correct 'ehco' to 'echo'", Options: []string{"n", "y", "a", "e"}, Default: -1}},
		{"zsh rm * [yn] wrapped before its ?", corpusCast("zsh"), 1204 * time.Millisecond,
			&Prompt{Kind: PromptKeys, Text: "zsh: sure you want to delete all 3 files in /tmp/TestLivezsh4053650893/001/zsh-1419573763/files", Options: []string{"y", "n"}, Default: -1}},
		// A live run whose directory name was a digit shorter: the "?"
		// in the last column, the cursor after the space that wrapped.
		{"zsh rm * [yn]? ending at the last column", "testdata/zsh-question-at-last-column.cast", 1221 * time.Millisecond,
			&Prompt{Kind: PromptKeys, Text: "zsh: sure you want to delete all 3 files in /tmp/TestLivezsh973704075/001/zsh-1964498748/files", Options: []string{"y", "n"}, Default: -1}},
		{"cfdisk Type \"yes\" or \"no\" under the question", corpusCast("cfdisk"), 63700 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Are you sure you want to write the partition table to disk?", Options: []string{"yes", "no"}, Default: -1}},
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

// Where the two shapes must not fire.
func TestQuestionsOfSetEMustNotFire(t *testing.T) {
	notQuestions(t, 40, 8, map[string]string{
		"a word in brackets":         "\x1b[4;1HRun [sync]?x",
		"keys without y and n":       "\x1b[4;1HPick a mode [abc]?",
		"a letter twice":             "\x1b[4;1HSure [yny]?",
		"keys, no question mark":     "\x1b[4;1HSure [yn]",
		"keys mid-row, cursor after": "\x1b[4;1HSure [yn]? then more",
		"wrapped row not full":       "\x1b[3;1Hdelete all [yn]\x1b[4;1H?",
		"hint without a question":    "\x1b[2;1HWrite the table\x1b[4;1HType \"yes\" or \"no\".\x1b[2;16H",
		"one quoted word":            "\x1b[2;1HWrite the table?\x1b[4;1HOnly 'yes' will do.\x1b[2;17H",
		"hint too far below":         "\x1b[1;1HWrite the table?\x1b[7;1HType \"yes\" or \"no\"\x1b[8;1Hlast row\x1b[1;17H",
		"question not at the cursor": "\x1b[2;1HWrite the table?\x1b[4;1HType \"yes\" or \"no\"\x1b[6;1H$ ",
	})
	// The same screens with what each rule needs read as questions: the
	// checks that the cases above fail for the reasons they name.
	for name, out := range map[string]string{
		"keys":               "\x1b[4;1HSure [yn]?",
		"wrapped":            "\x1b[3;1Hdelete all of the files in this dir [yn]\x1b[4;1H?",
		"at the last column": "\x1b[3;1Hdelete all of the files in this dr [yn]? ",
		"quoted":             "\x1b[2;1HWrite the table?\x1b[4;1HType \"yes\" or \"no\".\x1b[2;17H",
		"last row":           "\x1b[1;1HWrite the table?\x1b[8;1HType \"yes\" or \"no\"\x1b[1;17H",
		"one capital":        "\x1b[4;1HSure [Yn]?",
	} {
		s := screen.New(40, 8)
		s.WriteAt(time.Time{}, []byte(out))
		if p := findPrompt(newView(s.Snapshot(), true)); p == nil {
			t.Errorf("%s: no question\n%s", name, s.Snapshot().String())
		}
		s.Close()
	}
}

// Neither shape fires where a corpus recording's truth says the program
// waits for anything but a question: on the frame of every such turn.
func TestSetEShapesNowhereElse(t *testing.T) {
	eachCorpusTurn(t, func(name, kind string, at time.Duration, s screen.Snapshot) {
		v := newView(s, true)
		if p := runKeysQuestion(v, v.before); p != nil {
			t.Errorf("keys run together: %s at %v (truth %q): %v\n%s", name, at, kind, p, s.String())
		}
		if p := quotedAnswersQuestion(v, v.before); p != nil {
			t.Errorf("quoted answers: %s at %v (truth %q): %v\n%s", name, at, kind, p, s.String())
		}
	})
}
