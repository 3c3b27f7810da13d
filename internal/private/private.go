// Package private writes the files ttyrig makes that hold a screen or what
// was typed (recordings' copies, pictures, trace pages, goldens): readable
// by their owner only, and never left half-written.
package private

import (
	"errors"
	"fmt"
	"os"
)

// WriteFile writes data to path with mode 0600, set also over an older file
// of another mode. A write that fails (a full disk) leaves no file behind:
// a truncated picture or recording at a path a log names would be read as
// the whole. Its error names the path. A path that names a device
// (/dev/null, /dev/stdout, /dev/full) is written to but never chmodded or
// removed: it is not ours to change.
func WriteFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err // an *fs.PathError: it names the path
	}
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
