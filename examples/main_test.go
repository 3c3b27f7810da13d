package examples

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ttyrig/ttyrig/termtest"
)

// shell holds the options every shell test here shares, as tui-test's
// test.use does: a small screen and a predictable prompt.
var shell = termtest.Defaults{
	termtest.WithSize(60, 12),
	termtest.WithEnv("PS1=$ ", "HISTFILE=", "INPUTRC=/dev/null"),
}

// menuBin and signupBin are the bubbletea and huh example programs, built
// once for the package.
var menuBin, signupBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ttyrig-examples-")
	if err != nil {
		panic(err)
	}
	menuBin, signupBin = filepath.Join(dir, "menu"), filepath.Join(dir, "signup")
	for bin, pkg := range map[string]string{menuBin: "./cmd/menu", signupBin: "./cmd/signup"} {
		if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
			os.Stderr.Write(out)
			os.RemoveAll(dir)
			os.Exit(2)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
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
