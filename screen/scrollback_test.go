package screen

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// A snapshot's scrollback is what had scrolled off when it was taken: lines
// scrolled off later, and the trimming past ScrollbackLines, leave it as it
// was.
func TestSnapshotScrollbackIsImmutable(t *testing.T) {
	s := New(20, 3)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("a\r\nb\r\nc\r\nd\r\n"))
	snap := s.Snapshot()
	want := []string{"a", "b"}
	if got := snap.Scrollback(); !slices.Equal(got, want) {
		t.Fatalf("scrollback %q, want %q", got, want)
	}
	for i := range 3 * ScrollbackLines {
		s.WriteAt(time.Now(), fmt.Appendf(nil, "line %d\r\n", i))
	}
	if got := snap.Scrollback(); !slices.Equal(got, want) {
		t.Errorf("an old snapshot's scrollback changed to %d lines starting %q", len(got), got[:min(len(got), 3)])
	}
	now := s.Snapshot().Scrollback()
	if len(now) != ScrollbackLines || now[len(now)-1] != fmt.Sprintf("line %d", 3*ScrollbackLines-3) {
		t.Errorf("scrollback has %d lines ending %q, want the last %d", len(now), now[len(now)-1], ScrollbackLines)
	}
}
