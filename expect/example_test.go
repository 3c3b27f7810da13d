package expect_test

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// Conditions are values: checked once against a snapshot they say what
// they saw. With a Source (a live terminal, a replay) Wait waits for them.
func ExampleNot() {
	s := screen.New(40, 5)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("$ echo hi\r\nhi\r\n$ "))
	snap := s.Snapshot()

	prompt := expect.Line(-1).Equals("$ ")
	fmt.Println(prompt, "->", prompt.Check(snap))

	absent := expect.Not(expect.Contains("hi"))
	fmt.Println(absent, "->", absent.Check(snap))
	// Output:
	// line -1 equals "$ " -> <nil>
	// the screen does not contain "hi" -> found "hi" on row 1: "$ echo hi"
}

// A locator finds text on the screen; conditions about it look at its
// cells. It is strict: text found twice must be chosen with First or Nth.
func ExampleText() {
	s := screen.New(30, 4)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("  apple\r\n\x1b[7m> banana\x1b[m\r\n  banana split"))
	snap := s.Snapshot()

	for _, c := range []expect.Condition{
		expect.Text("banana").First().Highlighted(),
		expect.Text("banana").Highlighted(),
		expect.Text("banana").Count(2),
	} {
		fmt.Println(c, "->", c.Check(snap))
	}
	// Output:
	// the first "banana" is highlighted (reverse video or a background colour) -> <nil>
	// "banana" is highlighted (reverse video or a background colour) -> found "banana" 2 times (at 2,3, 3,3); say First() or Nth(n)
	// "banana" appears 2 times -> <nil>
}
