package termtest_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// A program that exits while a wait is pending fails the wait at once,
// with the exit status and the final screen, not at the timeout.
func TestExitFailsPendingWaitAtOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	term, err := termtest.Start(ctx, []string{"bash", "--norc", "--noprofile", "-c", "echo bye; sleep 0.3; exit 7"},
		termtest.WithTimeout(60*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	start := time.Now()
	err = expect.Wait(ctx, term, expect.Contains("never shown"))
	waited := time.Since(start)
	if !errors.Is(err, expect.ErrDone) {
		t.Fatalf("err = %v, want expect.ErrDone", err)
	}
	// After the exit (the order), and far from the timeout, with room for
	// a loaded machine. (Its sleep may have begun before Start returned,
	// so no lower bound is measured from here.)
	if _, exited := term.ExitCode(); !exited {
		t.Errorf("the wait failed before the program exited: %v", err)
	}
	if waited > 15*time.Second {
		t.Errorf("the wait failed after %v; the program exited after about 300ms (timeout 60s)", waited)
	}
	for _, want := range []string{"the program exited with status 7", `the screen does not contain "never shown"`, "  1 │bye"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q:\n%v", want, err)
		}
	}
	// The final screen still satisfies what it shows.
	if err := expect.Wait(ctx, term, expect.Line(1).Equals("bye")); err != nil {
		t.Error(err)
	}
}

func TestNotWaitsUntilGone(t *testing.T) {
	t.Parallel()
	// The error goes away when a line is typed, not after a sleep that a
	// loaded machine could oversleep before the first ExpectScreen looks.
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c",
		`stty -echo; printf 'working: error 1'; read x; sleep 0.2; printf '\r\033[2Kall done'; sleep 30`})
	term.ExpectScreen(expect.Contains("error"))
	term.Type("\n")
	term.ExpectScreen(expect.Not(expect.Contains("error")))
	term.ExpectScreen(expect.Row(1).Equals("all done"))
	term.ExpectScreen(expect.Region(1, 5, 1, 8).Equals("done"))
}

// fatalTB records a Fatalf instead of failing the test; like the real one,
// Fatalf ends the calling goroutine.
type fatalTB struct {
	testing.TB
	mu  sync.Mutex
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.mu.Lock()
	f.msg = fmt.Sprintf(format, args...)
	f.mu.Unlock()
	runtime.Goexit()
}

func (f *fatalTB) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

// fatalMessage runs body with a fatalTB and returns what it failed with; it
// fails t if body did not fail.
func fatalMessage(t *testing.T, body func(tb testing.TB)) string {
	t.Helper()
	tb := &fatalTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		body(tb)
	}()
	<-done
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.msg == "" {
		t.Fatal("the assertion did not fail")
	}
	return tb.msg
}

func TestFailureOutput(t *testing.T) {
	t.Parallel()
	start := time.Now()
	msg := fatalMessage(t, func(tb testing.TB) {
		term := termtest.Spawn(tb, []string{"bash", "--norc", "--noprofile", "-c", `printf 'hello \033[31mred\033[m'; sleep 30`},
			termtest.WithTimeout(2*time.Second)) // long enough for bash to print on a loaded machine
		term.ExpectScreen(expect.Contains("nope"))
	})
	if d := time.Since(start); d > 12*time.Second {
		t.Errorf("took %v with a 2s timeout", d)
	}
	for _, want := range []string{
		`expect: timed out after 2`,                 // how long it waited
		`waiting until: the screen contains "nope"`, // what was expected
		`last check: the screen does not contain "nope"`,
		"program: bash --norc --noprofile -c", // which program, and that it runs
		"(running)",
		"  1 │hello red\n    │         ^ cursor",    // the screen, cursor marked
		`bytes received: "hello \x1b[31mred\x1b[m"`, // escaped
		"readiness timeline:",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("failure message lacks %q:\n%s", want, msg)
		}
	}
}
