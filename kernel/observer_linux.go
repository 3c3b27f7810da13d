//go:build linux

package kernel

import (
	"fmt"
	"os"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// Observer observes one PTY from its master side. It keeps no file of its
// own open between observations: holding the terminal's slave open would
// keep the master from seeing the program hang up. Nothing in it changes
// after Open but what the last observation counted (View.Still), so
// observations may run at the same time (termtest's loop and a Submit
// deciding whether its line was taken).
type Observer struct {
	master syscall.RawConn
	leader int    // the spawned program's pid: its session's processes descend from it
	tty    string // the slave's path, as /proc/<pid>/fd links name it
	calls  *syscalls
	// exact: only tty is the terminal, not /dev/tty (a process outside
	// the session, a relay, names its own controlling terminal so).
	exact bool
	relay relaySearch // relay_linux.go
	cpu   cpuClock    // View.CPU: the group's CPU time between two looks
	peers peers       // unix sockets' peers, for self-socketpairs (selfsocket_linux.go)

	mu   sync.Mutex
	runs uint64 // the last observation's count of runs (look.runs)
	ran  bool   // runs is valid: the last observation found the group waiting on its own
}

// Open prepares observations of the PTY whose master is f, in which leader
// (a process id) was started as session leader. f is not closed by the
// Observer and may be non-blocking.
func Open(master *os.File, leader int) (*Observer, error) {
	if table == nil {
		return nil, ErrUnsupported
	}
	raw, err := master.SyscallConn()
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	o := &Observer{master: raw, leader: leader, calls: table}
	var n uint32
	var ierr error
	if err := raw.Control(func(fd uintptr) { n, ierr = unix.IoctlGetUint32(int(fd), unix.TIOCGPTN) }); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	if ierr != nil {
		return nil, fmt.Errorf("kernel: %s is not a PTY master (TIOCGPTN: %w)", master.Name(), ierr)
	}
	o.tty = fmt.Sprintf("/dev/pts/%d", n)
	return o, nil
}

// Observe asks the kernel about the terminal now. The input queue is read
// first, then what the foreground group waits for, then the output queue.
// Input read as consumed before the group is found blocked was consumed
// before it blocked: read the other way round, a program found blocked an
// instant before the input reached it (the kernel's worker moves it to the
// slave) and then found with the input consumed looked ready before it had
// reacted (top, live, once in a corpus run). Output the program wrote
// before it blocked is counted as pending, never missed (see Pending). The
// terminal's mode is read after what the group waits for: a process found
// blocked reading cannot change the mode it reads in, so a password read
// with echo off (getpass turns echo off just before it reads) is never
// seen with the mode from before.
func (o *Observer) Observe() (View, error) {
	var v View
	var pgrp int
	var tio *unix.Termios
	var err error
	if cerr := o.master.Control(func(fd uintptr) {
		if pgrp, err = unix.IoctlGetInt(int(fd), unix.TIOCGPGRP); err != nil {
			err = fmt.Errorf("kernel: foreground process group (TIOCGPGRP): %w", err)
		}
	}); cerr != nil {
		return View{}, fmt.Errorf("kernel: %w", cerr)
	}
	if err != nil {
		return View{}, err
	}
	v.Leader = pgrp == o.leader
	if v.Unread, err = o.unread(); err != nil {
		return v, err
	}
	l := o.group(pgrp)
	if r, unread, ok := o.relayed(pgrp, l); ok {
		r.cpu = l.cpu // the client's: a pane's work is the relay's wait
		l = r
		v.Unread += unread
	}
	v.Wait, v.Doing, v.Timer, v.CPU, v.Alarm = l.wait, l.doing, l.timer, l.cpu, l.alarm
	o.mu.Lock()
	v.Still = l.own && l.ok && o.ran && l.runs == o.runs
	o.runs, o.ran = l.runs, l.own && l.ok
	o.mu.Unlock()
	if cerr := o.master.Control(func(fd uintptr) {
		if tio, err = unix.IoctlGetTermios(int(fd), unix.TCGETS); err != nil {
			err = fmt.Errorf("kernel: terminal mode (TCGETS): %w", err)
		}
	}); cerr != nil {
		return View{}, fmt.Errorf("kernel: %w", cerr)
	}
	if err != nil {
		return View{}, err
	}
	v.Canonical = tio.Lflag&unix.ICANON != 0
	v.Echo = tio.Lflag&unix.ECHO != 0

	v.Pending = o.Pending()
	return v, nil
}

// Pending reports whether the program has written output that the
// master's reader has not read yet. It polls the master, which first
// flushes what the kernel still holds on its way there, so output written
// before a process blocked (in an earlier observation) is never missed.
// Observe calls it last; a reader that consumes the master in another
// goroutine calls it again at a moment it knows everything read so far
// has been handled.
func (o *Observer) Pending() bool {
	pending := false
	_ = o.master.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		if n, err := unix.Poll(fds, 0); err == nil && n > 0 && fds[0].Revents&unix.POLLIN != 0 {
			pending = true
		}
	})
	return pending
}

// unread reads the slave's input queue: TIOCINQ on the master counts the
// master's own queue (the program's output), so the slave is opened for a
// moment, without becoming anyone's controlling terminal. Input written
// to the master reaches the slave's queue through a kernel worker; a poll
// of the slave first waits for that worker, so a line written before the
// observation is counted even if the worker had not run yet.
func (o *Observer) unread() (int, error) {
	fd, err := unix.Open(o.tty, unix.O_RDONLY|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0, fmt.Errorf("kernel: opening %s for its input queue: %w", o.tty, err)
	}
	defer unix.Close(fd)
	_, _ = unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, 0)
	n, err := unix.IoctlGetInt(fd, unix.TIOCINQ)
	if err != nil {
		return 0, fmt.Errorf("kernel: input queue of %s (TIOCINQ): %w", o.tty, err)
	}
	return n, nil
}
