package ready

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// questionCase is a question of a corpus recording, on the frame the program
// waits on (the last before the input that answers it), and what is found.
type questionCase struct {
	name string
	file string
	at   time.Duration
	want *Prompt
}

func checkQuestions(t *testing.T, cases []questionCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := frameAt(t, tc.file, tc.at)
			got := findPrompt(newView(s, true))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("prompt (-want +got):\n%s\n%s", diff, s.String())
			}
		})
	}
}

// notQuestions checks that none of the outputs, drawn on a cols×rows
// screen, reads as a question.
func notQuestions(t *testing.T, cols, rows int, outs map[string]string) {
	t.Helper()
	for name, out := range outs {
		s := screen.New(cols, rows)
		s.WriteAt(time.Time{}, []byte(out))
		if p := findPrompt(newView(s.Snapshot(), true)); p != nil {
			t.Errorf("%s: prompt %+v\n%s", name, *p, s.Snapshot().String())
		}
		s.Close()
	}
}

// Yes/no questions in the other notations (question_yesno.go).
func TestYesNoNotations(t *testing.T) {
	yn := []string{"y", "n"}
	checkQuestions(t, []questionCase{
		{"terminal-kit [Y|n], cursor on the row under it", corpusCast("terminal-kit"), 466148 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Do you like javascript?", Options: []string{"Y", "n"}, Default: 0}},
		{"bash read -p [Y|n]", corpusCast("shell-questions"), 15700 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Overwrite config.toml?", Options: []string{"Y", "n"}, Default: 0}},
		{"bash select #?", corpusCast("shell-questions"), 638 * time.Millisecond,
			&Prompt{Kind: PromptOptions, Text: "overwrite: n", Options: []string{"production", "staging", "preview"}, Default: -1}},
		{"GNU (y or n)", corpusCast("shell-questions"), 1470 * time.Millisecond,
			&Prompt{Kind: PromptYesNo, Text: "Restart the service now?", Options: yn, Default: -1}},
		{"gdb (y or [n])", corpusCast("gdb"), 540935 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Make breakpoint pending on future shared library load?", Options: yn, Default: 1}},
		{"npm read (yes)", corpusCast("npm-read"), 975246 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Is this OK?", Options: []string{"yes", "no"}, Default: 0}},
		{"npx (y)", corpusCast("npm-read"), 1007043 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Ok to proceed?", Options: yn, Default: 0}},
		{"enquirer confirm (y/N) ‣ false", corpusCast("enquirer-more"), 407508 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Update 2 packages?", Options: []string{"y", "N"}, Default: 1}},
		{"gocui popup (y/n)", corpusCast("gocui"), 731600 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: `Mark "tag v1.4.2" done?`, Options: yn, Default: -1}},
		// A default in parentheses after a label is a text prompt's.
		{"npm read (demo)", corpusCast("npm-read"), 310338 * time.Microsecond, nil},
	})
	notQuestions(t, 40, 6, map[string]string{
		"a default that is not yes or no": "Port? (3000) ",
		"answered":                        "Overwrite? (y or n) y\r\n",
		"no question mark":                "Default answer (yes) ",
		// A yes/no in a window is the popup's only while the program hides
		// the cursor and the question ends its window.
		"popup, cursor shown":   "┌────────────┐\r\n│ Go? (y/n)  │\r\n└────────────┘\r\n$ ",
		"window with more text": "\x1b[?25l┌────────────┐\r\n│ Go? (y/n)  │\r\n│ more       │\r\n└────────────┘\r\n",
	})
}

// Lists of widget toolkits whose current item is set apart by its
// highlight alone (question_highlight.go).
func TestHighlightedLists(t *testing.T) {
	deploy := []string{"deploy production", "deploy staging", "quit"}
	menu := []string{"Backup now", "Restore a file", "Show last log", "Settings"}
	branches := []string{"main", "feature/login", "feature/search", "fix/typo", "release/1.4"}
	tasks := []string{"write the release notes", "tag v1.4.2", "update the changelog", "announce the release"}
	files := []string{"README.md 360 B 2026-11-20", "main.go   480 B 2026-11-21", "go.mod    600 B 2026-11-22",
		"Makefile  720 B 2026-11-23", "LICENSE   840 B 2026-11-24"}
	checkQuestions(t, []questionCase{
		{"tview List on a painted screen", corpusCast("tview-status"), 1092538 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "deployer · 3 environments", Options: deploy, Default: 1}},
		{"tview Table, its header in a colour of its own", corpusCast("tview-table"), 781333 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "name      size  modified", Options: files, Default: 2}},
		{"curses reverse video", corpusCast("curses-menu"), 1200 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "backup tool", Options: menu, Default: 1}},
		{"python-blessed reverse from the margin, a clock right of the title", corpusCast("py-blessed-menu"), 2800 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "sync tool", Options: []string{"Sync mail", "Sync calendar", "Sync contacts"}, Default: 2}},
		{"blessed list in a window with a title", corpusCast("blessed-list"), 1732754 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "branches", Options: branches, Default: 3}},
		{"blessed list in a window without one", corpusCast("blessed-status"), 2493314 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "deployer · 3 environments", Options: []string{"production", "staging", "preview"}, Default: 1}},
		{"gocui, two panes", corpusCast("gocui"), 901900 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "release tasks", Options: tasks, Default: 1}},
		{"terminal-kit singleColumnMenu, the cursor on the item", corpusCast("terminal-kit"), 1920173 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Looking for templates…", Options: []string{"minimal", "web server", "command-line tool", "library"}, Default: 0}},
		// tview-table's page in a window: text, nothing highlighted.
		{"a page of text", corpusCast("tview-table"), 796781 * time.Microsecond, nil},
	})
	notQuestions(t, 30, 3, map[string]string{
		// A highlighted status bar on the last row, under a paragraph.
		"status bar": "\x1b[?1049h\x1b[?25lSome text here\r\nmore of it\r\n\x1b[7mstatus: ok\x1b[0m",
	})
	notQuestions(t, 30, 8, map[string]string{
		// ls --color: output, the cursor at the prompt below, no screen of its own.
		"ls --color": "bin\r\n\x1b[42mcache\x1b[0m\r\nsrc\r\n$ ",
		// less: its prompt in reverse, the cursor after it.
		"less's prompt": "\x1b[?1049h1\r\n2\r\n3\r\n\x1b[7mfile.txt\x1b[0m",
		// A cursor line across the whole width (tig, htop) is a viewer's.
		"cursor line": "\x1b[?1049h\x1b[?25lone\r\n\x1b[7mtwo                           \x1b[0m\r\nsix\r\n",
		// An editor's selection, its cursor on the line (vim's Visual).
		"selection": "\x1b[?1049hone\r\n\x1b[7mtwo\x1b[0m\r\nsix\r\n\x1b[2;1H",
		// Two rows alike, or items in several colours: a layout.
		"two alike":    "\x1b[?1049h\x1b[?25lone\r\n\x1b[7mtwo\x1b[0m\r\n\x1b[7msix\x1b[0m\r\nten\r\n",
		"many colours": "\x1b[?1049h\x1b[?25l\x1b[41mone\x1b[0m\r\n\x1b[42mtwo\x1b[0m\r\n\x1b[43msix\x1b[0m\r\n",
	})
}

