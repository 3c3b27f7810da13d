package termtest_test

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/termtest"
)

func TestBashEcho(t *testing.T) {
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
	term.WaitForReady()
	term.Type("echo hi\n")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(term.Screen().Text(), "\nhi\n") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	tr := term.WaitForReady()
	t.Logf("ready: %v\n%s", tr, term.Screen())
	term.Type("exit 3\n")
	if code := term.Wait(); code != 3 {
		t.Errorf("exit code %d", code)
	}
}

// A grandchild that left the process group but keeps the PTY open must not
// keep Close waiting. (It escapes the group kill, so the test kills it.)
func TestCloseWithGrandchildHoldingPTY(t *testing.T) {
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "setsid sleep 30 & echo started $!; sleep 30"})
	deadline := time.Now().Add(5 * time.Second)
	var pid int
	for time.Now().Before(deadline) {
		if _, err := fmt.Sscanf(term.Screen().Line(0), "started %d", &pid); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if pid == 0 {
		t.Fatalf("no pid on screen:\n%s", term.Screen())
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	start := time.Now()
	term.Close()
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %v", d)
	}
}
