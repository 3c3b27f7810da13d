package termtest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/ttyrig/ttyrig/internal/private"
)

// writePrivate writes a file that holds a screen or what was typed: 0600,
// never left half-written, its error naming the path.
func writePrivate(path string, data []byte) error { return private.WriteFile(path, data) }

// removeFailureFiles removes what an earlier failing run of a test left at
// keep (its recording, the last screen's picture and its trace page) once
// the test passes, so testdata/failures holds only what failed last.
// Folders stay, even empty: a test failing in parallel may be about to
// write into one.
func removeFailureFiles(keep string) {
	// Their folder, looked at once, is missing in most runs (no test of
	// it ever failed): three looks a passing test for nothing.
	if _, err := os.Lstat(filepath.Dir(keep)); errors.Is(err, fs.ErrNotExist) {
		return
	}
	svg, page := pictureFiles(keep)
	for _, p := range []string{keep, svg, page} {
		removeStale(p)
	}
}

// processStart is when this test binary started: a failure file older than
// it is from an earlier run. One written since is this run's (go test
// -count=2, whose first run failed) and stays for its log line.
var processStart = time.Now()

// removeStale removes the file at path if an earlier run wrote it.
func removeStale(path string) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.ModTime().Before(processStart) {
		_ = os.Remove(path)
	}
}

// failureDir is where failed tests' files go: testdata/failures in the
// test's package directory, or $TTYRIG_FAILURE_DIR.
func failureDir() string {
	if dir := os.Getenv(FailureDirEnv); dir != "" {
		return dir
	}
	return filepath.Join("testdata", "failures")
}

// gitNote is said once a test binary, with the first kept failure: the
// folder is for the person reading the failure, not for the repository.
var gitNote sync.Once

// gitHint returns, the first time only, what to tell the user about the
// failures folder and git, to end the log line of a kept failure.
func gitHint() (hint string) {
	gitNote.Do(func() {
		hint = fmt.Sprintf(" (%s holds the files of failed tests; a test that passes removes its own: add it to .gitignore)", failureDir())
	})
	return hint
}
