package termtest_test

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// inputsWaited checks the recording of a session driven by actions alone:
// every input after the first went out only after the program was ready
// (or asking) again since the input before it.
func inputsWaited(t *testing.T, term *termtest.Term, rec string) {
	t.Helper()
	timeline, started := term.Timeline(), term.Started()
	term.Close()
	cast, err := asciicast.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	var inputs []time.Time
	for _, e := range cast.Events {
		if e.Kind == asciicast.Input {
			inputs = append(inputs, started.Add(e.Time))
		}
	}
	if len(inputs) < 2 {
		t.Fatalf("%d inputs recorded, want several", len(inputs))
	}
	for i := 1; i < len(inputs); i++ {
		readyBetween := false
		for _, tr := range timeline {
			if tr.State.Waiting() && tr.Time.After(inputs[i-1]) && !tr.Time.After(inputs[i].Add(time.Millisecond)) {
				readyBetween = true
			}
		}
		if !readyBetween {
			t.Errorf("input %d went out %v after input %d with no ready state in between", i+1, inputs[i].Sub(inputs[i-1]), i)
		}
	}
}

// python3 that throws away what was typed ahead before each prompt (as
// getpass and many installers do): only input sent once it is ready
// arrives. The test has no WaitForReady.
func TestActionsWaitPythonFlushesTypeahead(t *testing.T) {
	t.Parallel()
	rec := filepath.Join(t.TempDir(), "py.cast")
	script := `import sys, termios, time
for q in ("first", "second", "third"):
    time.sleep(0.3)
    termios.tcflush(0, termios.TCIFLUSH)
    print(q, "->", input(q + "? "))
`
	term := termtest.Spawn(t, []string{"python3", "-c", script}, termtest.WithRecording(rec))
	term.Type("one\n")
	term.Type("two\n")
	term.Type("three\n")
	term.ExpectScreen(expect.Contains("first -> one\n"))
	term.ExpectScreen(expect.Contains("second -> two\n"))
	term.ExpectScreen(expect.Contains("third -> three\n"))
	if code := term.WaitExit(); code != 0 {
		t.Errorf("python3 exited %d", code)
	}
	inputsWaited(t, term, rec)
}

// bash, driven by lines typed one after another: each goes out once the
// prompt is back.
func TestActionsWaitBash(t *testing.T) {
	t.Parallel()
	rec := filepath.Join(t.TempDir(), "bash.cast")
	term := termtest.Spawn(t, bashArgv, bashEnv, termtest.WithRecording(rec))
	term.Type("sleep 0.3; x=41\n")
	term.Type("echo $((x + 1))\n")
	term.Press(termtest.Ctrl('d'))
	term.ExpectScreen(expect.Contains("\n42\n"))
	if code := term.WaitExit(); code != 0 {
		t.Errorf("bash exited %d", code)
	}
	inputsWaited(t, term, rec)
}

// The agent fixture drops Enter while it works (the typed text stays in its
// box): an Enter sent before the turn is over would be lost. Actions wait
// for the turn to end.
func TestActionsWaitAgent(t *testing.T) {
	t.Parallel()
	rec := filepath.Join(t.TempDir(), "agent.cast")
	term := termtest.Spawn(t, []string{fixtures.Build(t, "agent"), "-work", "700ms"}, termtest.WithRecording(rec))
	term.Type("hello")
	term.Press(termtest.KeyEnter)
	term.Type("again")
	term.Press(termtest.KeyEnter)
	term.Type("/exit")
	term.Press(termtest.KeyEnter)
	if code := term.WaitExit(); code != 0 {
		t.Errorf("the agent exited %d", code)
	}
	text := strings.Join(term.Snapshot().Scrollback(), "\n") + "\n" + term.Snapshot().Text()
	if !strings.Contains(text, "again") {
		t.Errorf("the second turn never ran:\n%s", text)
	}
	inputsWaited(t, term, rec)
}

