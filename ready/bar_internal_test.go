package ready

import "testing"

// An indeterminate bar that marches keeps its counts of filled and empty
// cells; a progress bar that fills, a meter whose level moves, and text
// around it that changes do not march.
func TestMarching(t *testing.T) {
	for _, tc := range []struct {
		old, cur string
		want     bool
	}{
		{"  ■■■⬝⬝⬝⬝⬝  esc interrupt", "  ⬝■■■⬝⬝⬝⬝  esc interrupt", true},
		{"  ■⬝⬝⬝⬝⬝■■  esc interrupt", "  ■■⬝⬝⬝⬝⬝■  esc interrupt", true},
		{"▰▰▱▱▱ 40%", "▰▰▰▱▱ 60%", false}, // fills
		{"▰▰▱▱▱", "▰▰▰▱▱", false},
		{"  ■■■⬝⬝⬝⬝⬝  esc", "  ⬝■■■⬝⬝⬝⬝  ESC", false}, // text changed too
		{"■■■⬝", "■■■⬝", false},                       // no change
	} {
		if got := marching(tc.old, tc.cur); got != tc.want {
			t.Errorf("marching(%q, %q) = %v, want %v", tc.old, tc.cur, got, tc.want)
		}
	}
}

// A run of four cells or more, filled and empty mixed, is a bar on its
// first frame; pagination dots apart, a row of one kind, or three cells
// are not.
func TestHasCellRun(t *testing.T) {
	for text, want := range map[string]bool{
		"  ■■■⬝⬝⬝⬝⬝  esc interrupt": true,
		"▰▰▱▱▱":      true,
		"● ○ ○ ○":    false,
		"■■■■■■":     false,
		"●○○":        false,
		"plain text": false,
	} {
		if got := hasCellRun(text); got != want {
			t.Errorf("hasCellRun(%q) = %v, want %v", text, got, want)
		}
	}
}
