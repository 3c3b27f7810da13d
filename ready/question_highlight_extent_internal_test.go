package ready

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Highlights that are no menu's item (question_highlight_extent.go), on
// frames where the strace truth has the program waiting for a key, not an
// answer: visidata's cursor row across its columns, nnn's current name in
// reverse and its "/" plain. Each was read as a select question before.
func TestHighlightThatIsNoItem(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		at   time.Duration
	}{
		{"visidata's cursor row over its column separators", filepath.Join("testdata", "visidata-round10.cast"), 2786258 * time.Microsecond},
		{"visidata's cursor row after a delete", filepath.Join("testdata", "visidata-round10.cast"), 2969301 * time.Microsecond},
		{"nnn's directory name in reverse, its / plain", corpusCast("nnn"), 1040977 * time.Microsecond},
	} {
		s := frameAt(t, tc.file, tc.at)
		if p := findPrompt(newView(s, true)); p != nil {
			t.Errorf("%s: %s question with choices %q\n%s", tc.name, p.Kind, p.Options, s.String())
		}
	}
}

// Menus whose highlight holds the whole item, in a window or on a painted
// screen, stay questions; a window's border beside the bar is outside it.
func TestHighlightHoldingTheItemIsAMenu(t *testing.T) {
	menu := func(rows ...string) string {
		out := "\x1b[?1049h\x1b[?25l"
		for i, r := range rows {
			out += "\x1b[" + string(rune('2'+i)) + ";3H" + r
		}
		return out
	}
	for name, out := range map[string]string{
		"a whole item in reverse":   menu("apples", "\x1b[7mpears\x1b[m", "plums"),
		"a padded item in a window": menu("┌ fruit ──┐", "│apples   │", "│\x1b[44mpears    \x1b[m│", "│plums    │", "└─────────┘"),
	} {
		scr := screen.New(40, 12)
		scr.WriteAt(time.Time{}, []byte(out))
		sc := scr.Snapshot()
		scr.Close()
		p := findPrompt(newView(sc, true))
		if p == nil || p.Kind != PromptSelect || len(p.Options) != 3 || p.Default != 1 {
			t.Errorf("%s: %v, want a select of apples, pears, plums at pears\n%s", name, p, sc.String())
		}
	}
}
