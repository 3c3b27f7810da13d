//go:build linux

package termtest_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/termtest"
)

// wantReady fails unless tr is a ready state (Ready or Question). Which
// signal decided is not asserted live: under load the kernel's word and
// the screen's quiet window race, and either is right. Replays decide the
// same way every time, so the kernel's decisions are checked there
// (recordings/kernel_test.go, and the corpus's bc, sqlite3, pdb and bash
// recordings in corpus/testdata/replay-score.golden: answered within
// milliseconds, which only the kernel can).
func wantReady(t testing.TB, term *termtest.Term, tr ready.Transition) {
	t.Helper()
	if !tr.State.Waiting() {
		t.Fatalf("%s by %s (%s), want ready\n%s", tr.State, tr.Signal, tr.Reason, term.Describe())
	}
}

// A program that never reads its input looks as if it took a line: the
// kernel echoes it and moves the cursor. Submit must not believe it.
func TestSubmitToProgramThatNeverReadsFails(t *testing.T) {
	t.Parallel()
	bin := fixtures.Build(t, "deaf")
	term, err := termtest.Start(context.Background(), []string{bin})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	// Submit waits for a line in the input queue up to its bound: the
	// program may yet read it, and a second Enter would only queue behind.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	err = term.SubmitContext(ctx, "hello")
	if !errors.Is(err, termtest.ErrNotTaken) || !strings.Contains(err.Error(), "input queue") {
		t.Fatalf("SubmitContext = %v, want ErrNotTaken saying the line is still in the input queue", err)
	}
	if !strings.Contains(err.Error(), "\nkernel: ") || !strings.Contains(err.Error(), "bytes unread") {
		t.Errorf("the report lacks what the kernel said last:\n%v", err)
	}

	// Without the kernel's view, the echo fooled Submit: the blind spot
	// this closes.
	blind, err := termtest.Start(context.Background(), []string{bin}, termtest.WithoutKernelView())
	if err != nil {
		t.Fatal(err)
	}
	defer blind.Close()
	if err := blind.SubmitContext(context.Background(), "hello"); err != nil {
		t.Fatalf("without the kernel's view Submit was expected to be fooled by the echo; it said %v", err)
	}
}

// python3's input() blocks in read: ready each turn, never before the
// answer to the last line is drawn.
func TestPythonInputReady(t *testing.T) {
	t.Parallel()
	need(t, "python3")
	term := termtest.Spawn(t, []string{"python3", "-c", "while True: print('you said', input('name? '))"})
	wantReady(t, term, term.WaitForReady())
	for _, name := range []string{"ada", "grace"} {
		term.Submit(name)
		tr := term.WaitForReady()
		wantReady(t, term, tr)
		if got := term.Snapshot().Line(-2); got != "you said "+name {
			t.Errorf("line above the prompt %q, want the answer to %q\n%s", got, name, term.Snapshot())
		}
	}
}

// getpass reads a line with echo off: a password question, whatever its
// prompt says, and Submit does not wait for an echo that never comes.
func TestEchoOffIsPasswordQuestion(t *testing.T) {
	t.Parallel()
	need(t, "python3")
	term := termtest.Spawn(t, []string{"python3", "-c", "import getpass; print('got', len(getpass.getpass('Secret code: ')))"})
	tr := term.WaitForReady()
	if tr.State != ready.Question || tr.Prompt == nil || tr.Prompt.Kind != "password" {
		t.Fatalf("at getpass: %v, want a password question\n%s", tr, term.Describe())
	}
	term.Submit("hunter2")
	if code := term.WaitExit(); code != 0 || !strings.Contains(term.Snapshot().Text(), "got 7") {
		t.Errorf("exit %d, screen:\n%s", code, term.Snapshot())
	}
}

// bc prints no prompt at all: only silence could tell, 2 s a turn. It
// blocks reading, so the kernel tells at once (how fast is measured on
// the corpus's bc recording and in the benchmarks; live, the order).
func TestBcReady(t *testing.T) {
	t.Parallel()
	need(t, "bc")
	term := termtest.Spawn(t, []string{"bc", "-q"})
	wantReady(t, term, term.WaitForReady())
	term.Submit("2^10")
	wantReady(t, term, term.WaitForReady())
	if got := term.Snapshot().Line(-2); got != "1024" {
		t.Errorf("answer %q, want 1024\n%s", got, term.Snapshot())
	}
}

