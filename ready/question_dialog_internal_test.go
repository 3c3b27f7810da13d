package ready

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

func agentCast(name string) string {
	return filepath.Join("..", "recordings", "agents", "generic", name+".cast")
}

// The approval dialogs of the agents with no marker glyph, on the frame the
// model's last byte and the dialog drawn say the agent waits on (its
// prompt:question marker). Each failed before question_dialog.go.
func TestApprovalDialogs(t *testing.T) {
	checkQuestions(t, []questionCase{
		{"numbered, one in colour (grok)", agentCast("grok-approval"), 14500 * time.Millisecond,
			&Prompt{Kind: PromptPermission, Text: "Do you want to proceed with this operation?",
				Options: []string{"Yes", "Yes, and don't ask again this session", "No", "No, with feedback"}, Default: 0}},
		{"buttons at a panel's foot (opencode)", agentCast("opencode-approval"), 16500 * time.Millisecond,
			&Prompt{Kind: PromptPermission, Text: "Permission required",
				Options: []string{"Allow once", "Allow always", "Reject"}, Default: 0}},
		{"marked list over a move hint (pi)", agentCast("pi-approval"), 13 * time.Second,
			&Prompt{Kind: PromptPermission, Text: "Allow?", Options: []string{"Yes", "No"}, Default: 0}},
		{"marked list ending its window (continue)", agentCast("continue-approval"), 20500 * time.Millisecond,
			&Prompt{Kind: PromptSelect, Text: "Would you like to continue?",
				Options: []string{"Continue (tab)", "Continue + don't ask again (shift+tab)", "No, and tell Continue what to do differently (esc)"}, Default: 0}},
	})
}

// Lookalikes the dialog shapes must not read: a numbered list in colour
// with no question over it or no hint under it, a panel's row of words
// with no focus or no hint.
func TestNotApprovalDialogs(t *testing.T) {
	const (
		green = "\x1b[32m"
		plain = "\x1b[0m"
		onRed = "\x1b[41m"
	)
	notQuestions(t, 60, 12, map[string]string{
		"numbered, no question": "\x1b[?25lSteps:\r\n" + green + "1. Build" + plain + "\r\n2. Test\r\n3. Ship\r\n↑↓ navigate\r\n",
		"numbered, no hint":     "\x1b[?25lReady to ship?\r\n" + green + "1. Build" + plain + "\r\n2. Test\r\n3. Ship\r\n",
		"numbered, all alike":   "\x1b[?25lReady to ship?\r\n1. Build\r\n2. Test\r\n3. Ship\r\n↑↓ navigate\r\n",
		"numbered, two colours": "\x1b[?25lReady to ship?\r\n" + green + "1. Build" + plain + "\r\n" + onRed + "2. Test" + plain + "\r\n3. Ship\r\n↑↓ navigate\r\n",
		"panel, no focus":       "\x1b[?25l┃ Deploy\r\n┃\r\n┃  Build   Test   Ship      enter confirm\r\n┃\r\n",
		"panel, no hint":        "\x1b[?25l┃ Deploy\r\n┃\r\n┃  " + onRed + "Build" + plain + "   Test   Ship\r\n┃\r\n",
		"panel, text under":     "\x1b[?25l┃ Deploy\r\n┃  " + onRed + "Build" + plain + "   Test   Ship      enter confirm\r\n┃  more output\r\n",
		"panel, cursor shown":   "┃ Deploy\r\n┃\r\n┃  " + onRed + "Build" + plain + "   Test   Ship      enter confirm\r\n┃\r\n",
	})
	// A list set in is no dialog's without a marker that stands out, a
	// question over it and a hint or a window's side under it (other
	// shapes may read these screens: selectPrompt reads a list at the
	// bottom under "Ship it?").
	for name, out := range map[string]string{
		"marked, plain marker": "\x1b[?25lShip it?\r\n  > Build\r\n    Test\r\n  ↑↓ navigate\r\n",
		"marked, no question":  "\x1b[?25lSteps\r\n  " + green + ">" + plain + " Build\r\n    Test\r\n  ↑↓ navigate\r\n",
		"marked, no hint":      "\x1b[?25lShip it?\r\n  " + green + ">" + plain + " Build\r\n    Test\r\n",
		"marked, no window":    "\x1b[?25lShip it?\r\n  " + green + ">" + plain + " Build\r\n    Test\r\n────────\r\n",
	} {
		s := screen.New(60, 12)
		s.WriteAt(time.Time{}, []byte(out))
		if p := markedInDialog(newView(s.Snapshot(), true), ""); p != nil {
			t.Errorf("%s: prompt %+v\n%s", name, *p, s.Snapshot().String())
		}
		s.Close()
	}
}