// A widget's list stays drawn, its item highlighted, while the program
// works on the choice: its shape names the question the other signals
// find the program waiting on, it does not decide (questionShape.labelOnly).
func TestHighlightedListOnlyLabels(t *testing.T) {
	v := newView(frameAt(t, corpusCast("curses-menu"), 1200*time.Millisecond), true)
	if v.prompt() == nil || v.promptDecides() != nil {
		t.Errorf("prompt %v, deciding %v: want the list found, not deciding", v.prompt(), v.promptDecides())
	}
	v = newView(frameAt(t, corpusCast("gdb"), 540935*time.Microsecond), true)
	if v.promptDecides() == nil {
		t.Errorf("gdb's (y or [n]) does not decide")
	}
}

// Choosers: a marker drawn before the current item, the others indented
// to its text, a key hint under the list or a query line beside it
// (question_chooser.go).
func TestChoosers(t *testing.T) {
	branches := []string{"main", "feature/login", "feature/search", "fix/typo", "release/1.4"}
	checkQuestions(t, []questionCase{
		{"gum choose", corpusCast("gum-choose"), 430 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "Deploy to", Options: []string{"production", "staging", "preview", "local"}, Default: 1}},
		{"gum filter", corpusCast("gum-filter"), 413 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "branch", Options: branches, Default: 0}},
		{"gum filter, a query typed", corpusCast("gum-filter"), 907 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "fea", Options: []string{"feature/login", "feature/search"}, Default: 1}},
		// fzf's counter is a rule, not an item: the list is under it.
		{"fzf", corpusCast("fzf"), 140 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "", Options: branches, Default: 0}},
		{"fzf, a query typed", corpusCast("fzf"), 770 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "fea", Options: []string{"feature/login", "feature/search"}, Default: 1}},
	})
	notQuestions(t, 30, 8, map[string]string{
		// A quote in output: the marker plain, no hint, no query.
		"quote":              "\x1b[?25lnotes\r\n> quoted\r\n  indented\r\n",
		"coloured, no hint":  "\x1b[?25lnotes\r\n\x1b[36m> quoted\x1b[0m\r\n  indented\r\n",
		"hint, marker plain": "\x1b[?25lnotes\r\n> quoted\r\n  indented\r\n↑↓ navigate\r\n",
		// The terminal's cursor at a prompt far under it.
		"cursor far below": "\x1b[36m> one\x1b[0m\r\n  two\r\n\r\n\r\n\r\n$ ",
	})
}

