package ready

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// boxShot draws rows on a 40×8 screen, the terminal's cursor hidden and
// parked at column 1 of the last row, as the agents that draw their own
// cursor leave it.
func boxShot(t *testing.T, rows string) screen.Snapshot {
	t.Helper()
	s := screen.New(40, 8)
	t.Cleanup(func() { s.Close() })
	s.WriteAt(time.Unix(0, 0), []byte("\x1b[?25l"+rows+"\x1b[8;1H"))
	return s.Snapshot()
}

func TestDrawnCursorInAnInputBox(t *testing.T) {
	rule := "────────────────────────────────"
	for _, tc := range []struct {
		name string
		rows string
		want screen.Position // zero: none
	}{
		// grok: a coloured cell after the placeholder, in a rounded box.
		{"rounded box, coloured cell", "╭" + rule + "╮\r\n│ ❯ Ask me\x1b[47m \x1b[0m   │\r\n╰" + rule + "╯", screen.Position{Row: 2, Col: 11}},
		// pi: a reverse-video cell at column 1 between two rules.
		{"two rules, reverse cell", rule + "\r\n\x1b[7m \x1b[0m\r\n" + rule, screen.Position{Row: 2, Col: 1}},
		// continue: a block glyph before its placeholder.
		{"block glyph before a placeholder", "╭" + rule + "╮\r\n│ ● ▋Ask anything │\r\n╰" + rule + "╯", screen.Position{Row: 2, Col: 5}},
		// The same glyph with no rule below it is no box.
		{"no rule below", "╭" + rule + "╮\r\n│ ● ▋Ask anything │\r\n", screen.Position{}},
		// A rule with words in it is a heading, not a box's edge.
		{"a heading rule", "── Files " + rule + "\r\n▋ a\r\n" + rule, screen.Position{}},
		// Two candidates: no one cursor.
		{"two glyphs", rule + "\r\n▋ a ▋\r\n" + rule, screen.Position{}},
		// A rule too short to be a box's edge.
		{"a short dash", "───\r\n▋\r\n───", screen.Position{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := boxShot(t, tc.rows)
			got, ok := boxedCursor(s, 8)
			if !ok {
				got = screen.Position{}
			}
			if got != tc.want {
				t.Errorf("boxedCursor = %v (%v), want %v\n%s", got, ok, tc.want, s.String())
			}
			if tc.want.Row > 0 && !inBox(s, tc.want) {
				t.Errorf("inBox(%v) = false, want true", tc.want)
			}
		})
	}
}
