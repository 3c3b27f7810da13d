package screen_test

import (
	"strings"
	"testing"
	"time"
)

// The window's focus is told to the program only while it has focus events
// on (DEC mode 1004), only when it changes, and in order with the answers
// to its queries; a full reset (RIS) turns focus events off.
func TestSetFocus(t *testing.T) {
	s, r := newScreen(t)
	now := time.Now()
	step := func(focused, want bool) {
		t.Helper()
		if got := s.SetFocus(focused); got != want {
			t.Errorf("SetFocus(%v) = %v, want %v", focused, got, want)
		}
	}
	step(false, false) // focus events off: nothing told
	s.WriteAt(now, []byte("\x1b[?1004$p\x1b[?1004h\x1b[?1004h"))
	step(false, false) // no change
	step(true, true)
	step(true, false)
	step(false, true)
	s.WriteAt(now, []byte("\x1b[?u\x1b[?1004l"))
	step(true, false) // off again
	s.WriteAt(now, []byte("\x1b[?1004h"))
	step(false, true)
	s.WriteAt(now, []byte("\x1bc"))
	step(true, false) // RIS turned focus events off
	want := []string{"\x1b[?1004;2$y", "\x1b[I", "\x1b[O", "\x1b[?0u", "\x1b[O"}
	got := r.wait(t, len(want))
	time.Sleep(20 * time.Millisecond) // nothing more comes
	if got = r.wait(t, len(want)); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("replies = %q, want %q", got, want)
	}
	s.Close()
	step(true, false) // closed: nothing told, nothing panics
}
