package screen_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// FuzzScreen feeds arbitrary bytes, in arbitrary chunks, to a screen: no
// panic, no hang, and snapshots stay readable.
func FuzzScreen(f *testing.F) {
	f.Add([]byte("hello\x1b]0;\xe2\x9c\xb3 Claude Code\x07 world"), uint8(3))
	f.Add([]byte("\x1b[?2026h\x1b[2J\x1b[Hhalf\x1b[?2026l"), uint8(5))
	f.Add([]byte("abc\x1b[6n\r\n\x1b[?u\x1b[>q\x1b[c\x1b[18t"), uint8(1))
	f.Add([]byte("\x1b[?1049h\x1b[10;20H\xe8\xaa\x9e\x9d\x9c\x1bc"), uint8(2))
	f.Add([]byte("\x1b[?69h\x1b[;100s\x1b[7B\n\x1b[;100r\x1b[S"), uint8(6))
	f.Add([]byte("x\x1b[2000000000b\x1b[99999999S\x1b[5;99999999:3X\x1b[99999999;99999999H"), uint8(4))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		s := screen.New(20, 6)
		defer s.Close()
		n := int(chunk%16) + 1
		at := time.Unix(0, 0)
		for len(data) > 0 {
			k := min(n, len(data))
			s.WriteAt(at, data[:k])
			data = data[k:]
			at = at.Add(time.Millisecond)
		}
		snap := s.Snapshot()
		_ = snap.String()
		if c := snap.Cursor(); c.Row < 1 || c.Col < 1 {
			t.Fatalf("cursor %v off the screen", c)
		}
	})
}

// FuzzScreenResize does the same with the screen resized halfway through,
// to a size of the fuzzer's choosing: margins, cursor and saved state set
// for one size then acted on at another.
func FuzzScreenResize(f *testing.F) {
	f.Add([]byte("\x1b[2;6r\x1b[?69h\x1b[3;20s\x1b[6;1H\x1b7\n\n\x1b8\x1b[S\x1b[L\x1b[M\x1b[@\x1b[P"), uint8(4), uint8(9), uint8(2))
	f.Add([]byte("\x1b[?1049h\x1b[20;60Hwide 世界\x1b[?1049l\x1b[99;99H\x1b[6n"), uint8(7), uint8(200), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, chunk, cols, rows uint8) {
		s := screen.New(20, 6)
		defer s.Close()
		n := int(chunk%16) + 1
		at := time.Unix(0, 0)
		half := len(data) / 2
		for i := 0; i < len(data); {
			k := min(n, len(data)-i)
			if i <= half && half < i+k {
				k = max(half-i, 1)
				s.WriteAt(at, data[i:i+k])
				s.Resize(int(cols%80)+1, int(rows%40)+1)
			} else {
				s.WriteAt(at, data[i:i+k])
			}
			i += k
			at = at.Add(time.Millisecond)
		}
		snap := s.Snapshot()
		_ = snap.String()
		if c := snap.Cursor(); c.Row < 1 || c.Col < 1 {
			t.Fatalf("cursor %v off the screen", c)
		}
	})
}
