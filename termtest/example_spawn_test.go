package termtest_test

import (
	"regexp"
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// In a test, Spawn ties the program to the test: every verb fails the test
// with the screen, the last bytes, the readiness timeline and the kept
// recording; Close runs at cleanup. Actions (Submit, Type, Press, ...)
// wait until the program is ready for input; ExpectScreen waits for a
// condition.
// (Examples that need a *testing.T are compiled, not run; the tests run
// the same code.)
func ExampleSpawn() {
	var t *testing.T // the test's
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
	term.Submit("echo hi")
	term.ExpectScreen(expect.Contains("\nhi\n"))
	term.ExpectScreen(expect.Line(-1).Equals("$ "))
}

// Golden compares the stable screen, styles included, with
// testdata/<Test>-<name>.golden; go test -update writes it. Masks hide
// what changes from run to run.
func ExampleGolden() {
	var t *testing.T // the test's
	term := termtest.Spawn(t, []string{"./mytool", "--menu"})
	term.ExpectScreen(expect.Text("Quit").Visible())
	term.ExpectScreen(termtest.Golden(t, "menu", termtest.Mask(regexp.MustCompile(`v\d+\.\d+\.\d+`))))
}

// Keys follow the program's modes, and locators find text to assert on
// its cells or click on it.
func ExampleTerm_Press() {
	var t *testing.T // the test's
	term := termtest.Spawn(t, []string{"./mytool", "--menu"})
	term.ExpectScreen(expect.Text("apple").Highlighted())
	term.Press(termtest.KeyDown) // ESC O B when the program set application cursor keys
	term.ExpectScreen(expect.Text("banana").Highlighted())
	term.ClickOn(expect.Text("cherry").First())
	term.ExpectScreen(expect.Text("cherry").HasStyle("reverse"))
}

// NoWait sends at once, without waiting for the program to be ready: an
// interrupt for a program at work.
func ExampleTerm_NoWait() {
	var t *testing.T // the test's
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
	term.Submit("sleep 60")
	term.NoWait().Press(termtest.Ctrl('c'))
	term.ExpectScreen(expect.Line(-1).Equals("$ "))
}

// Defaults are options a package's tests share, as tui-test's test.use.
func ExampleDefaults() {
	var t *testing.T // the test's
	shell := termtest.Defaults{termtest.WithSize(60, 12), termtest.WithEnv("PS1=$ ", "HISTFILE=")}
	term := shell.Spawn(t, []string{"bash", "--norc", "--noprofile"})
	term.ExpectScreen(expect.Line(-1).Equals("$ "))
}
