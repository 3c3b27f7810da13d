package termtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// A recorded session holds output, input, resize and exit, and replaying
// its output bytes draws the screen the live session ended with.
func TestRecordingOfBashSession(t *testing.T) {
	t.Parallel()
	for _, version := range []int{2, 3} {
		t.Run("v"+string(rune('0'+version)), func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "bash.cast")
			term := spawnBash(t, termtest.WithRecording(path), termtest.WithRecordingVersion(version), termtest.WithSize(80, 24))
			term.Type("echo recorded ✳ '<&>'\n")
			term.ExpectScreen(expect.Contains("\nrecorded ✳ <&>\n"))
			term.Resize(90, 25)
			term.Type("exit 4\n")
			if code := term.WaitExit(); code != 4 {
				t.Fatalf("exit status %d, want 4", code)
			}
			live := term.Snapshot().Text()
			term.Close()

			c, err := asciicast.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			wantHeader := asciicast.Header{
				Version: version, Width: 80, Height: 24, Term: "xterm-256color",
				Command: "bash --norc --noprofile", Title: t.Name(),
			}
			gotHeader := c.Header
			gotHeader.Timestamp, gotHeader.Env = time.Time{}, nil
			if d := cmp.Diff(wantHeader, gotHeader); d != "" {
				t.Errorf("header (-want +got):\n%s", d)
			}
			if c.Header.Timestamp.IsZero() {
				t.Errorf("header has no timestamp")
			}

			kinds := map[asciicast.EventKind]int{}
			var inputs string
			for _, e := range c.Events {
				kinds[e.Kind]++
				if e.Kind == asciicast.Input {
					inputs += e.Data
				}
				if e.Kind == asciicast.Resize && (e.Cols != 90 || e.Rows != 25) {
					t.Errorf("resize to %dx%d, want 90x25", e.Cols, e.Rows)
				}
			}
			if kinds[asciicast.Output] == 0 || kinds[asciicast.Resize] != 1 {
				t.Errorf("events by kind %v, want output and one resize", kinds)
			}
			if want := "echo recorded ✳ '<&>'\rexit 4\r"; inputs != want {
				t.Errorf("recorded input %q, want %q", inputs, want)
			}
			if code, ok := c.ExitCode(); !ok || code != 4 {
				t.Errorf("recorded exit %d, %v; want 4", code, ok)
			}
			if version == 3 && kinds[asciicast.Exit] != 1 {
				t.Errorf("v3 recording has %d exit events, want 1", kinds[asciicast.Exit])
			}

			s := screen.New(c.Header.Width, c.Header.Height)
			defer s.Close()
			start := time.Unix(0, 0)
			for _, e := range c.Events {
				switch e.Kind {
				case asciicast.Output:
					s.WriteAt(start.Add(e.Time), []byte(e.Data))
				case asciicast.Resize:
					s.Resize(e.Cols, e.Rows)
				}
			}
			if d := cmp.Diff(live, s.Snapshot().Text()); d != "" {
				t.Errorf("replayed screen differs from the live one (-live +replayed):\n%s", d)
			}
		})
	}
}

// failedTB is a test that has failed, whose cleanups run when the test
// says so: what Spawn sees at the end of a failing test.
type failedTB struct {
	testing.TB
	name     string
	failed   bool
	cleanups []func()
	logs     []string
}

func (c *failedTB) Helper()          {}
func (c *failedTB) Failed() bool     { return c.failed }
func (c *failedTB) Name() string     { return c.name }
func (c *failedTB) Cleanup(f func()) { c.cleanups = append(c.cleanups, f) }
func (c *failedTB) Logf(format string, a ...any) {
	c.logs = append(c.logs, strings.TrimSpace(format))
}
func (c *failedTB) runCleanups() {
	for i := len(c.cleanups) - 1; i >= 0; i-- {
		c.cleanups[i]()
	}
}