// A silent query: sqlite3 runs it, so the kernel says busy until the
// answer is drawn (the 2 s silence fallback fired under the echoed query
// when it ran longer than that).
func TestSqliteSilentQueryIsBusy(t *testing.T) {
	t.Parallel()
	need(t, "sqlite3")
	term := termtest.Spawn(t, []string{"sqlite3"}, termtest.WithTimeout(30*time.Second))
	term.WaitForReady()
	term.Submit("with recursive c(x) as (select 1 union all select x+1 from c where x<6000000) select count(*) from c;")
	tr := term.WaitForReady()
	if !strings.Contains(term.Snapshot().Text(), "6000000\n") {
		t.Fatalf("ready (%s: %s) before the answer was drawn\n%s", tr.Signal, tr.Reason, term.Snapshot())
	}
	wantReady(t, term, tr)
}

// The same with a silence that does not depend on the machine's speed:
// sqlite3 waits 3 s for a shell command that prints nothing, then leaves
// a file behind. Ready must come after the file: the order, not a time.
func TestSqliteSilentCommandIsBusy(t *testing.T) {
	t.Parallel()
	need(t, "sqlite3")
	done := filepath.Join(t.TempDir(), "done")
	term := termtest.Spawn(t, []string{"sqlite3"})
	term.WaitForReady()
	term.Submit(".shell sleep 3; touch " + done)
	tr := term.WaitForReady()
	if _, err := os.Stat(done); err != nil {
		t.Fatalf("ready (%s: %s) while sqlite3 still waited for its shell command\n%s", tr.Signal, tr.Reason, term.Describe())
	}
	wantReady(t, term, tr)
}

// Ctrl-C right after a command line: depending on when it lands, it
// kills the command, or reaches bash before the command runs (which then
// runs on), or flushes the typed-ahead line before bash reads it. Ground
// truth: "sleep 1; echo done" prints done a second later unless killed.
// Ready must never come while it still runs: if done is drawn after ready,
// ready was premature (the screen alone said ready under "^C").
func TestBashCtrlCRightAfterSubmit(t *testing.T) {
	t.Parallel()
	for range 3 {
		term := termtest.Spawn(t, bashArgv, bashEnv, termtest.WithoutShellIntegration(), termtest.WithTimeout(3*time.Second))
		term.WaitForReady()
		term.Type("sleep 1; echo done\n")
		term.NoWait().Press(termtest.Ctrl('c')) // into the running command, not after it
		tr, err := term.Terminal.WaitForReadyContext(context.Background())
		if err != nil {
			// bash's own race: a ^C between its fork and the job's start
			// leaves the job's first process in the foreground, blocked on
			// bash's process-group pipe, while bash draws its prompt; typed
			// input then makes bash exit (checked by hand). Not ready is the
			// truth, and the kernel says why.
			if st := term.State(); st.State != ready.Stuck || !strings.Contains(st.Reason, "not waiting on the terminal") ||
				!strings.Contains(term.Describe(), "another group in the foreground") {
				t.Fatalf("not ready after ^C, and not for bash's wedge: %v", err)
			}
			t.Logf("bash wedged by the ^C (its job holds the terminal): %s", term.State().Reason)
			term.Close()
			continue
		}
		atReady := term.Snapshot()
		time.Sleep(1500 * time.Millisecond)
		if after := term.Snapshot(); strings.Contains(after.Text(), "done\n") && !strings.Contains(atReady.Text(), "done\n") {
			t.Fatalf("ready (%s: %s) while the command still ran; at ready:\n%s\na second later:\n%s",
				tr.Signal, tr.Reason, atReady, term.Describe())
		}
		term.Close()
	}
}

