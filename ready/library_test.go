package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// Recordings of real programs built on real libraries (testdata/*.cast,
// made with termtest.WithRecording by a driver that sends keys on a fixed
// schedule and merges the program's own render-hook log as "ready"/"busy"
// markers). Each must be decided never early and never missed, within the
// latency the program's kind allows, with the generic profile.
var libraryRecordings = []struct {
	file   string
	maxP50 time.Duration // the slowest acceptable median latency, true ready to decided; 0: never ready
	why    string
	ask    *ready.Prompt // the first question, for recordings of one
}{
	{"bubbletea-textinput.cast", 250 * time.Millisecond,
		"bubbles textinput blinks its drawn cursor every ~530 ms: a blink is no change, and the blinking cell is the input position", nil},
	{"prompt-toolkit-toolbar-clock.cast", 200 * time.Millisecond,
		"prompt_toolkit's bottom_toolbar clock (refresh_interval=1) ticks every second while the cursor rests after the prompt: a clock ticking is no change", nil},
	{"agent-thinking-silent.cast", 200 * time.Millisecond,
		"an agent-like TUI draws \"Thinking…\" above its input box and is silent for 2 s: a status word shown since the input is busy", nil},
	{"agent-spinner-first-gap-longest.cast", 800 * time.Millisecond,
		"a |/-\\ spinner above the input box whose first gap (480 ms) is its longest: busy from its first frame; ready only outwaits its cadence", nil},
	{"tqdm-stall.cast", 200 * time.Millisecond,
		"tqdm progress stalling 0.7 s and 2.4 s is busy throughout; the input() prompt below the finished bar is ready", nil},
	{"tqdm-rate-flip.cast", 200 * time.Millisecond,
		"tqdm's bar (the corpus's tqdm-stall) stalls 2.4 s after its rate turned from \"1.04s/chunk\" to \"1.39chunk/s\": the same bar under the same label is still progress, busy through the stall", nil},
	{"bubbletea-footer-status.cast", 200 * time.Millisecond,
		"a bubbletea input line with a footer \"─ ready · 6s elapsed\" (the corpus's bubbletea-clock): the timer ticking is no change, and the footer turned to \"running ls\" after Enter, the input cleared at once, holds busy until it says \"ready\" again", nil},
	{"prompt-toolkit-toolbar-erased.cast", 200 * time.Millisecond,
		"the corpus's ptk-toolbar-clock, recorded with the kernel's view: Enter erases the toolbar 561 ms after its first drawing, and the toolbar's ticks come with the typed echo; a region drawn before an input and changed after it is the program answering, not an animation's cadence to outwait", nil},
	{"bubbletea-footer-answer.cast", 200 * time.Millisecond,
		"the corpus's bubbletea-clock, recorded with the kernel's view: Enter clears the input line and turns the footer to \"running ls\" in one frame 334 ms after the first drawing; that answer to the input is no animation frame, and the ready prompt after the work is decided in the quiet window", nil},
	{"bubbles-list-spinner.cast", 200 * time.Millisecond,
		"bubbles list (the corpus's bubbles-list) on the alternate screen spins its title's |/-\\ spinner for 1.5 s after Enter, cursor parked: a spinner is busy there too, though the other animations of a full-screen program are not", nil},
	{"top-refresh.cast", 1200 * time.Millisecond,
		"top -d 1 (the corpus's top) repaints its statistics every second, cursor hidden, waiting for keys in pselect on the terminal: a monitor, ready once its refresh proved steady (the third, 2.2 s in, on the first turn) and within the quiet window after each key", nil},
	{"bubbletea-input-taken.cast", 250 * time.Millisecond,
		"a bubbletea note taker (the corpus's bubbletea-toast) clears its input in place on Enter and saves for 400 ms drawing nothing else: the line was taken, not answered; ready when the note and its flash are drawn", nil},
	{"printf-working-sleep.cast", 0,
		"`printf working...; sleep 0.5; exit 3` is never ready: a status word with the cursor after it is busy, not a settled cursor at 400 ms", nil},
	{"python-loading-then-prompt.cast", 200 * time.Millisecond,
		"a REPL printing \"Loading...\" and later its prompt below it: the status word was left behind, the prompt is ready at once", nil},
	{"q-inquirer-select.cast", 200 * time.Millisecond, "@inquirer/prompts select hides the cursor and marks the item with ❯",
		&ready.Prompt{Kind: ready.PromptSelect, Text: "Pick a color", Options: []string{"red", "green", "blue"}, Default: 0}},
	{"q-enquirer-select.cast", 200 * time.Millisecond, "enquirer's select marks the item with ▸ under \"? Pick a color …\"",
		&ready.Prompt{Kind: ready.PromptSelect, Text: "Pick a color", Options: []string{"red", "green", "blue"}, Default: 0}},
	{"q-clack-select.cast", 200 * time.Millisecond, "@clack/prompts select: ● for the item, ○ for the others, in a │ gutter",
		&ready.Prompt{Kind: ready.PromptSelect, Text: "Pick a color", Options: []string{"red", "green", "blue"}, Default: 0}},
	{"q-clack-confirm.cast", 200 * time.Millisecond, "@clack/prompts confirm: \"● Yes / ○ No\" under the question",
		&ready.Prompt{Kind: ready.PromptToggle, Text: "Deploy now?", Options: []string{"Yes", "No"}, Default: 0}},
	{"q-prompts-toggle.cast", 200 * time.Millisecond, "prompts' toggle: \"no / yes\" after the question, the active one in colour",
		&ready.Prompt{Kind: ready.PromptToggle, Text: "Deploy now?", Options: []string{"no", "yes"}, Default: 0}},
	{"q-inquirer-password.cast", 200 * time.Millisecond, "@inquirer/prompts password: \"? Enter your token\" with the cursor after it, masked as typed: a secret named, a password from the first frame",
		&ready.Prompt{Kind: ready.PromptPassword, Text: "Enter your token", Default: -1}},
	{"q-huh-select.cast", 200 * time.Millisecond, "huh's Select: a bold title, \"> \" before the item, in a ┃ gutter",
		&ready.Prompt{Kind: ready.PromptSelect, Text: "Pick a color", Options: []string{"red", "green", "blue"}, Default: 0}},
	{"q-huh-confirm.cast", 200 * time.Millisecond, "huh's Confirm: two buttons, the focused one on a coloured background",
		&ready.Prompt{Kind: ready.PromptToggle, Text: "Deploy now?", Options: []string{"Yes", "No"}, Default: 1}},
	{"q-nano-save.cast", 200 * time.Millisecond, "nano's \"Save modified buffer?\" with its key bar (truth: the frame that drew it)",
		&ready.Prompt{Kind: ready.PromptKeys, Text: "Save modified buffer?", Options: []string{"Y Yes", "N No", "^C Cancel"}, Default: -1}},
	{"q-git-add-p.cast", 200 * time.Millisecond, "git add -p's key prompt (truth: the frame that drew it)",
		&ready.Prompt{Kind: ready.PromptKeys, Text: "(1/1) Stage this hunk", Options: []string{"y", "n", "q", "a", "d", "e", "?"}, Default: -1}},
}

