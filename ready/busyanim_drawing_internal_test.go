package ready

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// drawingShot draws rows on a 40×8 screen.
func drawingShot(t *testing.T, rows string) *view {
	t.Helper()
	s := screen.New(40, 8)
	t.Cleanup(func() { s.Close() })
	s.WriteAt(time.Unix(0, 0), []byte(rows))
	return newView(s.Snapshot(), true)
}

// Spinner glyphs that are cells of a graph or a gutter are no spinner;
// spinners, stacked or alone, stay spinners.
func TestSpinnerGlyphsOfADrawing(t *testing.T) {
	for _, tc := range []struct {
		name      string
		prev, now string
		row       int
		want      bool
	}{
		// btop: a graph's column grows a dot, braille above and below.
		{"a graph's column", "│   ⢸ │\r\n│  ⢸⢸ │\r\n│  ⢸⣸ │", "│   ⣿ │\r\n│  ⡇⣿ │\r\n│  ⢸⣸ │", 1, true},
		// WeeChat: a wrapped row under a prefix column's separator.
		{"a gutter after text", "12:00 | a long line\r\n12:00 | another", "12:00 | a long\r\n      | line", 2, true},
		// A braille spinner leading its label, alone.
		{"a spinner alone", "⠋ Installing", "⠙ Installing", 1, false},
		// Spinners stacked in a task list, each leading a label.
		{"stacked spinners", "⠋ Installing\r\n⠙ Building", "⠙ Installing\r\n⠹ Building", 1, false},
		// ASCII spinners stacked, each leading its row.
		{"stacked ASCII spinners", "| fetch\r\n| build", "/ fetch\r\n| build", 2, false},
		{"an ASCII spinner", "- fetch", "\\ fetch", 1, false},
		// A spinner first seen under a gutter row that leads with it too.
		{"an ASCII spinner under another", "", "| fetch\r\n| build", 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var prev *view
			if tc.prev != "" {
				prev = drawingShot(t, tc.prev)
			}
			if got := partOfDrawing(prev, drawingShot(t, tc.now), tc.row); got != tc.want {
				t.Errorf("partOfDrawing = %v, want %v", got, tc.want)
			}
		})
	}
}
