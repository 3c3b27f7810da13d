package termtest_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/termtest"
)

// bashArgv runs bash without any rc files, so the prompt is exactly PS1.
var bashArgv = []string{"bash", "--norc", "--noprofile"}

// bashEnv fixes the prompt and keeps history out of the user's HOME.
var bashEnv = termtest.WithEnv("PS1=$ ", "HISTFILE=")

// spawnBash starts bash and waits for its first prompt.
func spawnBash(t *testing.T, opts ...termtest.Option) *termtest.Term {
	t.Helper()
	term := termtest.Spawn(t, bashArgv, append([]termtest.Option{bashEnv}, opts...)...)
	term.ExpectScreen().Line(-1).ToEqual("$ ")
	return term
}

func TestBashEcho(t *testing.T) {
	term := termtest.Spawn(t, bashArgv, bashEnv)
	term.WaitForReady()
	term.ExpectScreen().ToEqual("$ ")
	term.Type("echo hi\n")
	term.ExpectScreen().ToContain("\nhi\n")
	term.ExpectScreen().Line(-1).ToEqual("$ ")
	term.ExpectScreen().ToEqual("$ echo hi\nhi\n$ ")
	term.ExpectScreen().ToHaveCursorAt(3, 3)
	term.Type("exit 3\n")
	if code := term.Wait(); code != 3 {
		t.Errorf("exit code %d, want 3", code)
	}
}

// A grandchild that keeps the PTY open must not keep Close waiting.
func TestCloseWithGrandchildHoldingPTY(t *testing.T) {
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "setsid sleep 30 & echo started; sleep 30"})
	term.ExpectScreen().ToContain("started")
	start := time.Now()
	term.Close()
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %v", d)
	}
}