func TestLibraryRecordings(t *testing.T) {
	for _, lr := range libraryRecordings {
		t.Run(strings.TrimSuffix(lr.file, ".cast"), func(t *testing.T) {
			cast, err := asciicast.ReadFile(filepath.Join("testdata", lr.file))
			if err != nil {
				t.Fatal(err)
			}
			cal, err := recordings.Calibrate(lr.file, cast, recordings.WithRuntime("generic"))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			var tl strings.Builder
			for _, tr := range rep.Run() {
				tl.WriteString("  " + tr.Time.Sub(rep.Start()).String() + " " + string(tr.State) + " " + string(tr.Signal) + " " + tr.Reason + "\n")
			}
			t.Logf("%d turns, %d premature, %d missed, latencies %v, signals %v", cal.Turns, cal.Premature, cal.Missed, cal.Latencies, cal.Signals)
			if cal.Turns == 0 && lr.maxP50 > 0 {
				t.Fatalf("no ground-truth ready moment in %s", lr.file)
			}
			if cal.Premature != 0 || cal.Missed != 0 || lr.maxP50 == 0 && cal.Turns == 0 && hasWaiting(rep.Timeline()) {
				t.Errorf("%d premature, %d of %d turns missed; want none (%s)\n%s", cal.Premature, cal.Missed, cal.Turns, lr.why, tl.String())
			}
			if lr.ask != nil {
				var got *ready.Prompt
				for _, tr := range rep.Timeline() {
					if tr.State == ready.Question {
						got = tr.Prompt
						break
					}
				}
				if diff := cmp.Diff(lr.ask, got); diff != "" {
					t.Errorf("first question (-want +got):\n%s\n%s", diff, tl.String())
				}
			}
			for i, l := range cal.Latencies {
				if time.Duration(l) > 2*lr.maxP50 {
					t.Errorf("turn %d: latency %v, want at most twice the median bound (%v)\n%s", i+1, l, 2*lr.maxP50, tl.String())
				}
			}
			if p50 := cal.Percentile(50); p50 > lr.maxP50 {
				t.Errorf("latency p50 %v, want at most %v (%s); latencies %v\n%s", p50, lr.maxP50, lr.why, cal.Latencies, tl.String())
			}
		})
	}
}

// hasWaiting reports whether a timeline declared the program waiting for
// input: for recordings that never are.
func hasWaiting(tl []ready.Transition) bool {
	for _, tr := range tl {
		if tr.State.Waiting() {
			return true
		}
	}
	return false
}
