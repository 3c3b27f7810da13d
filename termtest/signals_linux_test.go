package termtest_test

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// ignoredSignals reads the SigIgn mask of /proc/<pid>/status.
func ignoredSignals(t *testing.T, status string) uint64 {
	t.Helper()
	for _, line := range strings.Split(status, "\n") {
		if v, ok := strings.CutPrefix(line, "SigIgn:"); ok {
			mask, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			if err != nil {
				t.Fatal(err)
			}
			return mask
		}
	}
	t.Fatalf("no SigIgn in %q", status)
	return 0
}

const hupInt = 1<<(1-1) | 1<<(2-1) // SIGHUP, SIGINT in a SigIgn mask

// TestSignalsOfABackgroundJob is run by TestProgramsGetCtrlC in a child
// test binary started as a background job of sh, which ignores SIGINT in
// it, with SIGHUP ignored (as by nohup).
func TestSignalsOfABackgroundJob(t *testing.T) {
	if os.Getenv("TTYRIG_SIGNALS_CHILD") == "" {
		t.Skip("run by TestProgramsGetCtrlC")
	}
	own, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	if ignoredSignals(t, string(own))&hupInt != hupInt {
		t.Fatalf("the test binary does not ignore SIGHUP and SIGINT: the check below proves nothing")
	}
	term := termtest.Spawn(t, []string{"sh", "-c", "grep SigIgn /proc/$$/status; sleep 60"})
	term.ExpectScreen(expect.Matches(regexp.MustCompile(`SigIgn:\s+[0-9a-f]{16}`)))
	if mask := ignoredSignals(t, term.Snapshot().Text()); mask&hupInt != 0 {
		t.Errorf("the program ignores signals %#x: Ctrl-C or the terminal's hangup would do nothing", mask&hupInt)
	}
}

// A test binary run as a background job of a script ignores SIGINT (and
// under nohup SIGHUP); the programs it starts must not (examples' TestInterrupt: python3
// slept through ^C).
func TestProgramsGetCtrlC(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("sh", "-c", `trap '' HUP; "$@" & wait $!`, "sh", os.Args[0], "-test.run", "^TestSignalsOfABackgroundJob$", "-test.v")
	cmd.Env = append(os.Environ(), "TTYRIG_SIGNALS_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestSignalsOfABackgroundJob") {
		t.Fatalf("the child failed (%v):\n%s", err, out)
	}
}
