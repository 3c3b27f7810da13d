package examples

import (
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// The README's first test, word for word (docs' TestSnippetsAreCompiledCode
// checks it).

func TestEcho(t *testing.T) {
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
	term.Submit("echo hi")                        // waits until bash is ready for input, types, Enter, checks bash took the line
	term.ExpectScreen(expect.Contains("hi\n$ "))  // waits until the screen shows it
	term.ExpectScreen(termtest.Golden(t, "echo")) // testdata/TestEcho-echo.golden, styles included; go test ./... -update writes it
	term.Submit("exit 3")
	if code := term.WaitExit(); code != 3 {
		t.Errorf("exit status %d, want 3", code)
	}
}
