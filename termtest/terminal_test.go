package termtest_test

import (
	"strings"
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
