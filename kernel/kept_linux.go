//go:build linux

package kernel

import (
	"fmt"
	"os"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/ttyrig/ttyrig/internal/procfs"
)

// kept holds the leader's own /proc files open between looks and reads
// them with pread: every look reads the leader's stat, children and
// system call, and, while it waits, its status and schedstat, and each
// open, read to the end and close was three or four system calls where
// one does (a look made about twenty). A file of /proc read from offset 0
// is made anew by the kernel at each read, so what is read is what a fresh
// open would read. One difference: once the leader is reaped its files
// fail to read (ESRCH), where its pid, opened again, could name a process
// given that pid since.
//
// Only these five files are kept, opened when first read, and all are
// closed by Close: a terminal holds at most five more descriptors.
type kept struct {
	mu     sync.Mutex
	names  map[string]bool // the paths kept
	fds    map[string]int  // those open
	closed bool
}

// keptBufs hold what a pread fills, shared by every terminal: a terminal
// keeps none of its own (100 idle ones would hold 400 KiB).
var keptBufs = sync.Pool{New: func() any { b := make([]byte, keptSize); return &b }}

// keptSize is the buffer one pread fills: the leader's status is about
// 1.5 KiB, the others under 200 bytes. A read that comes near filling it
// may have left a record out, and is read again whole (procfs.Read).
const (
	keptSize  = 4 << 10
	keptSlack = 256
)

// newKept returns the files of leader to keep.
func newKept(leader int) *kept {
	k := &kept{names: map[string]bool{}, fds: map[string]int{}}
	k.names[fmt.Sprintf("/proc/%d/stat", leader)] = true
	for _, f := range []string{"children", "syscall", "status", "schedstat"} {
		k.names[fmt.Sprintf("/proc/%d/task/%d/%s", leader, leader, f)] = true
	}
	return k
}

// read returns the contents of path, a /proc file: through its kept
// descriptor if path is one of the leader's kept files, else opened,
// read and closed (procfs.Read).
func (k *kept) read(path string) ([]byte, error) {
	if k == nil || !k.names[path] {
		return procfs.Read(path)
	}
	k.mu.Lock()
	if k.closed {
		k.mu.Unlock()
		return procfs.Read(path)
	}
	fd, ok := k.fds[path]
	if !ok {
		var err error
		if fd, err = unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0); err != nil {
			k.mu.Unlock()
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		k.fds[path] = fd
	}
	buf := keptBufs.Get().(*[]byte)
	defer keptBufs.Put(buf)
	b := *buf
	var n int
	var err error
	for {
		// Held across the read: Close never closes a descriptor being
		// read (its number could be another file's by then).
		if n, err = unix.Pread(fd, b, 0); err != unix.EINTR {
			break
		}
	}
	var out []byte
	if err == nil {
		out = append([]byte(nil), b[:max(n, 0)]...)
	}
	k.mu.Unlock()
	switch {
	case err != nil:
		return nil, &os.PathError{Op: "read", Path: path, Err: err}
	case n > len(b)-keptSlack:
		return procfs.Read(path) // maybe cut short: read it whole
	}
	return out, nil
}

// close closes the kept descriptors; reads after it open their files
// each time.
func (k *kept) close() {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.closed = true
	for path, fd := range k.fds {
		_ = unix.Close(fd)
		delete(k.fds, path)
	}
}
