package termtest_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// need fails the test when a program the tests drive is missing: make
// tools installs them (python3, sqlite3, bc, dash, zsh, fish).
func need(t testing.TB, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is not installed; run make tools: %v", name, err)
	}
}

// bash started by termtest speaks OSC 133: every prompt is decided by the
// marks, the user's PS1 is drawn as it is (here with $? in it, which the
// marks must not disturb), and a PROMPT_COMMAND of the user's still runs.
func TestBashGetsPromptMarks(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, bashArgv, termtest.WithEnv(`PS1=[$?] $ `, "HISTFILE=", `PROMPT_COMMAND=echo -n "(pc $?) "`))
	tr := term.WaitForReady()
	if tr.Signal != ready.SignalProtocol {
		t.Fatalf("first prompt ready by %s (%s), want the shell's OSC 133;B\n%s", tr.Signal, tr.Reason, term.Describe())
	}
	term.Submit("false")
	tr = term.WaitForReady()
	if tr.Signal != ready.SignalProtocol {
		t.Fatalf("ready by %s (%s), want the shell's OSC 133;B", tr.Signal, tr.Reason)
	}
	if got := term.Snapshot().Line(-1); got != "(pc 1) [1] $ " {
		t.Errorf("prompt %q, want the user's PROMPT_COMMAND and PS1 both seeing status 1", got)
	}
	if out := string(term.Session().LastOutput()); !strings.Contains(out, "\x1b]133;C\a") || !strings.Contains(out, "\x1b]133;D;1\a") {
		t.Errorf("no C mark or no D;1 mark for the command in %q", out)
	}
	term.Submit("env | grep -c -e ^PS0= -e ^PROMPT_COMMAND=")
	term.WaitForReady()
	if got := term.Snapshot().Line(-2); got != "0" {
		t.Errorf("commands see %s of PS0 and PROMPT_COMMAND in their environment, want none", got)
	}
}

// dash (and sh where it is dash) has no prompt hook: its PS1 carries A and
// B.
func TestDashGetsPromptMarks(t *testing.T) {
	t.Parallel()
	need(t, "dash")
	term := termtest.Spawn(t, []string{"dash"}, termtest.WithEnv("PS1=> "))
	term.WaitForReady()
	term.Submit("echo hi")
	tr := term.WaitForReady()
	if tr.Signal != ready.SignalProtocol || term.Snapshot().Line(-1) != "> " {
		t.Errorf("ready by %s (%s) at %q, want OSC 133;B at the user's prompt", tr.Signal, tr.Reason, term.Snapshot().Line(-1))
	}
}

// Opted out, or not an interactive shell: nothing is added.
func TestShellIntegrationOptOut(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		argv []string
		opts []termtest.Option
	}{
		{"opt-out", bashArgv, []termtest.Option{bashEnv, termtest.WithoutShellIntegration()}},
		{"command", []string{"bash", "-c", `printf '%s\n' "$PROMPT_COMMAND$PS0" ok; read x`}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			term := termtest.Spawn(t, c.argv, c.opts...)
			tr := term.WaitForReady()
			if tr.Signal == ready.SignalProtocol || strings.Contains(string(term.Session().LastOutput()), "133;") {
				t.Errorf("marks were installed: ready by %s, output %q", tr.Signal, term.Session().LastOutput())
			}
		})
	}
}

// zsh reads its startup files from termtest's ZDOTDIR, which hands over to
// the user's: the user's PS1 (with the status in it) is drawn between the
// marks, and ZDOTDIR is the user's again (unset here) once zsh runs.
func TestZshGetsPromptMarks(t *testing.T) {
	t.Parallel()
	need(t, "zsh")
	term := termtest.Spawn(t, []string{"zsh"}, termtest.WithEnv("PS1=%? %% "))
	term.WaitForReady()
	term.Submit("false")
	tr := term.WaitForReady()
	if tr.Signal != ready.SignalProtocol || term.Snapshot().Line(-1) != "1 % " {
		t.Fatalf("ready by %s (%s) at %q, want OSC 133;B at the user's prompt showing status 1\n%s",
			tr.Signal, tr.Reason, term.Snapshot().Line(-1), term.Describe())
	}
	if out := string(term.Session().LastOutput()); !strings.Contains(out, "\x1b]133;C\a") || !strings.Contains(out, "\x1b]133;D;1\a") {
		t.Errorf("no C mark or no D;1 mark for the command in %q", out)
	}
	term.Submit("echo ${ZDOTDIR-unset}")
	term.WaitForReady()
	if got := term.Snapshot().Line(-2); got != "unset" {
		t.Errorf("ZDOTDIR in the shell: %q, want it unset as the user had it", got)
	}
}

// fish sources termtest's vendor_conf.d file, which wraps the user's
// prompt at the first prompt: the prompt is the one fish draws without
// the marks, status included.
func TestFishGetsPromptMarks(t *testing.T) {
	t.Parallel()
	need(t, "fish")
	prompts := map[bool]string{}
	for _, marks := range []bool{true, false} {
		var opts []termtest.Option
		if !marks {
			opts = append(opts, termtest.WithoutShellIntegration())
		}
		term := termtest.Spawn(t, []string{"fish"}, opts...)
		term.WaitForReady()
		term.Submit("false")
		tr := term.WaitForReady()
		if marks && tr.Signal != ready.SignalProtocol {
			t.Fatalf("ready by %s (%s), want the OSC 133;B mark\n%s", tr.Signal, tr.Reason, term.Describe())
		}
		prompts[marks] = term.Snapshot().Line(-1)
		if marks {
			term.Submit("env | grep -c ttyrig-shell")
			term.WaitForReady()
			if got := term.Snapshot().Line(-2); got != "0" {
				t.Errorf("commands see the integration directory in their environment (%s lines)\n%s", got, term.Snapshot())
			}
		}
	}
	if prompts[true] != prompts[false] || !strings.Contains(prompts[true], "[1]") {
		t.Errorf("prompt with marks %q, without %q: want the same, showing status [1]", prompts[true], prompts[false])
	}
}
