// Package procfs reads the small files of Linux's /proc that the kernel's
// view and Close's search for descendants look at many times a second.
package procfs

import (
	"os"

	"golang.org/x/sys/unix"
)

// Read reads a file of /proc whole with an open, reads to the end and a
// close. os.ReadFile adds two stats, a finalizer and the poller's
// bookkeeping; an observation reads several of these files for each
// thread of the foreground group after every event, and Close a few for
// each process it looks at.
func Read(path string) ([]byte, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer unix.Close(fd)
	b := make([]byte, 0, 1024)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow
		}
		n, err := unix.Read(fd, b[len(b):cap(b)])
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return b, nil
		}
		b = b[:len(b)+n]
	}
}