// On every frame of every agent recording and corpus recording, the dialog
// shapes find nothing in a turn whose truth has no question: between two
// inputs, a frame they read needs a prompt:question marker in that turn.
// (A dialog drawn a moment before its marker is allowed: the quiet window
// follows.)
func TestDialogShapesOnlyWhereTheTruthAsks(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "recordings", "agents", "generic", "*.cast"))
	corpus, _ := filepath.Glob(filepath.Join("..", "corpus", "testdata", "*.cast"))
	if len(files) < 15 || len(corpus) == 0 {
		t.Fatalf("recordings: %d agents, %d corpus", len(files), len(corpus))
	}
	shapes := map[string]func(*view, string) *Prompt{"numbered, one in colour": colouredNumbered, "buttons at a panel's foot": panelButtons, "marked list in a dialog": markedInDialog}
	found := 0
	for _, f := range append(files, corpus...) {
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// asks[i]: the turn of event i has a question in its truth
		// ("prompt:question", or "prompt:question:N" with N choices drawn).
		question := func(e asciicast.Event) bool {
			return e.Kind == asciicast.Marker && (e.Data == "prompt:question" || strings.HasPrefix(e.Data, "prompt:question:"))
		}
		asks := make([]bool, len(cast.Events))
		for lo := 0; lo < len(cast.Events); {
			hi, q := lo+1, question(cast.Events[lo])
			for ; hi < len(cast.Events) && cast.Events[hi].Kind != asciicast.Input; hi++ {
				q = q || question(cast.Events[hi])
			}
			for i := lo; i < hi; i++ {
				asks[i] = q
			}
			lo = hi
		}
		s := screen.New(cast.Header.Width, cast.Header.Height)
		t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for i, ev := range cast.Events {
			if ev.Kind == asciicast.Resize {
				s.Resize(ev.Cols, ev.Rows)
			}
			if ev.Kind != asciicast.Output {
				continue
			}
			s.WriteAt(t0.Add(ev.Time), []byte(ev.Data))
			if i+1 < len(cast.Events) && cast.Events[i+1].Kind == asciicast.Output && cast.Events[i+1].Time == ev.Time {
				continue // the frame is not done
			}
			snap := s.Snapshot()
			for name, find := range shapes {
				p := find(newView(snap, true), "")
				if p == nil {
					continue
				}
				found++
				if !asks[i] {
					t.Errorf("%s at %v: %q reads %q %q in a turn with no question\n%s", filepath.Base(f), ev.Time, name, p.Text, p.Options, snap.String())
					break
				}
			}
		}
		s.Close()
		if t.Failed() && strings.Contains(f, "corpus") {
			return
		}
	}
	if found == 0 {
		t.Error("the dialog shapes read no frame at all: the sweep checks nothing")
	}
}

// The lookalikes above with the missing piece drawn are read: each case
// there fails for the reason its name gives, not for another.
func TestApprovalDialogsDrawn(t *testing.T) {
	const (
		green = "\x1b[32m"
		plain = "\x1b[0m"
		onRed = "\x1b[41m"
	)
	for name, tc := range map[string]struct {
		find func(*view, string) *Prompt
		out  string
		want Prompt
	}{
		"numbered": {colouredNumbered, "\x1b[?25lReady to ship?\r\n1. Build\r\n" + green + "2. Test" + plain + "\r\n3. Ship\r\n↑↓ navigate\r\n",
			Prompt{Kind: PromptOptions, Text: "Ready to ship?", Options: []string{"Build", "Test", "Ship"}, Default: 1}},
		"marked": {markedInDialog, "\x1b[?25lShip it?\r\n  " + green + ">" + plain + " Build\r\n    Test\r\n  ↑↓ navigate\r\n",
			Prompt{Kind: PromptSelect, Text: "Ship it?", Options: []string{"Build", "Test"}, Default: 0}},
		"panel": {panelButtons, "\x1b[?25l┃ Deploy\r\n┃\r\n┃  " + onRed + "Build" + plain + "   Test   Ship      enter confirm\r\n┃\r\n",
			Prompt{Kind: PromptOptions, Text: "Deploy", Options: []string{"Build", "Test", "Ship"}, Default: 0}},
	} {
		s := screen.New(60, 12)
		s.WriteAt(time.Time{}, []byte(tc.out))
		got := tc.find(newView(s.Snapshot(), true), "")
		if got == nil || got.Kind != tc.want.Kind || got.Text != tc.want.Text || strings.Join(got.Options, "|") != strings.Join(tc.want.Options, "|") || got.Default != tc.want.Default {
			t.Errorf("%s: got %+v, want %+v\n%s", name, got, tc.want, s.Snapshot().String())
		}
		s.Close()
	}
}

// trimBoxLeft trims as strings.TrimLeft with boxTrimmers does, on every
// recorded row and on rows made to trip it.
func TestTrimBoxLeft(t *testing.T) {
	if got := strings.Count(boxTrimmers, "") - 1; got != 9 {
		t.Fatalf("boxTrimmers holds %d runes; trimBoxLeft's switch names 9: name the new ones", got)
	}
	for _, s := range append(recordedRows(t), "", "   ", "│ ╭─╮ x", " \xff│x", "╰╯|┃x ", "x │") {
		if got, want := trimBoxLeft(s), strings.TrimLeft(s, boxTrimmers); got != want {
			t.Errorf("trimBoxLeft(%q) = %q, want %q", s, got, want)
		}
	}
}
