package ready

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

// Round 6's three parts on every frame of every recording in the repository
// (the corpus, the agents', the fixtures'): each question they find,
// where first found, is one a person reads there. A part that widens finds
// more here and fails; so does one that stops finding these. Before the
// one-button part looked at what is under its row to the window's bottom,
// it also read blessed's Prompt (its text box over Okay and Cancel) and
// dialog's inputbox (its field's own box) as messages; before the field
// by colour wanted two other fields at its column, it read a list's
// current item (blessed, bubbles) and pterm's "INFO" badge as fields.
func TestRoundSixPartsOnEveryRecording(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	var files []string
	for _, g := range []string{
		"../corpus/testdata/*.cast", "testdata/*.cast", "../recordings/agents/*.cast",
		"../recordings/agents/generic/*.cast", "../recordings/testdata/corpus/*.cast", "../cmd/ttyrig/testdata/*.cast",
	} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("%d recordings found, want the repository's (over 100)", len(files))
	}
	parts := []struct {
		name string
		find func(*view, string) *Prompt
	}{{"focused field", focusedField}, {"one button", windowButton}, {"field by colour", colourFocusedField}}
	var got []string
	for _, f := range files {
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := screen.New(cast.Header.Width, cast.Header.Height)
		t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for _, ev := range cast.Events {
			switch ev.Kind {
			case asciicast.Output:
				s.WriteAt(t0.Add(ev.Time), []byte(ev.Data))
			case asciicast.Resize:
				s.Resize(ev.Cols, ev.Rows)
			default:
				continue
			}
			v := newView(s.Snapshot(), true)
			for _, part := range parts {
				if p := part.find(v, ""); p != nil {
					if k := filepath.Base(f) + ": " + part.name + " " + p.String(); !slices.Contains(got, k) {
						got = append(got, k)
					}
				}
			}
		}
		s.Close()
	}
	want := []string{
		`huh-group.cast: focused field input "Project name"`,
		`huh-group.cast: focused field input "Directory"`,
		`huh-group.cast: focused field select "License" options: [MIT] | Apache-2.0 | GPL-3.0`,
		`huh-group.cast: focused field toggle "Initialise a git repository?" options: Yes | [No]`,
		`tview-form.cast: field by colour select "Role" options: [developer]`,
		`tview-form.cast: field by colour toggle "Admin"`,
		`tview-modal.cast: one button press-enter "3 files deleted." options: [Okay]`,
		`urwid-dialog.cast: one button press-enter "2 changes applied." options: [OK]`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("questions found by the parts on every frame (-want +got):\n%s", diff)
	}
}
