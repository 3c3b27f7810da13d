package termtest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// TestWaitPastTheDeadline is run by TestWaitsHonourTheTestDeadline in a
// child test binary with -test.timeout 5s: its wait (default bound 10 s)
// must stop before go test's own panic.
func TestWaitPastTheDeadline(t *testing.T) {
	if os.Getenv("TTYRIG_DEADLINE_CHILD") == "" {
		t.Skip("run by TestWaitsHonourTheTestDeadline")
	}
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "echo waiting; sleep 60"})
	term.ExpectScreen(expect.Contains("never shown"))
}

// TestTypePastTheDeadline is run by TestTypeHonoursTheTestDeadline in a
// child test binary with -test.timeout 5s: typing more than a program that
// never reads can take (the PTY holds a few KiB) must stop before go
// test's own panic, not after the terminal's 10 s timeout.
func TestTypePastTheDeadline(t *testing.T) {
	if os.Getenv("TTYRIG_DEADLINE_CHILD") == "" {
		t.Skip("run by TestTypeHonoursTheTestDeadline")
	}
	term := termtest.Spawn(t, []string{"sh", "-c", "stty raw -echo; echo deaf; sleep 60"})
	term.ExpectScreen(expect.Contains("deaf"))
	term.NoWait().Type(strings.Repeat("x", 200_000)) // it sleeps, never ready: the write is what times out
}

func TestTypeHonoursTheTestDeadline(t *testing.T) {
	t.Parallel()
	msg := runPastDeadline(t, "TestTypePastTheDeadline", t.TempDir())
	for _, want := range []string{"--- FAIL: TestTypePastTheDeadline", "were withdrawn", "the test's deadline (go test -timeout) is near"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the child's output lacks %q:\n%s", want, msg)
		}
	}
}

// runPastDeadline runs test in a child test binary with -test.timeout 5s
// and returns its output; the child must fail by itself, in time, not by
// go test's timeout panic.
func runPastDeadline(t *testing.T, test, failures string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^"+test+"$", "-test.timeout", "5s", "-test.v")
	cmd.Env = append(os.Environ(), "TTYRIG_DEADLINE_CHILD=1", termtest.FailureDirEnv+"="+failures)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	msg := string(out)
	if err == nil || strings.Contains(msg, "panic: test timed out") {
		t.Fatalf("the child passed or ran into go test's timeout panic (%v):\n%s", err, msg)
	}
	// No panic says the deadline held; the time adds the binary's start-up,
	// which go test's timer does not count and a loaded machine slows, so
	// only a child far past it fails here.
	if took > 10*time.Second {
		t.Errorf("the child took %v with -timeout 5s", took)
	}
	return msg
}

func TestWaitsHonourTheTestDeadline(t *testing.T) {
	t.Parallel()
	failures := t.TempDir()
	msg := runPastDeadline(t, "TestWaitPastTheDeadline", failures)
	for _, want := range []string{
		"--- FAIL: TestWaitPastTheDeadline",
		`waiting until: the screen contains "never shown"`,
		"  1 │waiting",
		"readiness timeline:",
		"the test's deadline (go test -timeout) is near",
		"recording of the failed session kept at",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the child's output lacks %q:\n%s", want, msg)
		}
	}
	if _, err := os.Stat(filepath.Join(failures, "TestWaitPastTheDeadline.cast")); err != nil {
		t.Errorf("no kept recording: %v", err)
	}
}
