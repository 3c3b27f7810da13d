package ready

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// Questions of the widened corpus, each on the frame its truth (render
// hook or strace) says the program waits on. Each case failed before the
// rule named in its name was added.
func TestQuestionsOfTheWidenedCorpus(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		at   time.Duration
		want *Prompt
	}{
		// inlineChoices: the choices named on the line typed on.
		{"rich choices in brackets", corpusCast("rich"), 91 * time.Millisecond,
			&Prompt{Kind: PromptOptions, Text: "Licence", Options: []string{"mit", "apache", "gpl"}, Default: 0}},
		{"click choices in parentheses", corpusCast("click"), 1262 * time.Millisecond,
			&Prompt{Kind: PromptOptions, Text: "Bucket", Options: []string{"photos", "backups", "logs"}, Default: 0}},
		// expandKeys: one key per choice, the default in capitals.
		{"inquirer expand", corpusCast("inquirer-more"), 373146 * time.Microsecond,
			&Prompt{Kind: PromptKeys, Text: "Conflict on package.json:", Options: []string{"Y", "n", "d", "h"}, Default: 0}},
		// numberedBelow: a rawlist's numbered choices under the question typed on.
		{"inquirer rawlist", corpusCast("inquirer-more"), 1616169 * time.Microsecond,
			&Prompt{Kind: PromptOptions, Text: "Package manager", Options: []string{"npm", "pnpm", "yarn"}, Default: -1}},
		// blockGlyph: promptui's drawn "█", the terminal's cursor a row below.
		{"promptui confirm", corpusCast("promptui"), 1910344 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Tail the logs?", Options: []string{"y", "N"}, Default: 1}},
		// secretRe: a deploy key is a secret; masked, nothing shows until typed.
		// The corpus recording made before round 4, kept: its driver waited
		// 150 ms per turn, so the prompt stands drawn; in today's, the key
		// is typed 14 ms after promptui's stale redraw of the line before.
		{"promptui masked prompt", filepath.Join("testdata", "promptui-masked.cast"), 4200 * time.Millisecond,
			&Prompt{Kind: PromptPassword, Text: "Deploy key:", Default: -1}},
		// git's keys include "/": keys, not choices split by slashes.
		{"git add -p keys", corpusCast("git-add-p"), 78 * time.Millisecond,
			&Prompt{Kind: PromptKeys, Text: "(1/2) Stage this hunk", Options: []string{"y", "n", "q", "a", "d", "j", "J", "g", "/", "e", "?"}, Default: -1}},
		// A text prompt stays one: no choices, no secret.
		{"promptui text prompt", corpusCast("promptui"), 42219 * time.Microsecond, nil},
		{"rich text prompt", corpusCast("rich"), 87 * time.Millisecond, nil},
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

// promptui draws its cursor as "█" after the label and parks the hidden
// terminal cursor at the start of the row below: that glyph is where input
// goes, so the text prompt is ready in the quiet window, not after 2 s of
// silence.
func TestBlockGlyphCursor(t *testing.T) {
	s := frameAt(t, corpusCast("promptui"), 42219*time.Microsecond)
	v := newView(s, true)
	pos, before, ok := v.inputCursor(false)
	if want := (screen.Position{Row: 2, Col: 13}); !ok || pos != want || before != "✔ Replicas:" {
		t.Errorf("input cursor %v %q (found %v), want the drawn █ at %v after %q\n%s", pos, before, ok, want, "✔ Replicas:", s.String())
	}
	// A progress bar's block is no cursor: it follows the bar's edge, or
	// other blocks.
	for _, bar := range []string{"\x1b[?25l 10%|█         | 1/10\r\n", "\x1b[?25l 20% ██        \r\n"} {
		sc := screen.New(40, 4)
		sc.WriteAt(time.Time{}, []byte(bar))
		snap := sc.Snapshot()
		if p, ok := drawnCursor(snap, snap.Cursor(), 2); ok {
			t.Errorf("%q: drawn cursor at %v in a progress bar", bar, p)
		}
		sc.Close()
	}
}

// Words in parentheses after a question are a default answer unless they
// read as expand keys: distinct letters, one capital, h (help) last.
func TestExpandKeysNeedHelpLast(t *testing.T) {
	for line, want := range map[string]bool{
		"? Conflict on package.json: (Yndh)": true,
		"? Overwrite? (yAdxh)":               true,
		"? Name (Ada)":                       false,
		"? Port (3000)":                      false,
		"? Mode (YNh)":                       false, // two defaults
		"? Mode (ynh)":                       false, // no default
		"Conflict (Yndh)":                    false, // not a prompt library's line
	} {
		if got := expandKeys(&view{}, line) != nil; got != want {
			t.Errorf("expandKeys(%q) = %v, want %v", line, got, want)
		}
	}
}

// Curses dialogs mark the choice by colour alone: dialog's menu the current
// item on blue in a grey list, newt's checklist the current item's box on
// red, the focused button on a background of its own (boxQuestion).
func TestBoxedQuestions(t *testing.T) {
	shells := []string{"bash", "zsh", "fish"}
	parts := []string{"core", "docs", "tests", "extras"}
	for _, tc := range []struct {
		name string
		file string
		at   time.Duration
		want *Prompt
	}{
		{"dialog menu", corpusCast("dialog"), 50 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "Pick a shell", Options: shells, Default: 0}},
		{"dialog menu after down", corpusCast("dialog"), 72 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "Pick a shell", Options: shells, Default: 1}},
		{"dialog yesno", corpusCast("dialog"), 84 * time.Millisecond,
			&Prompt{Kind: PromptToggle, Text: "Continue?", Options: []string{"Yes", "No"}, Default: 0}},
		{"whiptail checklist", corpusCast("whiptail"), 13661 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Components", Options: parts, Default: 0}},
		{"whiptail checklist after down", corpusCast("whiptail"), 17726 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Components", Options: parts, Default: 1}},
		// dialog's inputbox: "<  OK  >" focused, but the visible cursor is
		// in the text field: a text input, not a question.
		{"dialog inputbox", corpusCast("dialog"), 34 * time.Millisecond, nil},
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

// Rows at one column with one of them coloured are no question outside a
// window (ls --color's directories on green), nor inside one when all
// rows share their colours (a message box's text) or when nothing asks.
func TestBoxedQuestionNeedsAWindowAndOneApart(t *testing.T) {
	for name, out := range map[string]string{
		"ls --color":        "\x1b[?25lbin\r\n\x1b[42mcache\x1b[0m\r\nsrc\r\n",
		"message box":       "┌──────────┐\r\n│ Notice   │\r\n│ \x1b[44mone\x1b[0m      │\r\n│ \x1b[44mtwo\x1b[0m      │\r\n└──────────┘\r\n",
		"no question above": "┌──────────┐\r\n│ one      │\r\n│ \x1b[44mtwo\x1b[0m      │\r\n│ six      │\r\n└──────────┘\r\n",
	} {
		s := screen.New(30, 8)
		s.WriteAt(time.Time{}, []byte(out))
		if p := findPrompt(newView(s.Snapshot(), true)); p != nil {
			t.Errorf("%s: prompt %+v\n%s", name, *p, s.Snapshot().String())
		}
		s.Close()
	}
	// The same window with a question over it is one.
	s := screen.New(30, 9)
	defer s.Close()
	s.WriteAt(time.Time{}, []byte("┌──────────┐\r\n│ Pick one │\r\n│          │\r\n│ one      │\r\n│ \x1b[44mtwo\x1b[0m      │\r\n│ six      │\r\n└──────────┘\r\n"))
	want := &Prompt{Kind: PromptSelect, Text: "Pick one", Options: []string{"one", "two", "six"}, Default: 1}
	if diff := cmp.Diff(want, findPrompt(newView(s.Snapshot(), true))); diff != "" {
		t.Errorf("a window with a question (-want +got):\n%s", diff)
	}
}

// bubbles' list marks the current item, title and description, with a bar
// at its left; the other items start at the same column without one
// (barList).
func TestBarList(t *testing.T) {
	pkgs := []string{"lipgloss", "bubbles", "huh", "glamour", "wish", "log", "harmonica"}
	for _, tc := range []struct {
		at   time.Duration
		want *Prompt
	}{
		{100 * time.Millisecond, &Prompt{Kind: PromptSelect, Text: "Packages", Options: pkgs, Default: 0}},
		{1700 * time.Millisecond, &Prompt{Kind: PromptSelect, Text: "Packages", Options: pkgs, Default: 1}},
		{3200 * time.Millisecond, &Prompt{Kind: PromptSelect, Text: "Packages", Options: pkgs, Default: 3}},
	} {
		s := frameAt(t, corpusCast("bubbles-list"), tc.at)
		if diff := cmp.Diff(tc.want, findPrompt(newView(s, true))); diff != "" {
			t.Errorf("at %v (-want +got):\n%s\n%s", tc.at, diff, s.String())
		}
	}
	// Not a list: a quote in output above the terminal's cursor, an input
	// box's side, two marked blocks.
	for name, out := range map[string]string{
		"quote":     "\x1b[1mNotes\x1b[0m\r\n  first\r\n│ quoted\r\n  last\r\n$ ",
		"input box": "\x1b[?25l\x1b[1mChat\x1b[0m\r\n  one\r\n│ > hi │\r\n  two\r\n",
		"two bars":  "\x1b[?25l\x1b[1mPick\x1b[0m\r\n│ one\r\n  two\r\n│ six\r\n",
	} {
		sc := screen.New(30, 8)
		sc.WriteAt(time.Time{}, []byte(out))
		if p := findPrompt(newView(sc.Snapshot(), true)); p != nil {
			t.Errorf("%s: prompt %+v\n%s", name, *p, sc.Snapshot().String())
		}
		sc.Close()
	}
	// The same list with the cursor hidden under a bold title is one.
	sc := screen.New(30, 8)
	defer sc.Close()
	sc.WriteAt(time.Time{}, []byte("\x1b[?25l\x1b[1mPick\x1b[0m\r\n  one\r\n│ two\r\n  six\r\n"))
	want := &Prompt{Kind: PromptSelect, Text: "Pick", Options: []string{"one", "two", "six"}, Default: 1}
	if diff := cmp.Diff(want, findPrompt(newView(sc.Snapshot(), true))); diff != "" {
		t.Errorf("a bar list (-want +got):\n%s", diff)
	}
}

// Whatever a program draws, looking for a question on it returns: no
// panic on half-drawn windows, bars or choice lines.
func FuzzFindPrompt(f *testing.F) {
	for _, seed := range []string{
		"┌────┐\r\n│ Q  │\r\n│    │\r\n│ \x1b[44ma\x1b[0m  │\r\n│ b  │\r\n│<\x1b[44mOK\x1b[0m> <No>│\r\n└────┘",
		"\x1b[?25l\x1b[1mT\x1b[0m\r\n│ a\r\n│ b\r\n  c\r\n  d\r\n\r\n  e\r\n",
		"Pick [a/b] (a):", "Pick (a, b) [b]:", "? X (Yndh)", "? P\r\n  1) a\r\n  2) b\x1b[1;4H",
		"\x1b[?25l? Q [y/N] █\r\n",
		// question_*.go's shapes: a highlighted list, a popup, buttons, a
		// check list by colour and by the cursor, a chooser.
		"\x1b[?1049h\x1b[?25l a\r\n\x1b[7m b\x1b[0m\r\n c", "\x1b[?25l┌──┐\r\n│ Go? (y/n) │\r\n└──┘",
		"\x1b[?25l┌────┐\r\n│Q?  │\r\n│\x1b[44mYes\x1b[0m  No│\r\n└────┘", "\x1b[?25l? Q\r\n◯ a\r\n\x1b[36m◯ b\x1b[0m",
		"[ ] a\r\n[x] b\x1b[1;2H", "\x1b[?25lQ\r\n\x1b[36m> a\x1b[0m\r\n  b\r\n↑↓ navigate",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, out string) {
		s := screen.New(12, 8)
		defer s.Close()
		s.WriteAt(time.Time{}, []byte(out))
		findPrompt(newView(s.Snapshot(), true))
	})
}
