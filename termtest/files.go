package termtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// writePrivate writes data to path, readable by its owner only: every file
// termtest writes holds a screen or what was typed (a recording, a
// picture, a trace page, a golden). The mode is set also over an older
// file of another mode. A write that fails leaves no file behind (a
// truncated picture or recording at a path a log names would be read as
// the whole), and its error names the path.
func writePrivate(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err // an *fs.PathError: it names the path
	}
	// Only a regular file is made private or removed: a path may name a
	// device (/dev/null, /dev/full) that is not ours to change.
	fi, err := f.Stat()
	regular := err == nil && fi.Mode().IsRegular()
	if regular {
		err = f.Chmod(0o600)
	}
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil && regular {
		err = f.Sync() // where the file system reports a full disk only now
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if regular {
			_ = os.Remove(path)
		}
		var pe *os.PathError
		if !errors.As(err, &pe) {
			err = fmt.Errorf("writing %s: %w", path, err)
		}
		return err
	}
	return nil
}

// removeFailureFiles removes what an earlier failing run of a test left at
// keep (its recording, the last screen's picture and its trace page) once
// the test passes, so testdata/failures holds only what failed last.
// Folders stay, even empty: a test failing in parallel may be about to
// write into one.
func removeFailureFiles(keep string) {
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
