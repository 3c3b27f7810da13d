package termtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// logTB is a test whose failures and log lines are kept for the test
// that drives it, with its cleanups run when that test says.
type logTB struct {
	testing.TB
	name     string
	failed   bool
	mu       sync.Mutex
	cleanups []func()
	errs     []string
	logs     []string
}

func (c *logTB) Helper()      {}
func (c *logTB) Name() string { return c.name }
func (c *logTB) Failed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.failed
}
func (c *logTB) Cleanup(f func()) { c.cleanups = append(c.cleanups, f) }
func (c *logTB) Errorf(format string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.failed = true
	c.errs = append(c.errs, fmt.Sprintf(format, a...))
}
func (c *logTB) Logf(format string, a ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.logs = append(c.logs, fmt.Sprintf(format, a...))
}
func (c *logTB) runCleanups() {
	for i := len(c.cleanups) - 1; i >= 0; i-- {
		c.cleanups[i]()
	}
}

// fullDisk mounts a tmpfs of 64 KiB with free bytes left free, and
// unmounts it when the test ends; it skips the test where mounting is not
// permitted (not root, no tmpfs).
func fullDisk(t *testing.T, free int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k"); err != nil {
		t.Skipf("a small file system needs mount(2): %v", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) })
	if err := os.WriteFile(filepath.Join(dir, "filler"), make([]byte, 64<<10-free), 0o600); err != nil {
		t.Fatalf("filling %s: %v", dir, err)
	}
	return dir
}

// flood prints n bytes and then "done": more than a full disk holds.
func flood(n int) []string {
	return []string{"sh", "-c", fmt.Sprintf("head -c %d /dev/zero | tr '\\0' x; echo; echo done; sleep 300", n)}
}

// A recording asked for with WithRecording that a full disk cut short
// fails the test, naming the file and the error (issue 24: the test
// passed with a truncated recording and no word).
func TestRecordingOnFullDiskFailsTheTest(t *testing.T) {
	path := filepath.Join(fullDisk(t, 8<<10), "session.cast")
	tb := &logTB{TB: t, name: "TestFull"}
	// A minute: a bound, not a speed (10 s ran out at load 35 under -race).
	term := termtest.Spawn(tb, flood(100_000), termtest.WithRecording(path), termtest.WithTimeout(time.Minute))
	term.ExpectScreen(expect.Contains("done"))
	tb.runCleanups()
	if len(tb.errs) != 1 || !strings.Contains(tb.errs[0], path) || !strings.Contains(tb.errs[0], "no space left on device") {
		t.Fatalf("test failures %q, want one naming %s and the full disk", tb.errs, path)
	}
}

// A failed test's recording that does not fit in the failures folder is
// not left there cut short: nothing is at the kept path, and the log names
// the temporary file, which holds the whole recording (issue 24: a
// truncated copy sat at the kept path while the log said it stayed in the
// temporary directory).
func TestKeptRecordingOnFullDisk(t *testing.T) {
	dir := fullDisk(t, 8<<10)
	t.Setenv(termtest.FailureDirEnv, dir)
	t.Setenv("TMPDIR", t.TempDir())
	tb := &logTB{TB: t, name: "TestKeptFull", failed: true}
	term := termtest.Spawn(tb, flood(50_000))
	term.ExpectScreen(expect.Contains("done"))
	tmp := term.RecordingPath()
	tb.runCleanups()
	keep := filepath.Join(dir, "TestKeptFull.cast")
	if _, err := os.Lstat(keep); err == nil {
		t.Errorf("a cut-short copy is at %s", keep)
	}
	log := strings.Join(tb.logs, "\n")
	if !strings.Contains(log, "could not keep the recording at "+keep) || !strings.Contains(log, "no space left on device") || !strings.Contains(log, "it stays at "+tmp) {
		t.Errorf("the log does not say the recording stayed at %s:\n%s", tmp, log)
	}
	c, err := asciicast.ReadFile(tmp)
	if err != nil {
		t.Fatalf("the recording at %s: %v", tmp, err)
	}
	if out := fmt.Sprint(c.Events); !strings.Contains(out, "done") {
		t.Errorf("the recording at %s lacks the session's end", tmp)
	}
}