// Buttons drawn as words ending a window, or under the terminal's cursor
// (question_buttons.go), and bracketed buttons focused by the cursor
// (question_box.go).
func TestWordButtons(t *testing.T) {
	checkQuestions(t, []questionCase{
		{"tview Modal, the focused button on a colour of its own", corpusCast("tview-modal"), 66141 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Delete 3 files?", Options: []string{"Yes", "No"}, Default: 0}},
		{"tview Form's buttons, Save focused", corpusCast("tview-form"), 109889 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Password **", Options: []string{"Save", "Quit"}, Default: 0}},
		{"ncdu, reverse video", corpusCast("ncdu"), 96 * time.Millisecond,
			&Prompt{Kind: PromptOptions, Text: "and all of its contents?", Options: []string{"yes", "no", "don't ask me again"}, Default: 1}},
		{"blessed Question, no focus", corpusCast("blessed-question"), 164559 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Delete branch feature/login?", Options: []string{"Okay", "Cancel"}, Default: -1}},
		{"terminal-kit singleLineMenu", corpusCast("terminal-kit"), 2147875 * time.Microsecond,
			&Prompt{Kind: PromptOptions, Text: "License:", Options: []string{"MIT", "Apache-2.0", "GPL-3.0"}, Default: 0}},
		{"urwid, the cursor in the focused button", corpusCast("urwid-dialog"), 83671 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Apply 2 changes?", Options: []string{"Yes", "No"}, Default: 0}},
		// A form whose focus is on a check box: its buttons are drawn alike,
		// no question over them asks: not a question of theirs. The check
		// box is (question_field.go's colourFocusedField).
		{"tview Form, the focus elsewhere", corpusCast("tview-form"), 86628 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Admin", Default: -1}},
		// blessed's Prompt: a text field over its buttons.
		{"blessed Prompt", corpusCast("blessed-question"), 1451477 * time.Microsecond, nil},
	})
	notQuestions(t, 30, 8, map[string]string{
		// Columns of a table in a window, nothing set apart.
		"table in a window": "\x1b[?25l┌──────────────┐\r\n│ Done?        │\r\n│ one   two    │\r\n└──────────────┘\r\n",
		// A row of words under a visible cursor elsewhere.
		"output": "\x1b[41mPASS\x1b[0m  FAIL\r\n$ ",
		// A match highlighted in an editor, its cursor on it.
		"match": "\x1b[?1049h\x1b[7mfoo\x1b[0m  bar\x1b[1;1H",
		// The cursor after the first word: typed text.
		"typed": "Name:\r\n\x1b[44mAda\x1b[0m  Lovelace",
	})
}

// The labels on a row's cells, split by two blanks or more, and the
// window's background they are drawn on.
func TestRowLabels(t *testing.T) {
	text := []rune(" │  Yes   No  │ ")
	bg := make([]string, len(text))
	for i := range bg {
		bg[i] = "win"
	}
	for i := 4; i < 7; i++ {
		bg[i] = "focus"
	}
	labels, gap := rowLabels(text, bg)
	want := []buttonLabel{{text: "Yes", col: 4, bg: "focus"}, {text: "No", col: 10, bg: "win"}}
	if diff := cmp.Diff(want, labels, cmp.AllowUnexported(buttonLabel{})); diff != "" || gap != "win" {
		t.Errorf("labels (-want +got):\n%s\ngap %q, want %q", diff, gap, "win")
	}
}

// Check lists: focused by the terminal's cursor in a box
// (question_checks.go), by colour under a prompt library's question
// (question_glyphs.go), and an autocomplete's matches under the line typed
// on (question_autocomplete.go).
func TestCheckLists(t *testing.T) {
	checkQuestions(t, []questionCase{
		{"urwid radio buttons, the cursor in one", corpusCast("urwid-dialog"), 70690 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "apt sources", Options: []string{"stable", "testing", "unstable"}, Default: 0}},
		{"prompt_toolkit checkboxlist, the cursor in one", corpusCast("ptk-dialogs"), 2950 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "Pick the components", Options: []string{"core", "documentation", "test suite"}, Default: 0}},
		{"prompts multiselect, the text in colour", corpusCast("prompts-more"), 223591 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Pick colours", Options: []string{"Red", "Green", "Blue", "Cyan"}, Default: 0}},
		{"enquirer MultiSelect", corpusCast("enquirer-more"), 365856 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Packages to update", Options: []string{"react", "react-dom", "typescript", "vite"}, Default: 0}},
		{"clack multiselect, the box in colour", corpusCast("clack-more"), 292958 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Select additional tools", Options: []string{"ESLint", "Prettier", "Vitest"}, Default: 0}},
		{"clack groupMultiselect, a tree", corpusCast("clack-more"), 1538732 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Pick the deployment targets", Options: []string{"cloud", "eu-west", "us-east", "edge", "CDN"}, Default: 0}},
		{"enquirer AutoComplete", corpusCast("enquirer-more"), 1324255 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Release channel", Options: []string{"latest", "next", "beta", "canary"}, Default: 0}},
	})
	notQuestions(t, 30, 8, map[string]string{
		// A checked list in output: the cursor at a prompt under it.
		"printed list": "[x] one\r\n[ ] two\r\n$ ",
		// The cursor after the item's text, not in its box.
		"cursor after": "[x] one\r\n[ ] two",
		// Tasks ticked under a question answered, one in another colour.
		"tasks": "\x1b[?25l◇  Pick a template\r\n│  minimal\r\n\x1b[32m✔\x1b[0m build\r\n\x1b[33m✔\x1b[0m test\r\n\x1b[32m✔\x1b[0m lint\r\n",
		// A list of ticks with no library's question over it.
		"ticks": "\x1b[?25l✔ built\r\n\x1b[36m✔ tested\x1b[0m\r\n✔ shipped\r\n",
	})
	// A question typed on, plain lines under it alike: a text input.
	sc := screen.New(30, 8)
	defer sc.Close()
	sc.WriteAt(time.Time{}, []byte("? Name \r\nnote one\r\nnote two\x1b[1;8H"))
	want := &Prompt{Kind: PromptInput, Text: "Name", Default: -1}
	if diff := cmp.Diff(want, findPrompt(newView(sc.Snapshot(), true))); diff != "" {
		t.Errorf("lines alike under a question (-want +got):\n%s", diff)
	}
}

// A form's text field: a label, the field on a background of its own, the
// terminal's cursor in it (question_field.go).
func TestFormField(t *testing.T) {
	checkQuestions(t, []questionCase{
		{"tview InputField", corpusCast("tview-form"), 63062 * time.Microsecond,
			&Prompt{Kind: PromptInput, Text: "Name", Default: -1}},
		{"tview PasswordField", corpusCast("tview-form"), 97511 * time.Microsecond,
			&Prompt{Kind: PromptPassword, Text: "Password", Default: -1}},
	})
	notQuestions(t, 30, 4, map[string]string{
		// Text after a label, no field drawn.
		"no field": "Name Ada",
		// A short highlight after a word: a cell, not a field.
		"short": "Name \x1b[44m  \x1b[0m\x1b[1;6H",
	})
}

// No question with choices where a corpus recording's truth says the
// program waits for something else (a command line, a text, a key in a
// viewer): on the frame of every such turn, before the input that answers
// it. The truth marks are the corpus package's ("ready", then
// "prompt:<kind>" at the same time; corpus/score.go).
//
// Known and kept visible (logged, not failed): nnn's file list where the
// current entry is a file, its whole name in reverse and nothing else on
// the row, is the shape of a widget toolkit's menu (question_highlight.go)
// and is read as one, and so is gdu's list of directories (round 10); no
// rule tells a file manager's list from a menu without naming the program
// (docs/CORPUS.md, rounds 8 and 10). On a directory (its "/" drawn plain)
// and visidata's cursor row across its columns are no longer read so
// (question_highlight_extent.go). Readiness is not at stake: a question is
// a waiting state.
var knownListsReadAsMenus = map[string]bool{"nnn": true, "gdu": true}

func TestNoChoicesWhereTheTruthHasNone(t *testing.T) {
	eachCorpusTurn(t, func(name, kind string, at time.Duration, s screen.Snapshot) {
		if kind == "password" {
			return
		}
		if p := findPrompt(newView(s, true)); p != nil && len(p.Options) >= 2 {
			if knownListsReadAsMenus[name] && p.Kind == PromptSelect {
				t.Logf("known: %s at %v: its list read as a %s question with choices %q", name, at, p.Kind, p.Options)
				return
			}
			t.Errorf("%s at %v (truth %q): %s question with choices %q\n%s", name, at, kind, p.Kind, p.Options, s.String())
		}
	})
}

// mayLabel turns away only rows whose label cannot start with a letter: an
// ASCII character that is none; a wide character shows as a blank cell
// where labelledField reads, so the word after it may still be a label.
func TestMayLabel(t *testing.T) {
	for s, want := range map[string]bool{
		"Name      value": true, "│ Role  developer": true, "  Über  x": true,
		"- item  x": false, "1. Yes  x": false, "$ ls  x": false, "": false, " │ ": false,
		"🔥 Name  value": true, // wide: the grid's cell is blank, "Name" may be the label
	} {
		if got := mayLabel(s); got != want {
			t.Errorf("mayLabel(%q) = %v, want %v", s, got, want)
		}
	}
}
