package screen_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

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
