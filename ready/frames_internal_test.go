package ready

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

// frameAt returns the screen of a recording at a time: its output up to
// then, parsed.
func frameAt(t testing.TB, file string, at time.Duration) screen.Snapshot {
	t.Helper()
	cast, err := asciicast.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := screen.New(cast.Header.Width, cast.Header.Height)
	t.Cleanup(func() { s.Close() })
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, ev := range cast.Events {
		if ev.Time > at {
			break
		}
		if ev.Kind == asciicast.Output {
			s.WriteAt(t0.Add(ev.Time), []byte(ev.Data))
		}
	}
	return s.Snapshot()
}

func corpusCast(name string) string { return filepath.Join("..", "corpus", "testdata", name+".cast") }

// The cursor every hidden-cursor text input of the corpus draws itself is
// found, on the frame its render hook logged ready: a reverse-video cell
// anywhere (bubbles, huh, clack's placeholder) or, where the program parks
// the hidden cursor on it, a cell on a background colour (enquirer).
func TestDrawnCursorInLibraries(t *testing.T) {
	for _, tc := range []struct {
		name   string
		file   string
		at     time.Duration
		want   screen.Position
		before string
	}{
		{"enquirer input", corpusCast("enquirer"), 2301939 * time.Microsecond, screen.Position{Row: 4, Col: 15}, "? Your name ‣"},
		{"enquirer input typed", corpusCast("enquirer"), 2329785 * time.Microsecond, screen.Position{Row: 4, Col: 18}, "? Your name ‣ Ada"},
		{"huh input", corpusCast("huh-form"), 100 * time.Millisecond, screen.Position{Row: 2, Col: 5}, "┃ >"},
		{"clack text", corpusCast("clack"), 221304 * time.Microsecond, screen.Position{Row: 4, Col: 4}, "│"},
		{"bubbletea textinput", corpusCast("bubbletea-chat"), 300 * time.Millisecond, screen.Position{Row: 2, Col: 8}, "> hello"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := frameAt(t, tc.file, tc.at)
			v := newView(s, true)
			pos, before, ok := v.inputCursor(false)
			if !ok || pos != tc.want || before != tc.before {
				t.Errorf("input cursor %v %q (found %v), want the drawn one at %v after %q\n%s", pos, before, ok, tc.want, tc.before, s.String())
			}
		})
	}
}

// A lone cell on a background colour is a drawn cursor only where the
// hidden cursor is: a coloured button or badge elsewhere is not one, nor is
// a run of them.
func TestBlockAtNeedsALoneCell(t *testing.T) {
	s := screen.New(20, 3)
	defer s.Close()
	s.WriteAt(time.Time{}, []byte("\x1b[?25l\x1b[46m Yes \x1b[49m  \x1b[46mx\x1b[49m\x1b[1;3H"))
	snap := s.Snapshot()
	if p, ok := drawnCursor(snap, snap.Cursor(), 3); ok {
		t.Errorf("drawn cursor at %v inside a button", p)
	}
	if !blockAt(snap, screen.Position{Row: 1, Col: 8}) {
		t.Errorf("a lone cell on cyan is no block")
	}
}

// Questions as the corpus's libraries draw them, each on the frame its
// render hook logged ready.
func TestPromptsInLibraries(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		at   time.Duration
		want *Prompt
	}{
		{"enquirer toggle", corpusCast("enquirer"), 2346764 * time.Microsecond,
			&Prompt{Kind: PromptToggle, Text: "Subscribe?", Options: []string{"No", "Yes"}, Default: 0}},
		{"enquirer input", corpusCast("enquirer"), 2301939 * time.Microsecond,
			&Prompt{Kind: PromptChevron, Text: "Your name", Default: -1}},
		{"clack text", corpusCast("clack"), 221304 * time.Microsecond,
			&Prompt{Kind: PromptInput, Text: "Where should we create your project?", Default: -1}},
		{"inquirer confirm", corpusCast("inquirer"), 1209304 * time.Microsecond,
			&Prompt{Kind: PromptYesNo, Text: "Install dependencies?", Options: []string{"Y", "n"}, Default: 0}},
		{"enquirer select", corpusCast("enquirer"), 238975 * time.Microsecond,
			&Prompt{Kind: PromptSelect, Text: "Pick a flavour", Options: []string{"vanilla", "chocolate", "strawberry"}, Default: 0}},
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

// An empty masked field looks like any text input; what it asks for tells
// it apart. A question that merely mentions pinning is no secret.
func TestSecretQuestions(t *testing.T) {
	s := frameAt(t, corpusCast("inquirer"), 1177139*time.Microsecond)
	want := &Prompt{Kind: PromptPassword, Text: "Registry token", Default: -1}
	if diff := cmp.Diff(want, findPrompt(newView(s, true))); diff != "" {
		t.Errorf("inquirer's password (-want +got):\n%s\n%s", diff, s.String())
	}
	for text, want := range map[string]bool{
		"Registry token": true, "Enter your PIN": true, "API key": true, "Password": true,
		"Project name?": false, "Pin the versions?": false, "Tokenizer": false,
	} {
		if got := secretRe.MatchString(text); got != want {
			t.Errorf("secretRe(%q) = %v, want %v", text, got, want)
		}
	}
}

// A line ending in a colon with the terminal's own cursor under it is
// output in progress, not an input box: only a cursor the program draws
// itself says it takes text there.
func TestBoxedInputNeedsADrawnCursor(t *testing.T) {
	s := screen.New(40, 5)
	defer s.Close()
	s.WriteAt(time.Time{}, []byte("Loading config:\r\n"))
	if p := findPrompt(newView(s.Snapshot(), true)); p != nil {
		t.Errorf("prompt %+v under output with the terminal's cursor", *p)
	}
	s.WriteAt(time.Time{}, []byte("\x1b[?25l\x1b[7m \x1b[27m"))
	want := &Prompt{Kind: PromptInput, Text: "Loading config:", Default: -1}
	if diff := cmp.Diff(want, findPrompt(newView(s.Snapshot(), true))); diff != "" {
		t.Errorf("a drawn cursor under the line (-want +got):\n%s", diff)
	}
}
