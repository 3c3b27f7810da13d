package termtest

import (
	"os"

	"golang.org/x/sys/unix"
)

// awaitExit returns once the process pid (a child not yet reaped) has
// exited, waiting for its pidfd to turn readable in Go's poller: cmd.Wait
// blocks a system call, and with it an OS thread, for as long as the
// program runs (a hundred idle terminals held a hundred threads). It
// returns at once where a pidfd cannot be polled (Linux before 5.3), and
// cmd.Wait then waits as before.
func awaitExit(pid int) {
	fd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "pidfd")
	defer f.Close()
	raw, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = raw.Read(func(fd uintptr) bool {
		var info unix.Siginfo
		// WNOWAIT: looked at, left for cmd.Wait to reap.
		err := unix.Waitid(unix.P_PIDFD, int(fd), &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil)
		return err != nil || info.Signo != 0 // SIGCHLD: it exited; 0: not yet
	})
}
