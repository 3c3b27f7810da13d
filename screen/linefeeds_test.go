package screen_test

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/screen"
)

// A run of line feeds is carried out as one scroll (linefeeds.go); the
// screen it leaves is x/vt's own after the line feeds one by one: the
// cells, their background (a scroll fills with the pen's), and the cursor,
// however the output is cut into writes.
func TestLineFeedRunsMatchEmulator(t *testing.T) {
	const cols, rows = 30, 8
	text := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat(string(rune('a'+i%26)), 3+i%20) + "\r\n")
		}
		return b.String()
	}
	lf := func(n int) string { return strings.Repeat("\n", n) }
	cases := map[string]string{
		"runs shorter than the screen":   text(10) + lf(3) + "x" + lf(2) + "y",
		"runs longer than the screen":    text(10) + lf(50) + "after",
		"from the top of the screen":     "\x1b[Htop" + lf(5) + "mid" + lf(20) + "end",
		"pen background":                 text(10) + "\x1b[44m" + lf(4) + "blue" + lf(30) + "\x1b[0mplain",
		"newline mode":                   "\x1b[20h" + text(10) + "\x1b[1;10Hcol" + lf(6) + "x" + "\x1b[20l",
		"pending wrap":                   text(10) + strings.Repeat("w", cols) + lf(3) + "x",
		"scroll region":                  text(10) + "\x1b[3;6r\x1b[6;4Hin" + lf(7) + "y\x1b[r",
		"cursor below the region":        text(10) + "\x1b[2;4r\x1b[7;2Hb" + lf(9) + "z\x1b[r",
		"cursor above the region bottom": text(10) + "\x1b[2;7r\x1b[3;1Hc" + lf(12) + "w\x1b[r",
		"side margins":                   text(10) + "\x1b[?69h\x1b[5;20s\x1b[8;8Hm" + lf(5) + "\x1b[8;25Ho" + lf(4) + "\x1b[?69l",
		"alternate screen":               "\x1b[?1049h" + text(10) + lf(20) + "alt" + lf(3) + "\x1b[?1049l" + lf(4),
		"inside sequences":               text(10) + "\x1b[" + lf(3) + "31mred\x1b]0;ti" + lf(3) + "tle\x07" + lf(3) + "x",
		"after a wide character":         text(10) + "世界" + lf(4) + "e\u0301" + lf(3) + "z",
		"other index controls":           text(10) + "\v\v\f\f" + lf(1) + "\v" + lf(2) + "x",
	}
	for name, out := range cases {
		for _, piece := range []int{1, 2, 5, len(out)} {
			s := screen.New(cols, rows)
			emu := vt.NewEmulator(cols, rows)
			go func() { _, _ = io.Copy(io.Discard, emu) }()
			for p := out; len(p) > 0; {
				n := min(piece, len(p))
				s.WriteAt(time.Now(), []byte(p[:n]))
				_, _ = emu.Write([]byte(p[:n]))
				p = p[n:]
			}
			sameScreen(t, name, s.Snapshot(), emu)
			_ = s.Close()
			_ = emu.InputPipe().(*io.PipeWriter).Close()
		}
	}
}

// The 500×300 screen takes a run of line feeds as fast as any (the limit
// of issue 22 is a benchmark: BenchmarkReplayLineFeeds in recordings); this
// checks the largest screen against x/vt, which scrolls it line by line.
func TestLineFeedRunsLargestScreen(t *testing.T) {
	s := screen.New(screen.MaxCols, screen.MaxRows)
	defer s.Close()
	emu := vt.NewEmulator(screen.MaxCols, screen.MaxRows)
	go func() { _, _ = io.Copy(io.Discard, emu) }()
	defer func() { _ = emu.InputPipe().(*io.PipeWriter).Close() }()
	out := []byte("first" + strings.Repeat("\n", 299) + "\x1b[45mbottom" + strings.Repeat("\n", 40) + "x\x1b[0m" + strings.Repeat("\n", 3))
	s.WriteAt(time.Now(), out)
	_, _ = emu.Write(out)
	sameScreen(t, "500×300", s.Snapshot(), emu)
	if back := s.Scrollback(); len(back) != 43 || back[0] != "first" {
		t.Errorf("scrollback holds %d lines, first %q; want 43, first \"first\"", len(back), back[:min(len(back), 1)])
	}
}

// sameScreen fails unless snap shows emu's cells (content, width,
// background) and cursor.
func sameScreen(t *testing.T, name string, snap screen.Snapshot, emu *vt.Emulator) {
	t.Helper()
	cols, rows := snap.Size()
	for y := range rows {
		for x := range cols {
			got, want := snap.Cell(y+1, x+1), emu.CellAt(x, y)
			if want == nil {
				t.Fatalf("%s: the emulator has no cell %d,%d", name, y+1, x+1)
			}
			content := want.Content
			if content == "" && want.Width > 0 {
				content = " "
			}
			if got.Content != content || got.Width != want.Width || !screen.SameColor(got.Bg, want.Style.Bg) {
				t.Fatalf("%s: cell %d,%d = %+v, emulator has %+v\nscreen:\n%s\nemulator:\n%s", name, y+1, x+1, got, *want, snap, emu.String())
			}
		}
	}
	pos := emu.CursorPosition()
	if c := snap.Cursor(); c.Row != pos.Y+1 || c.Col != pos.X+1 {
		t.Fatalf("%s: cursor %v, emulator %v", name, c, pos)
	}
}
