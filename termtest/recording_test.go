package termtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// A recorded session holds output, input, resize and exit, and replaying
// its output bytes draws the screen the live session ended with.
func TestRecordingOfBashSession(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "bash.cast")
	term := spawnBash(t, termtest.WithRecording(path), termtest.WithSize(80, 24))
	term.Type("echo recorded ✳\n")
	term.ExpectScreen().ToContain("\nrecorded ✳\n")
	term.Resize(90, 25)
	term.Type("exit 4\n")
	if code := term.Wait(); code != 4 {
		t.Fatalf("exit status %d, want 4", code)
	}
	live := term.Screen().Text()
	term.Close()

	c, err := recordings.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Header.Width != 80 || c.Header.Height != 24 || !strings.Contains(c.Header.Command, "bash") {
		t.Errorf("header %+v", c.Header)
	}
	kinds := map[recordings.EventKind]int{}
	var inputs string
	for _, e := range c.Events {
		kinds[e.Kind]++
		if e.Kind == recordings.Input {
			inputs += e.Data
		}
	}
	if kinds[recordings.Output] == 0 || kinds[recordings.Resize] != 1 || !strings.Contains(inputs, "echo recorded ✳\r") {
		t.Errorf("events by kind %v, inputs %q", kinds, inputs)
	}
	if code, ok := c.ExitCode(); !ok || code != 4 {
		t.Errorf("recorded exit %d, %v; want 4", code, ok)
	}

	s := screen.New(c.Header.Width, c.Header.Height)
	defer s.Close()
	start := time.Unix(0, 0)
	for _, e := range c.Events {
		switch e.Kind {
		case recordings.Output:
			s.WriteAt(start.Add(e.Time), []byte(e.Data))
		case recordings.Resize:
			s.Resize(e.Cols, e.Rows)
		}
	}
	if got := s.Snapshot().Text(); got != live {
		t.Errorf("replayed screen:\n%s\nlive screen:\n%s", got, live)
	}
}

// cleanupTB is a failed test whose cleanups run when the test says so.
type cleanupTB struct {
	testing.TB
	cleanups []func()
	logs     []string
}

func (c *cleanupTB) Helper()                      {}
func (c *cleanupTB) Failed() bool                 { return true }
func (c *cleanupTB) Name() string                 { return "TestSomething/case_1" }
func (c *cleanupTB) Cleanup(f func())             { c.cleanups = append(c.cleanups, f) }
func (c *cleanupTB) Logf(format string, a ...any) { c.logs = append(c.logs, format) }
func (c *cleanupTB) runCleanups() {
	for i := len(c.cleanups) - 1; i >= 0; i-- {
		c.cleanups[i]()
	}
}

func TestFailedTestKeepsItsRecording(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	tb := &cleanupTB{TB: t}
	term := termtest.Spawn(tb, bashArgv, bashEnv)
	term.Type("echo kept\n")
	term.ExpectScreen().ToContain("\nkept\n")
	want := filepath.Join(dir, "TestSomething__case_1.cast")
	if d := term.Terminal().Describe(); !strings.Contains(d, "recording: "+want+" (kept if the test fails)") {
		t.Errorf("the report does not say where the recording goes:\n%s", d)
	}
	tb.runCleanups()
	c, err := recordings.ReadFile(want)
	if err != nil {
		t.Fatalf("recording of the failed test: %v", err)
	}
	var out string
	for _, e := range c.Events {
		out += e.Data
	}
	if !strings.Contains(out, "kept") {
		t.Errorf("recording lacks the session's output: %q", out)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("failure dir holds %d files, want 1", len(entries))
	}
}
