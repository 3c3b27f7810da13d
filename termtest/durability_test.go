package termtest_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// endingEnv tells TestRecordingEndsHelper, run in a child test binary, how
// its process is to end.
const endingEnv = "TTYRIG_TEST_ENDING"

// TestRecordingEndsHelper is the test a child process runs for
// TestRecordingSurvivesTheEnd: it spawns a program, talks to it, and then
// ends the way endingEnv says. Run directly it does nothing.
func TestRecordingEndsHelper(t *testing.T) {
	ending := os.Getenv(endingEnv)
	if ending == "" {
		return
	}
	term := termtest.Spawn(t, []string{"sh", "-c", `printf 'hello\n'; read line; printf 'got %s\n' "$line"; sleep 30`})
	term.ExpectScreen(expect.Contains("hello"))
	term.Type("typed\n")
	term.ExpectScreen(expect.Contains("got typed"))
	switch ending {
	case "exit":
		os.Exit(3)
	case "panic":
		panic("the test panics")
	case "timeout":
		time.Sleep(time.Minute) // -test.timeout ends the process
	case "fatal":
		t.Fatal("the test fails")
	}
}

// Whatever ends a test, the recording of its session holds everything up
// to the end: os.Exit and a -timeout kill the process before any cleanup
// runs, so the temporary recording must already be complete on disk; a
// panic or a failure runs cleanups, which keep the recording with the
// failures.
func TestRecordingSurvivesTheEnd(t *testing.T) {
	t.Parallel()
	if os.Getenv(endingEnv) != "" {
		t.Skip("running as the child")
	}
	for _, ending := range []string{"exit", "panic", "timeout", "fatal"} {
		t.Run(ending, func(t *testing.T) {
			t.Parallel()
			tmp, failures := t.TempDir(), t.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestRecordingEndsHelper$", "-test.timeout=10s", "-test.v")
			cmd.Env = append(os.Environ(), endingEnv+"="+ending, "TMPDIR="+tmp, termtest.FailureDirEnv+"="+failures)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the child test passed; it should have ended by %s:\n%s", ending, out)
			}
			kept, _ := filepath.Glob(filepath.Join(failures, "*.cast"))
			left, _ := filepath.Glob(filepath.Join(tmp, "ttyrig-TestRecordingEndsHelper-*.cast"))
			var path string
			switch ending {
			case "timeout":
				// Shortly before the timeout's panic the watch moved the
				// recording, still being written, to the failures and
				// printed the terminal's state.
				if len(kept) != 1 || len(left) != 0 {
					t.Fatalf("kept %q, left %q; want one kept; the child said:\n%s", kept, left, out)
				}
				path = kept[0]
				for _, want := range []string{"TestRecordingEndsHelper is about to be ended by go test -timeout", "got typed", "recording: " + path} {
					if !strings.Contains(string(out), want) {
						t.Errorf("the child's output lacks %q:\n%s", want, out)
					}
				}
			case "panic", "fatal":
				// Cleanups ran: the failed test keeps its recording.
				if len(kept) != 1 {
					t.Fatalf("kept recordings %q in %s, want one; the child said:\n%s", kept, failures, out)
				}
				path = kept[0]
			default:
				// Nothing ran after the end: the temporary recording stays
				// where it was written.
				if len(left) != 1 {
					t.Fatalf("recordings left %q in %s, want one; the child said:\n%s", left, tmp, out)
				}
				path = left[0]
			}
			c, err := asciicast.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var output, input strings.Builder
			for _, e := range c.Events {
				switch e.Kind {
				case asciicast.Output:
					output.WriteString(e.Data)
				case asciicast.Input:
					input.WriteString(e.Data)
				}
			}
			if !strings.Contains(output.String(), "got typed") || input.String() != "typed\r" {
				t.Errorf("the recording lacks the end of the session: output %q, input %q", output.String(), input.String())
			}
		})
	}
}
