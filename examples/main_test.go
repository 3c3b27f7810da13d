package examples

import (
	"os/exec"
	"regexp"
	"testing"

	"github.com/ttyrig/ttyrig/examples/menu"
	"github.com/ttyrig/ttyrig/examples/signup"
	"github.com/ttyrig/ttyrig/termtest"
)

// shell holds the options every shell test here shares, as tui-test's
// test.use does: a small screen and a predictable prompt.
var shell = termtest.Defaults{
	termtest.WithSize(60, 12),
	termtest.WithEnv("PS1=$ ", "HISTFILE=", "INPUTRC=/dev/null"),
}

// TestMain runs the tests, or an example program when a test spawns it by
// name ("menu", "signup"): the test binary is the program, so there is no
// build step and go test -cover counts the programs' lines too.
func TestMain(m *testing.M) {
	termtest.Main(m, map[string]func() int{"menu": menu.Main, "signup": signup.Main})
}

// need fails the test when a program it drives is missing: `make examples`
// installs them, and a skipped example would pass for the wrong reason.
func need(t *testing.T, program string) {
	t.Helper()
	if _, err := exec.LookPath(program); err != nil {
		t.Fatalf("%s is not installed (make examples installs it): %v", program, err)
	}
}

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }
