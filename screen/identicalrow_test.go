package screen_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// snapOf is the screen after p, at 20×3.
func snapOf(t *testing.T, p string) screen.Snapshot {
	t.Helper()
	s := screen.New(20, 3)
	t.Cleanup(func() { _ = s.Close() })
	s.WriteAt(time.Unix(0, 0), []byte(p))
	return s.Snapshot()
}

// IdenticalRow is SameRow with colours compared as values of one type: a
// red set as one of the 16 colours and as palette entry 1 are the same
// colour (SameRow) but not the same cells (a reader may ask the type).
func TestIdenticalRowComparesColoursExactly(t *testing.T) {
	basic := snapOf(t, "\x1b[31mred\x1b[m")
	indexed := snapOf(t, "\x1b[38;5;1mred\x1b[m")
	again := snapOf(t, "\x1b[31mred\x1b[m")
	green := snapOf(t, "\x1b[32mred\x1b[m")
	for _, c := range []struct {
		name      string
		a, b      screen.Snapshot
		identical bool
	}{
		{"the same bytes on two screens", basic, again, true},
		{"one snapshot with itself", basic, basic, true},
		{"red as a basic and as an indexed colour", basic, indexed, false},
		{"red and green", basic, green, false},
	} {
		if got := c.a.IdenticalRow(c.b, 1); got != c.identical {
			t.Errorf("%s: IdenticalRow = %v, want %v", c.name, got, c.identical)
		}
		if c.identical && !c.a.SameRow(c.b, 1) {
			t.Errorf("%s: identical rows are not the same (SameRow)", c.name)
		}
	}
	if !basic.SameRow(indexed, 1) {
		t.Logf("SameRow also tells a basic red from an indexed one")
	}
	if basic.IdenticalRow(again, 0) || basic.IdenticalRow(again, 4) {
		t.Error("IdenticalRow of a row off the screen, want false")
	}
}

// A row keeps its RowRef while it shows the same cells, scrolled or not;
// a row written over gets another.
func TestRowRefFollowsARowThatScrolls(t *testing.T) {
	s := screen.New(20, 3)
	t.Cleanup(func() { _ = s.Close() })
	s.WriteAt(time.Unix(0, 0), []byte("one\r\ntwo\r\nthree"))
	before := s.Snapshot()
	s.WriteAt(time.Unix(1, 0), []byte("\r\nfour")) // scrolls "one" off
	after := s.Snapshot()
	if after.Line(1) != "two" || after.Line(3) != "four" {
		t.Fatalf("after a scroll the screen is %q, want two, three, four", after.Lines())
	}
	if before.RowRef(2) != after.RowRef(1) || before.RowRef(3) != after.RowRef(2) {
		t.Error("a row that scrolled up a line has another RowRef")
	}
	if after.RowRef(3) == before.RowRef(3) {
		t.Error("a row written over keeps its RowRef")
	}
	if (after.RowRef(0) != screen.RowRef{} || after.RowRef(4) != screen.RowRef{}) {
		t.Error("a row off the screen has a RowRef")
	}
}
