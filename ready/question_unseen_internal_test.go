package ready

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Questions of programs never seen while the engine was tuned (corpus,
// round 8), each on the frame its strace truth says the program waits on.
// Each case failed before the rule named in its name was added.
func TestQuestionsOfProgramsNeverSeen(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		at   time.Duration
		want *Prompt
	}{
		// squareButtonRe: a window's buttons in square brackets, the focused
		// one on a background of its own.
		{"mc delete buttons in square brackets", corpusCast("mc"), 1600 * time.Millisecond,
			&Prompt{Kind: PromptToggle, Text: `"build"?`, Options: []string{"Yes", "No"}, Default: 0}},
		// liftedButton: every button on a background of its own, the
		// focused one on another and the cursor in it (round 10).
		{"elinks buttons all on backgrounds of their own", corpusCast("elinks"), 556 * time.Millisecond,
			&Prompt{Kind: PromptToggle, Text: "Do you really want to exit ELinks?", Options: []string{"Yes", "No"}, Default: 0}},
		// yesNoKeysRe, popupYesNo with the cursor parked in the window.
		{"vifm [y]es or [n]o in a window", corpusCast("vifm"), 895 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Enter", Options: []string{"y", "n"}, Default: -1}},
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