func TestFailedTestKeepsItsRecording(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	tb := &failedTB{TB: t, name: "TestSomething/case_1", failed: true}
	first := termtest.Spawn(tb, bashArgv, bashEnv)
	first.Type("echo kept\n")
	first.ExpectScreen(expect.Contains("\nkept\n"))
	second := termtest.Spawn(tb, bashArgv, bashEnv)
	second.Type("echo second\n")
	second.ExpectScreen(expect.Contains("\nsecond\n"))

	want := filepath.Join(dir, "TestSomething", "case_1.cast")
	wantSecond := filepath.Join(dir, "TestSomething", "case_1~2.cast")
	for term, path := range map[*termtest.Term]string{first: want, second: wantSecond} {
		note := "recording: " + path + " (kept because the test failed)\n"
		if d := term.Describe(); !strings.Contains(d, note) {
			t.Errorf("the report does not say %q:\n%s", note, d)
		}
	}
	tb.runCleanups()

	for path, text := range map[string]string{want: "kept", wantSecond: "second"} {
		c, err := asciicast.ReadFile(path)
		if err != nil {
			t.Fatalf("recording of the failed test: %v", err)
		}
		var out string
		for _, e := range c.Events {
			out += e.Data
		}
		if !strings.Contains(out, text) {
			t.Errorf("%s lacks the session's output %q: %q", path, text, out)
		}
		if c.Header.Title != tb.name {
			t.Errorf("%s has title %q, want the test's name %q", path, c.Header.Title, tb.name)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v (%v), want 0600: recordings hold what was typed", path, fi.Mode(), err)
		}
	}
	// Each recording with its picture and trace page (picture_test.go).
	if entries, _ := os.ReadDir(filepath.Join(dir, "TestSomething")); len(entries) != 6 {
		t.Errorf("failure dir holds %d files, want 6", len(entries))
	}
	if len(tb.logs) != 4 || !strings.Contains(tb.logs[0], "kept at") {
		t.Errorf("test log %q does not say where the recordings were kept", tb.logs)
	}
}

// Without TTYRIG_FAILURE_DIR a failed test's recording goes to
// testdata/failures in the package directory, the working directory of
// go test.
func TestFailureRecordingDefaultsToTestdata(t *testing.T) {
	t.Setenv(termtest.FailureDirEnv, "")
	tb := &failedTB{TB: t, name: "TestDefaultPlace/" + filepath.Base(t.TempDir()), failed: true}
	term := termtest.Spawn(tb, bashArgv, bashEnv)
	want := filepath.Join("testdata", "failures", tb.name+".cast")
	t.Cleanup(func() {
		_ = os.Remove(want)
		_ = os.Remove(strings.TrimSuffix(want, ".cast") + ".svg")
		_ = os.Remove(strings.TrimSuffix(want, ".cast") + ".html")
		_ = os.Remove(filepath.Dir(want))
		_ = os.Remove(filepath.Join("testdata", "failures")) // only if empty
	})
	if d := term.Describe(); !strings.Contains(d, "recording: "+want+" (kept because the test failed)") {
		t.Errorf("the report does not name %s:\n%s", want, d)
	}
	tb.runCleanups()
	if _, err := asciicast.ReadFile(want); err != nil {
		t.Errorf("recording of the failed test: %v", err)
	}
}

// A passing test leaves no recording behind, neither in the failure
// directory nor in the temporary one.
func TestPassingTestDropsItsRecording(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	tmpDir := t.TempDir()
	t.Setenv("TMPDIR", tmpDir) // where Spawn's temporary recording goes
	tb := &failedTB{TB: t, name: "TestPasses"}
	term := termtest.Spawn(tb, bashArgv, bashEnv)
	term.Type("echo fine\n")
	term.ExpectScreen(expect.Contains("\nfine\n"))
	if entries, _ := os.ReadDir(tmpDir); len(entries) != 1 {
		t.Errorf("%d temporary recordings while the test runs, want 1", len(entries))
	}
	// Until the cleanup, the closed session's recording can be read.
	path := term.RecordingPath()
	term.Close()
	if c, err := asciicast.ReadFile(path); err != nil {
		t.Errorf("recording at RecordingPath after Close: %v", err)
	} else if !strings.Contains(fmt.Sprint(c.Events), "fine") {
		t.Errorf("recording at RecordingPath %s lacks the session's output", path)
	}
	tb.runCleanups()
	for _, d := range []string{dir, tmpDir} {
		if entries, _ := os.ReadDir(d); len(entries) != 0 {
			t.Errorf("%s holds %v after a passing test, want nothing", d, entries)
		}
	}
}

// A recording asked for with WithRecording is kept whatever the outcome.
func TestWithRecordingIsAlwaysKept(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	path := filepath.Join(t.TempDir(), "sub", "asked.cast")
	tb := &failedTB{TB: t, name: "TestAsked"}
	term := termtest.Spawn(tb, bashArgv, bashEnv, termtest.WithRecording(path))
	term.Type("echo asked\n")
	term.ExpectScreen(expect.Contains("\nasked\n"))
	if d := term.Describe(); !strings.Contains(d, "recording: "+path+"\n") {
		t.Errorf("the report does not name %s:\n%s", path, d)
	}
	tb.runCleanups()
	if _, err := asciicast.ReadFile(path); err != nil {
		t.Errorf("recording: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failure dir holds %v, want nothing", entries)
	}
}
