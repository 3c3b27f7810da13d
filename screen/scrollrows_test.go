package screen_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/screen"
)

// refresh keeps a row that moved rather than rereading it (mover, row.go);
// each case writes around a scroll, so a row kept wrongly shows what it
// held before.
func TestScrolledRowsMatchEmulator(t *testing.T) {
	const cols, rows = 40, 8
	fill := func() string {
		var b strings.Builder
		for y := range rows {
			fmt.Fprintf(&b, "\x1b[%d;1H%s", y+1, strings.Repeat(string(rune('a'+y)), cols))
		}
		return b.String()
	}()
	cases := []struct {
		name   string
		writes []string
	}{
		{"bottom row written, index, cursor away", []string{fill, "\x1b[8;1Hlast\x1bD\x1b[H"}},
		{"every index control", []string{fill, "\x1b[8;1H\n\v\f\x1bD\x1b[2;2H"}},
		{"row written before the scroll", []string{fill, "\x1b[5;1H\x1b[2K\x1b[8;1H\n\x1b[H"}},
		{"scrolled, then writes that do not scroll", []string{fill, "\x1b[8;1H\n", "\x1b[1;1Hx", "\x1b[5;1Hy"}},
		{"row written after the scroll", []string{fill, "\x1b[8;1H\n\n\x1b[3;1Hthree\x1b[H"}},
		{"written, scrolled, written again", []string{fill, "\x1b[6;1HX\x1b[8;1H\n\x1b[5;2HY\x1b[8;1H\n\x1b[H"}},
		{"scroll region", []string{fill, "\x1b[3;6r\x1b[6;1H\n\n\x1b[r\x1b[H"}},
		{"cursor below the region", []string{fill, "\x1b[2;5r\x1b[8;1H\n\n\x1b[r\x1b[H"}},
		{"left and right margins", []string{fill, "\x1b[?69h\x1b[5;30s\x1b[8;10H\n\n\x1b[?69l\x1b[H"}},
		{"cursor outside the margins", []string{fill, "\x1b[?69h\x1b[5;30s\x1b[8;35H\n\x1b[?69l\x1b[H"}},
		{"alternate screen", []string{"main", "\x1b[?1049h" + fill, "\x1b[8;1H\n\x1b[2;1Hz\x1b[H", "\x1b[?1049l"}},
		{"scrolled, then to the alternate screen", []string{fill, "\x1b[8;1H\n\n\x1b[?1049h\x1b[Halt\n"}},
		{"scrolls across writes in a synchronized update", []string{fill, "\x1b[?2026h\x1b[8;1H\n", "\x1b[4;1HQ\n", "\x1b[8;1H\n\x1b[?2026l"}},
		{"scrolled by a wrap, then by an index", []string{fill, "\x1b[8;1H" + strings.Repeat("w", cols+3) + "\n\x1b[H"}},
		{"reverse index after the scroll", []string{fill, "\x1b[8;1H\n\x1b[H\x1bM\x1b[8;1H\n"}},
		// Scrolls by line feeds are noted rather than compared (rowmoves.go).
		{"written, fed, written, fed", []string{fill, "\x1b[3;1HX\x1b[8;1H\n\n\x1b[2;1HY\x1b[8;1H\n\x1b[H"}},
		{"line feed, scroll up, line feed", []string{fill, "\x1b[8;1H\n\x1b[2S\n\x1b[H"}},
		{"line feed in a region, then in the whole screen", []string{fill, "\x1b[2;5r\x1b[5;1H\n\x1b[r\x1b[8;1H\n\x1b[H"}},
		{"a run of line feeds, then text", []string{fill, "\x1b[8;1H\n\n\n\nz\x1b[H"}},
		{"line feed, insert line, line feed", []string{fill, "\x1b[8;1H\n\x1b[3;1H\x1b[L\x1b[8;1H\n\x1b[H"}},
		{"line feed, then a wrap at the bottom", []string{fill, "\x1b[8;1H\n" + strings.Repeat("v", cols+2) + "\x1b[H"}},
		{"line feeds across writes", []string{fill, "\x1b[8;1H\n", "\x1b[4;1HQ", "\n\n", "\x1b[1;1HR\n"}},
		{"line feeds on the alternate screen", []string{"\x1b[?1049h" + fill, "\x1b[8;1H\n\n\x1b[6;1HW\n\x1b[H", "\x1b[?1049l"}},
		{"more line feeds than rows", []string{fill, "\x1b[8;1Hq" + strings.Repeat("\n", rows+3) + "p\x1b[H"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := screen.New(cols, rows)
			defer s.Close()
			emu := vt.NewEmulator(cols, rows)
			for _, w := range c.writes {
				s.WriteAt(time.Now(), []byte(w))
				_, _ = emu.Write([]byte(w))
				if snap := s.Snapshot(); !snap.SyncOpen() { // an open update shows the frame before it
					matchesEmulator(t, snap, emu)
				}
			}
		})
	}
}