// A failed test's recording that fits while its pictures do not: the log
// says which picture could not be written, and no half-written one is
// left. (The recording is about 2 KB, the last screen's picture 5 KB, the
// trace page 22 KB: more than the 16 KB left.)
func TestFailurePicturesOnFullDisk(t *testing.T) {
	dir := fullDisk(t, 16<<10)
	t.Setenv(termtest.FailureDirEnv, dir)
	t.Setenv("TMPDIR", t.TempDir())
	tb := &logTB{TB: t, name: "TestPicturesFull", failed: true}
	term := termtest.Spawn(tb, []string{"sh", "-c", `i=0; while [ $i -lt 29 ]; do printf '\033[1;3%dm%s\033[0m\n' $((i % 7 + 1)) "row $i of many words to draw"; i=$((i+1)); done; echo done; sleep 300`})
	term.ExpectScreen(expect.Contains("done"))
	tb.runCleanups()
	keep := filepath.Join(dir, "TestPicturesFull.cast")
	if _, err := asciicast.ReadFile(keep); err != nil {
		t.Fatalf("the recording, small enough to keep: %v\n%s", err, strings.Join(tb.logs, "\n"))
	}
	log := strings.Join(tb.logs, "\n")
	svg, page := strings.TrimSuffix(keep, ".cast")+".svg", strings.TrimSuffix(keep, ".cast")+".html"
	if !strings.Contains(log, "could not draw the failed session") || !strings.Contains(log, "no space left on device") ||
		!strings.Contains(log, svg) && !strings.Contains(log, page) {
		t.Errorf("the log does not say which picture could not be written:\n%s", log)
	}
	if _, err := os.Lstat(page); err == nil {
		t.Errorf("a half-written %s is left", page)
	}
	if b, err := os.ReadFile(svg); err == nil && !strings.HasSuffix(string(b), "</svg>\n") {
		t.Errorf("a half-written %s is left", svg)
	}
}

// Every file a failed test leaves holds a screen or what was typed, so
// each is 0600, also over an older file of another mode (issue 24: the
// pictures and the trace page were 0644 beside a 0600 recording).
func TestFailureFilesArePrivate(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	base := filepath.Join(dir, "TestPrivate")
	files := []string{base + ".cast", base + ".svg", base + ".html"}
	for _, p := range files {
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tb := &logTB{TB: t, name: "TestPrivate", failed: true}
	term := termtest.Spawn(tb, bashArgv, bashEnv)
	term.Type("echo secret\n")
	term.ExpectScreen(expect.Contains("\nsecret\n"))
	tb.runCleanups()
	for _, p := range files {
		fi, err := os.Stat(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
		} else if fi.Mode().Perm() != 0o600 || fi.Size() <= 3 {
			t.Errorf("%s: mode %v, %d bytes; want 0600 and written anew", p, fi.Mode().Perm(), fi.Size())
		}
	}
}

// A test that passes removes what an earlier failing run of it left in
// the failures folder, and keeps what this run wrote (go test -count=2,
// whose first run failed).
func TestPassingTestRemovesStaleFailureFiles(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	sub := filepath.Join(dir, "TestStale")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	stale := []string{filepath.Join(sub, "case.cast"), filepath.Join(sub, "case.html")}
	for _, p := range stale {
		if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	fresh := filepath.Join(sub, "case.svg") // this run's: written after the test binary started
	if err := os.WriteFile(fresh, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}

	tb := &logTB{TB: t, name: "TestStale/case"}
	term := termtest.Spawn(tb, bashArgv, bashEnv)
	term.Type("echo fine\n")
	term.ExpectScreen(expect.Contains("\nfine\n"))
	tb.runCleanups()
	for _, p := range stale {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s from an earlier run is still there after the test passed", p)
		}
	}
	if _, err := os.Lstat(fresh); err != nil {
		t.Errorf("%s, written by this run, was removed: %v", fresh, err)
	}
}
