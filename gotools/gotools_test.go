package gotools_test

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"gotest.tools/v3/assert"
	"gotest.tools/v3/assert/cmp"
	"gotest.tools/v3/fs"
	"gotest.tools/v3/golden"
	"gotest.tools/v3/icmd"
	"gotest.tools/v3/poll"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/gotools"
	"github.com/ttyrig/ttyrig/termtest"
)

// This package links termtest with gotest.tools' assert, poll, golden, fs
// and icmd: it starting at all is the first test (goldie in the same
// binary panics at init with "flag redefined: update").

func bash(t *testing.T, opts ...termtest.Option) *termtest.Term {
	t.Helper()
	opts = append([]termtest.Option{termtest.WithEnv("PS1=$ ", "HISTFILE="), termtest.WithSize(60, 10)}, opts...)
	return termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, opts...)
}

func TestPollAndAssert(t *testing.T) {
	t.Parallel()
	dir := fs.NewDir(t, "gotools", fs.WithFile("notes.txt", "kept\n"))
	term := bash(t, termtest.WithDir(dir.Path()))
	term.WaitForReady()
	term.Type("cat notes.txt\n")
	poll.WaitOn(t, gotools.Check(term, expect.Contains("\nkept\n$ ")), poll.WithTimeout(5*time.Second), poll.WithDelay(10*time.Millisecond))
	assert.Assert(t, gotools.Compare(term, expect.Line(-1).Equals("$ ")))

	// The same command outside a terminal, by icmd, prints what the
	// terminal showed.
	res := icmd.RunCmd(icmd.Command("cat", "notes.txt"), icmd.Dir(dir.Path()))
	res.Assert(t, icmd.Expected{Out: "kept"})
	assert.Assert(t, cmp.Contains(term.Snapshot().Text(), strings.TrimSpace(res.Stdout())))
}

// fakeT records a poll failure instead of failing the test.
type fakeT struct{ msg string }

func (f *fakeT) Log(...interface{})          {}
func (f *fakeT) Logf(string, ...interface{}) {}
func (f *fakeT) Fatalf(format string, args ...interface{}) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit() // as testing.T does: WaitOn must not go on
}
func (f *fakeT) String() string { return f.msg }

func TestCheckStopsWhenTheProgramExits(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "echo bye; sleep 0.2"})
	start := time.Now()
	ft := &fakeT{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		poll.WaitOn(ft, gotools.Check(term, expect.Contains("never")), poll.WithTimeout(10*time.Second))
	}()
	<-done
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("poll gave up after %v; the program exited after 200ms", d)
	}
	assert.Assert(t, cmp.Contains(ft.String(), `the screen contains "never"`))
	assert.Assert(t, cmp.Contains(ft.String(), "(exited with status 0)"))
	assert.Assert(t, cmp.Contains(ft.String(), "  1 │bye"))
}

func TestCompareFailureCarriesTheReport(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "echo hello; sleep 30"})
	term.ExpectScreen(expect.Contains("hello"))
	res := gotools.Compare(term, expect.Contains("absent"))()
	assert.Assert(t, !res.Success())
	msg := res.(interface{ FailureMessage() string }).FailureMessage()
	for _, want := range []string{`the screen contains "absent"`, "  1 │hello", "readiness timeline:"} {
		assert.Assert(t, cmp.Contains(msg, want))
	}
}

// One -update flag serves both: gotest.tools' golden files and termtest's
// golden screens are written by the same run.
func TestOneUpdateFlag(t *testing.T) {
	if f := flag.Lookup("update"); f == nil {
		t.Fatal("no -update flag registered")
	}
	if golden.FlagUpdate() {
		t.Skip("running with -update: the test sets the flag itself")
	}
	t.Chdir(t.TempDir())
	assert.NilError(t, os.Mkdir("testdata", 0o755))
	assert.NilError(t, os.WriteFile("testdata/unrelated.txt", []byte("mine\n"), 0o644))
	assert.NilError(t, flag.Set("update", "true"))
	t.Cleanup(func() { _ = flag.Set("update", "false") })
	assert.Assert(t, golden.FlagUpdate())

	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "echo screen; sleep 30"}, termtest.WithSize(20, 3))
	term.ExpectScreen(expect.Contains("screen"))
	term.ExpectScreen(termtest.Golden(t, ""))
	golden.Assert(t, term.Snapshot().Text(), "text.golden") // gotest.tools writes its file too

	got, err := os.ReadFile("testdata/TestOneUpdateFlag.golden")
	assert.NilError(t, err)
	assert.Equal(t, string(got), "screen 20x3, cursor 2,1 (visible)\n  1 │screen\n  2 │\n    │^ cursor\n")
	text, err := os.ReadFile("testdata/text.golden")
	assert.NilError(t, err)
	assert.Equal(t, string(text), "screen\n")
	mine, err := os.ReadFile("testdata/unrelated.txt")
	assert.NilError(t, err)
	assert.Equal(t, string(mine), "mine\n")
}

// A golden screen checked in: gotest.tools tests use termtest's goldens
// like any other, and go test -update rewrites them.
func TestGoldenScreen(t *testing.T) {
	t.Parallel()
	term := bash(t, termtest.WithSize(40, 4))
	term.WaitForReady()
	term.Type("printf '\\033[1mbold\\033[m plain\\n'\n")
	term.ExpectScreen(expect.Contains("bold plain\n$ "))
	term.ExpectScreen(termtest.Golden(t, ""))
}

// TestGoldenChild is run by TestUpdateFromTheCommandLine in a child test
// binary given -update on its command line.
func TestGoldenChild(t *testing.T) {
	dir := os.Getenv("TTYRIG_GOTOOLS_CHILD")
	if dir == "" {
		t.Skip("run by TestUpdateFromTheCommandLine")
	}
	t.Chdir(dir)
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "echo from the child; sleep 30"}, termtest.WithSize(24, 3))
	term.ExpectScreen(expect.Contains("from the child"))
	term.ExpectScreen(termtest.Golden(t, "screen"))
	golden.Assert(t, term.Snapshot().Line(1)+"\n", "line.golden")
}

// `go test -update` as a user types it: the one flag on the command line
// updates termtest's golden screen and gotest.tools' golden file, and
// leaves everything else in testdata/ alone.
func TestUpdateFromTheCommandLine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	assert.NilError(t, os.MkdirAll(filepath.Join(dir, "testdata", "failures"), 0o755))
	keep := map[string]string{"testdata/other.golden": "other\n", "testdata/failures/old.cast": "cast\n", "testdata/notes.txt": "mine\n"}
	for p, s := range keep {
		assert.NilError(t, os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644))
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestGoldenChild$", "-update")
	cmd.Env = append(os.Environ(), "TTYRIG_GOTOOLS_CHILD="+dir)
	out, err := cmd.CombinedOutput()
	assert.NilError(t, err, string(out))

	screenGolden, err := os.ReadFile(filepath.Join(dir, "testdata", "TestGoldenChild-screen.golden"))
	assert.NilError(t, err, string(out))
	assert.Equal(t, string(screenGolden), "screen 24x3, cursor 2,1 (visible)\n  1 │from the child\n  2 │\n    │^ cursor\n")
	line, err := os.ReadFile(filepath.Join(dir, "testdata", "line.golden"))
	assert.NilError(t, err)
	assert.Equal(t, string(line), "from the child\n")
	for p, s := range keep {
		b, err := os.ReadFile(filepath.Join(dir, p))
		assert.NilError(t, err)
		assert.Equal(t, string(b), s, p)
	}
}
