package expect_test

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// Expectations are Conditions too: checked once against a snapshot they say
// what they saw. With a Source (a live terminal, a replay) Wait waits for
// them instead.
func ExampleScreen() {
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
