package screen_test

import (
	"testing"
	"time"
)

// Reversed says whether a row holds a reverse-video cell, as reading its
// cells one by one says, off the screen too.
func TestReversedAgreesWithCells(t *testing.T) {
	s, _ := newScreen(t)
	s.WriteAt(time.Now(), []byte("plain\r\n\x1b[31mred\x1b[0m\r\nab\x1b[7mc\x1b[0md\r\n\x1b[1;7;32mall\x1b[0m"))
	snap := s.Snapshot()
	cols, rows := snap.Size()
	want := map[int]bool{3: true, 4: true}
	for y := 0; y <= rows+1; y++ {
		cells := false
		for x := 1; x <= cols; x++ {
			cells = cells || snap.Cell(y, x).Reverse
		}
		if got := snap.Reversed(y); got != cells || got != want[y] {
			t.Errorf("row %d: Reversed = %v, its cells say %v, want %v\n%s", y, got, cells, want[y], snap)
		}
	}
}
