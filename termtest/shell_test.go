package termtest_test

import (
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// bash started by termtest speaks OSC 133: every prompt is decided by the
// marks, the user's PS1 is drawn as it is (here with $? in it, which the
// marks must not disturb), and a PROMPT_COMMAND of the user's still runs.
func TestBashGetsPromptMarks(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, bashArgv, termtest.WithEnv(`PS1=[$?] $ `, "HISTFILE=", `PROMPT_COMMAND=echo -n "(pc $?) "`))
	tr := term.WaitForReady()
	if tr.Signal != ready.SignalProtocol {
		t.Fatalf("first prompt ready by %s (%s), want the shell's OSC 133;B\n%s", tr.Signal, tr.Reason, term.Terminal().Describe())
	}
	term.Submit("false")
	tr = term.WaitForReady()
	if tr.Signal != ready.SignalProtocol {
		t.Fatalf("ready by %s (%s), want the shell's OSC 133;B", tr.Signal, tr.Reason)
	}
	if got := term.Screen().Line(-1); got != "(pc 1) [1] $ " {
		t.Errorf("prompt %q, want the user's PROMPT_COMMAND and PS1 both seeing status 1", got)
	}
	if out := string(term.Terminal().LastOutput()); !strings.Contains(out, "\x1b]133;C\a") || !strings.Contains(out, "\x1b]133;D;1\a") {
		t.Errorf("no C mark or no D;1 mark for the command in %q", out)
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
	if tr.Signal != ready.SignalProtocol || term.Screen().Line(-1) != "> " {
		t.Errorf("ready by %s (%s) at %q, want OSC 133;B at the user's prompt", tr.Signal, tr.Reason, term.Screen().Line(-1))
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
			if tr.Signal == ready.SignalProtocol || strings.Contains(string(term.Terminal().LastOutput()), "133;") {
				t.Errorf("marks were installed: ready by %s, output %q", tr.Signal, term.Terminal().LastOutput())
			}
		})
	}
}
