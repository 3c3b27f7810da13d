package screen

import (
	"bytes"
	"strings"
	"testing"
)

func TestLastIndex(t *testing.T) {
	sep := []byte("\x1b[?2026l")
	for _, p := range []string{
		"", "\x1b[?2026l", "a\x1b[?2026lb\x1b[?2026lc", "\x1b[?2026\x1b[?2026l", "\x1b[?2026l\x1b[?2026l",
		"x\x1b[?2026h", strings.Repeat("\x1b[?2026", 100) + "l",
	} {
		if got, want := lastIndex([]byte(p), sep), bytes.LastIndex([]byte(p), sep); got != want {
			t.Errorf("lastIndex(%q) = %d, want %d", p, got, want)
		}
	}
	if got := lastIndex([]byte("aaaa"), []byte("aa")); got != 2 {
		t.Errorf(`lastIndex("aaaa", "aa") = %d, want 2`, got)
	}
}
