package termtest_test

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// tmux in the terminal: its client sleeps on a socket while the daemonised
// server reads the terminal and runs bash in a pane (kernel/relay_linux.go
// looks past the client). A test waits for bash's prompt, has a line
// taken, and sees its answer; Close ends the server too, which left the
// process tree (it double-forks) and the terminal's session (setsid): the
// test process, a subreaper, inherits it.
func TestTmuxIsReadyAndEndsWithClose(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatalf("tmux is not installed (make tools installs it): %v", err)
	}
	sock := filepath.Join(t.TempDir(), "tmux.sock")
	term := termtest.Spawn(t, []string{"tmux", "-S", sock, "-f", "/dev/null", "new-session", "PS1='$ ' bash --norc --noprofile"})
	if tr := term.WaitForReady(); tr.State != ready.Ready {
		t.Fatalf("tmux at bash's prompt: %s, want ready", tr)
	}
	out, err := exec.Command("tmux", "-S", sock, "display-message", "-p", "#{pid}").Output()
	if err != nil {
		t.Fatalf("asking tmux for its server's pid: %v", err)
	}
	pid := strings.TrimSpace(string(out))
	if _, err := strconv.Atoi(pid); err != nil {
		t.Fatalf("tmux's server pid: %q", out)
	}
	term.Submit("echo relayed")
	term.ExpectScreen(expect.Line(2).Equals("relayed"))
	term.Close()
	// Close reaps what it killed before it returns.
	if state := procField(t, pid, 3); state != "" {
		t.Fatalf("tmux's server %s survived Close (state %s)", pid, state)
	}
}
