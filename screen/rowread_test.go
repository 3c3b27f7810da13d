package screen_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
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

// Plain says whether no cell of a row has a background of its own or
// reverse video, as reading its cells one by one says, off the screen
// too; a foreground colour or bold leaves a row plain, a background
// colour (even the default's number, 49 aside) does not.
func TestPlainAgreesWithCells(t *testing.T) {
	s, _ := newScreen(t)
	s.WriteAt(time.Now(), []byte("plain\r\n\x1b[1;31mred\x1b[0m\r\nab\x1b[7mc\x1b[0md\r\nx\x1b[44mblue\x1b[49m y\r\n\x1b[40mblack\x1b[0m"))
	snap := s.Snapshot()
	cols, rows := snap.Size()
	want := map[int]bool{3: false, 4: false, 5: false}
	for y := 0; y <= rows+1; y++ {
		cells := true
		for x := 1; x <= cols; x++ {
			c := snap.Cell(y, x)
			cells = cells && c.Bg == nil && !c.Reverse
		}
		w, ok := want[y]
		if !ok {
			w = true
		}
		if got := snap.Plain(y); got != cells || got != w {
			t.Errorf("row %d: Plain = %v, its cells say %v, want %v\n%s", y, got, cells, w, snap)
		}
	}
}

// AppendRow reads a row as Cell reads it cell by cell: rows of many
// styles (more than it turns into cells ahead), wide characters, blanks
// past what was written, and nothing off the screen.
func TestAppendRowAgreesWithCells(t *testing.T) {
	s, _ := newScreen(t)
	var many string
	for i := range 12 {
		many += "\x1b[3" + string(rune('0'+i%8)) + ";4" + string(rune('0'+i/8)) + "mx"
	}
	s.WriteAt(time.Now(), []byte("plain\r\n\x1b[1;7mbold\x1b[0m 世界 \x1b[4mu\x1b[0m\r\n"+many+"\x1b[0m\r\n"))
	snap := s.Snapshot()
	cols, rows := snap.Size()
	for y := 0; y <= rows+1; y++ {
		got := snap.AppendRow([]screen.Cell{{Content: "keep"}}, y)
		if got[0].Content != "keep" {
			t.Fatalf("row %d: AppendRow overwrote what it appends to", y)
		}
		got = got[1:]
		want := 0
		if y >= 1 && y <= rows {
			want = cols
		}
		if len(got) != want {
			t.Fatalf("row %d: %d cells, want %d", y, len(got), want)
		}
		for x := 1; x <= len(got); x++ {
			if c := snap.Cell(y, x); got[x-1] != c {
				t.Errorf("row %d col %d: AppendRow %+v, Cell %+v", y, x, got[x-1], c)
			}
		}
	}
}
