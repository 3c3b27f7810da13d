package expect_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

func screenOf(t *testing.T, cols, rows int, out string) screen.Snapshot {
	t.Helper()
	s := screen.New(cols, rows)
	t.Cleanup(func() { s.Close() })
	s.WriteAt(time.Now(), []byte(out))
	return s.Snapshot()
}

// A prompt "choose> " that the program printed and moved on from: its row
// is read without the trailing space, yet a space that ends the text
// looked for matches the blank cells after "choose>", whether the space
// was written or the cells never were (a terminal shows both alike).
func TestContainsTrailingSpaces(t *testing.T) {
	written := screenOf(t, 30, 4, "choose> \r\nnext")  // the space written, then a new line
	unwritten := screenOf(t, 30, 4, "choose>\r\nnext") // never written: the same on a terminal
	cursor := screenOf(t, 30, 4, "choose> ")           // the cursor's row keeps its space
	middle := screenOf(t, 30, 4, "choose> x")
	glued := screenOf(t, 30, 4, "choose>x\r\nnext")
	lastCol := screenOf(t, 8, 4, "1choose>\r\nnext") // no cell left after it on its row
	for _, tc := range []struct {
		snap screen.Snapshot
		c    expect.Condition
		want bool
	}{
		{written, expect.Contains("choose> "), true},
		{unwritten, expect.Contains("choose> "), true},
		{cursor, expect.Contains("choose> "), true},
		{middle, expect.Contains("choose> "), true},
		{glued, expect.Contains("choose> "), false},
		{written, expect.Contains("choose> \nnext"), true},
		{written, expect.Contains("choose>  "), true}, // blanks to the row's end
		{middle, expect.Contains("choose>  "), false}, // "x" is no blank
		{written, expect.Line(1).Contains("choose> "), true},
		{written, expect.Row(1).Contains("choose> "), true},
		{written, expect.Region(1, 1, 2, 10).Contains("choose> "), true},
		{written, expect.Region(1, 1, 2, 7).Contains("choose> "), false}, // the region ends at the ">"
		{lastCol, expect.Line(1).Contains("choose> "), false},
		{lastCol, expect.Line(-2).Contains("choose> "), false},
		{written, expect.Not(expect.Contains("choose> ")), false},
		{glued, expect.Not(expect.Contains("choose> ")), true},
		{lastCol, expect.Contains("choose> "), false}, // the text fills its row: no blank cell follows
	} {
		err := tc.c.Check(tc.snap)
		if (err == nil) != tc.want {
			t.Errorf("%s on %q: %v, want it to hold: %v", tc.c, tc.snap.Text(), err, tc.want)
		}
	}
}

// Equals stays exact, and when only trailing blanks differ, its failure
// says that rows are read without them.
func TestEqualsSaysTrailingBlanksDiffer(t *testing.T) {
	snap := screenOf(t, 30, 4, "choose> \r\n")
	err := expect.Line(1).Equals("choose> ").Check(snap)
	if err == nil {
		t.Fatalf("line 1 %q equals %q", snap.Line(1), "choose> ")
	}
	if !strings.Contains(err.Error(), "only trailing blanks differ: rows are read without their trailing blanks") {
		t.Errorf("the failure does not say why: %v", err)
	}
	if err := expect.Line(1).Equals("chose").Check(snap); err == nil || strings.Contains(err.Error(), "trailing blanks") {
		t.Errorf("a real difference: %v", err)
	}
}
