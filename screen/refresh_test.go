package screen_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/screen"
)

// The screen rereads only the rows the emulator touched and keeps rows that
// scrolled; whatever the chunking, every snapshot must equal a full read of
// an emulator fed the same bytes.
func TestSnapshotMatchesEmulator(t *testing.T) {
	const cols, rows = 40, 12
	rng := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	ops := []func(){
		func() { fmt.Fprintf(&b, "\x1b[3%dmline %d 日本\x1b[m\r\n", rng.IntN(8), rng.IntN(100)) },
		func() { fmt.Fprintf(&b, "\x1b[%d;%dH\x1b[1mX\x1b[22m", 1+rng.IntN(rows), 1+rng.IntN(cols)) },
		func() { fmt.Fprintf(&b, "\x1b[%d;%dr", 1+rng.IntN(3), rows-rng.IntN(3)) }, // scroll region
		func() { b.WriteString("\x1b[r") },
		func() { b.WriteString("\x1bM") },     // reverse index: scrolls down at the top
		func() { b.WriteString("\x1b[2L") },   // insert lines
		func() { b.WriteString("\x1b[M") },    // delete line
		func() { b.WriteString("\x1b[2S") },   // scroll up
		func() { b.WriteString("\x1b[T") },    // scroll down
		func() { b.WriteString("\x1b[K") },    // erase to end of line
		func() { b.WriteString("\x1b[2@ab") }, // insert characters
		func() { b.WriteString("\x1b[3P") },   // delete characters
		func() { b.WriteString(strings.Repeat("wrap ", 12)) },
		func() { b.WriteString("\x1b[?1049h\x1b[Halt") },
		func() { b.WriteString("\x1b[?1049l") },
		func() { fmt.Fprintf(&b, "\x1b[38;2;%d;0;0mrgb\x1b[39m", rng.IntN(256)) },
		// Index on the last line scrolls, then the rows it moved are
		// written to or not (scrolled.go): LF, VT, FF, IND.
		func() { b.WriteString([]string{"\n", "\v", "\f", "\x1bD"}[rng.IntN(4)]) },
		func() { fmt.Fprintf(&b, "\x1b[%dH\n\n%d\x1b[A\x1b[2K", rows, rng.IntN(10)) },
		// Left and right margins: a scroll moves part of each row.
		func() { fmt.Fprintf(&b, "\x1b[?69h\x1b[%d;%ds", 1+rng.IntN(5), cols-rng.IntN(5)) },
		func() { b.WriteString("\x1b[?69l") },
	}
	for range 3000 {
		ops[rng.IntN(len(ops))]()
		if rng.IntN(200) == 0 {
			b.WriteString("\x1bc") // RIS
		}
	}
	stream := []byte(b.String())

	s := screen.New(cols, rows)
	defer s.Close()
	emu := vt.NewEmulator(cols, rows)
	for len(stream) > 0 {
		n := min(1+rng.IntN(300), len(stream))
		s.WriteAt(time.Now(), stream[:n])
		_, _ = emu.Write(stream[:n])
		stream = stream[n:]
		matchesEmulator(t, s.Snapshot(), emu)
	}
}

// matchesEmulator fails t unless snap shows what emu holds: every cell's
// content, width, boldness and whether it has a colour, and the cursor.
func matchesEmulator(t *testing.T, snap screen.Snapshot, emu *vt.Emulator) {
	t.Helper()
	cols, rows := snap.Size()
	for y := range rows {
		for x := range cols {
			got, want := snap.Cell(y+1, x+1), emu.CellAt(x, y)
			wantContent := " "
			if want != nil && (want.Content != "" || want.Width == 0) {
				wantContent = want.Content
			}
			if got.Content != wantContent || (want != nil && (got.Width != want.Width ||
				got.Bold != (want.Style.Attrs&1 != 0) || (got.Fg == nil) != (want.Style.Fg == nil))) {
				t.Fatalf("cell %d,%d = %+v, emulator has %+v\nscreen:\n%s\nemulator:\n%s", y+1, x+1, got, want, snap, emu.String())
			}
		}
	}
	pos := emu.CursorPosition()
	if c := snap.Cursor(); c.Row != pos.Y+1 || c.Col != pos.X+1 {
		t.Fatalf("cursor %v, emulator %v", c, pos)
	}
}