// A live session's recording holds what the kernel said; its replay
// makes the same decisions.
func TestKernelObservationsReplay(t *testing.T) {
	t.Parallel()
	need(t, "bc")
	rec := filepath.Join(t.TempDir(), "bc.cast")
	term := termtest.Spawn(t, []string{"bc", "-q"}, termtest.WithRecording(rec))
	term.WaitForReady()
	term.Submit("6*7")
	term.WaitForReady()
	live := term.Timeline()
	term.Close()

	cast, err := asciicast.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	kernels := 0
	for _, e := range cast.Events {
		if e.Kind == asciicast.Kernel {
			kernels++
		}
	}
	if kernels == 0 {
		t.Fatalf("no kernel events in the recording")
	}
	rep, err := recordings.Replay(cast, recordings.StopAt(cast.Duration()))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	replayed := rep.Run()
	if len(replayed) > len(live) {
		replayed = replayed[:len(live)] // what follows is Close hanging up bc
	}
	summary := func(trs []ready.Transition) string {
		var b strings.Builder
		for _, tr := range trs {
			if tr.State == ready.Exited {
				break
			}
			b.WriteString(string(tr.State) + " by " + string(tr.Signal) + ": " + tr.Reason + "\n")
		}
		return b.String()
	}
	if got, want := summary(replayed), summary(live); got != want {
		t.Errorf("replay decided\n%s\nlive decided\n%s", got, want)
	}
}

// A program caught working for a moment while its question is up is busy
// only while it works: the kernel is asked until it waits again, though
// nothing is drawn (Claude Code, caught in a moment's work with its
// approval question up, stayed busy for good). Here python3 works for a
// second in a signal handler inside input(); the test has the kernel
// observed while it does.
func TestWorkDuringQuestionEnds(t *testing.T) {
	t.Parallel()
	need(t, "python3")
	dir := t.TempDir()
	began, ended := filepath.Join(dir, "began"), filepath.Join(dir, "ended")
	const script = `
import signal, sys, time
def work(*_):
    open(sys.argv[1], "w").close()
    end = time.monotonic() + 1
    while time.monotonic() < end:
        pass
    open(sys.argv[2], "w").close()
signal.signal(signal.SIGALRM, work)
signal.setitimer(signal.ITIMER_REAL, 0.3)
print("said", input("Proceed? [y/N] "))
`
	term := termtest.Spawn(t, []string{"python3", "-c", script, began, ended})
	if tr := term.WaitForReady(); tr.State != ready.Question {
		t.Fatalf("first state %s (%s), want the question\n%s", tr.State, tr.Reason, term.Describe())
	}
	waitFile(t, began)
	termtest.AskKernel(term.Terminal)
	waitFile(t, ended)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	tr, err := term.WaitForReadyContext(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tr.State != ready.Question {
		t.Errorf("after the work %s by %s (%s), want the question again", tr.State, tr.Signal, tr.Reason)
	}
	busy := false
	for _, tr := range term.Timeline() {
		busy = busy || tr.State == ready.Busy && tr.Signal == ready.SignalKernel
	}
	if !busy {
		t.Errorf("the work was never seen: no busy by the kernel in the timeline\n%s", term.Describe())
	}
}

// waitFile waits up to 10 s for path to exist.
func waitFile(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not appear within 10 s", path)
		}
	}
}

// A program that draws a prompt and then works without drawing (a sleep)
// looks ready to the screen: only the kernel's looks say it works. The
// looks made while nothing waits (spaced wider, kernel.go) must still say
// so before the screen's quiet window ends, and a wait begun after that
// window must not take the quiet prompt for ready: ready comes after the
// work, the order, not a time. Taking looks only while a wait runs fails
// here (the quiet prompt was ready before the wait began).
func TestQuietPromptWithWorkBehindIt(t *testing.T) {
	t.Parallel()
	done := filepath.Join(t.TempDir(), "done")
	term := termtest.Spawn(t, []string{"sh", "-c", "printf 'start\\n> '; sleep 1; : > " + done + "; printf '\\ndone\\n> '; read x"})
	term.ExpectScreen(expect.Contains("> "))
	time.Sleep(400 * time.Millisecond) // past the quiet window (150 ms), nothing waiting
	tr := term.WaitForReady()
	if _, err := os.Stat(done); err != nil {
		t.Fatalf("ready (%s: %s) while the program slept after its prompt\n%s", tr.Signal, tr.Reason, term.Snapshot())
	}
	wantReady(t, term, tr)
}