// NoWait sends at once: Ctrl-C reaches a command that would keep the
// program busy for a minute, where a waiting Press would time out.
func TestNoWaitSendsAtOnce(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, bashArgv, bashEnv, termtest.WithTimeout(5*time.Second))
	term.Type("echo sleeping; sleep 60\n")
	term.ExpectScreen(expect.Contains("\nsleeping\n"))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := term.PressContext(ctx, termtest.Ctrl('c')); err == nil || !strings.Contains(err.Error(), "use NoWait") {
		t.Fatalf("a waiting Press to a busy program: %v, want a timeout that names NoWait", err)
	}
	if st := term.State(); st.State == ready.Ready {
		t.Fatalf("bash is ready while sleep runs: %v", st)
	}
	term.NoWait().Press(termtest.Ctrl('c'))
	term.ExpectScreen(expect.Line(-1).Equals("$ "))
}

// A key the program takes without drawing anything (less at the end of
// its text) holds the next action for the silence window at most: the
// action does not wait for a reaction that never comes.
func TestActionAfterSilentKey(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"sh", "-c", `printf 'press keys: '; stty -icanon -echo; dd bs=1 count=2 2>/dev/null | od -c | head -1`})
	term.ExpectScreen(expect.Contains("press keys: "))
	term.Type("a") // read and not echoed: nothing is drawn
	start := time.Now()
	term.Type("b")
	term.ExpectScreen(expect.Contains("a   b"))
	if d, silence := time.Since(start), time.Duration(term.Profile().Silence); d > silence+5*time.Second {
		t.Errorf("the second key waited %v, want about the silence window (%v)", d, silence)
	}
}

// A program that draws nothing and works past the silence window before it
// reads (throwing away what was typed ahead) is not taken for one waiting
// silently: where the kernel is asked (Linux), it is seen working, and the
// action waits until it reads.
func TestActionWaitsForSilentWork(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the kernel's view of the program is Linux's")
	}
	t.Parallel()
	script := `import termios, time
time.sleep(2.5)
termios.tcflush(0, termios.TCIFLUSH)
print("got", input())
`
	term := termtest.Spawn(t, []string{"python3", "-c", script})
	term.Type("x\n")
	term.ExpectScreen(expect.Contains("got x"))
}

// Input after the program's exit reaches nobody: it is refused, and the
// recording, which ends at the exit, does not get it.
func TestNoInputAfterExit(t *testing.T) {
	t.Parallel()
	rec := filepath.Join(t.TempDir(), "exit.cast")
	term := termtest.Spawn(t, []string{"sh", "-c", "echo bye"}, termtest.WithRecording(rec))
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := term.Write([]byte("late\r")); err == nil || !strings.Contains(err.Error(), "exited with status 0") {
		t.Errorf("Write after the exit: %v, want an error saying it exited", err)
	}
	if err := term.NoWait().TypeContext(context.Background(), "late"); err == nil {
		t.Errorf("NoWait().TypeContext after the exit succeeded")
	}
	term.Close()
	cast, err := asciicast.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range cast.Events {
		if e.Kind == asciicast.Input {
			t.Errorf("input %q recorded after the exit", e.Data)
		}
	}
}

// ClickOn waits for its text, as Playwright's click waits for its target:
// the program is ready (its prompt is still) a second before it draws the
// option.
func TestClickOnWaitsForItsText(t *testing.T) {
	t.Parallel()
	script := `import os, select, sys, tty
tty.setcbreak(0)
sys.stdout.write("\x1b[?1000h\x1b[?1006hmenu> ")
sys.stdout.flush()
select.select([0], [], [], 1.0)
sys.stdout.write("\r\n  later\r\n")
sys.stdout.flush()
print("got", os.read(0, 64))
`
	term := termtest.Spawn(t, []string{"python3", "-c", script})
	term.ClickOn(expect.Text("later"))
	term.ExpectScreen(expect.Contains(`got b'\x1b[<0;3;2M\x1b[<0;3;2m'`))
}
