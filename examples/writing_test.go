package examples

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// The tests in this file are the snippets of docs/WRITING-TESTS.md, word
// for word (TestDocSnippets checks it).

func TestFirst(t *testing.T) {
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
	term.Submit("echo hello")
	term.ExpectScreen(expect.Contains("hello\n$ "))
}

func TestInterrupt(t *testing.T) {
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
	term.Submit(`python3 -c 'import time; print("busy".upper()); time.sleep(60)'`)
	term.ExpectScreen(expect.Contains("BUSY")) // the command runs, in the terminal's foreground
	term.NoWait().Press(termtest.Ctrl('c'))    // interrupt it
	term.ExpectScreen(expect.Contains("KeyboardInterrupt"))
}

func TestPromptLeftBehind(t *testing.T) {
	term := termtest.Spawn(t, []string{"sh", "-c", `printf 'choose> '; read a; echo "took $a"; sleep 30`})
	term.Submit("b")
	term.ExpectScreen(expect.Contains("choose> b\ntook b"))
	term.ExpectScreen(expect.Row(1).Contains("choose> ")) // the space is a blank cell: it matches
}

func TestErrorForm(t *testing.T) {
	term := termtest.Spawn(t, []string{"python3", "-q"}, termtest.WithEnv("PYTHONSTARTUP="))
	term.Submit("print('ok')")
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	err := term.ExpectScreenContext(ctx, expect.Contains("Traceback"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("python3 printed a traceback, or ended: %v", err)
	}
}
