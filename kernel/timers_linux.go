//go:build linux

package kernel

import (
	"encoding/binary"
	"time"

	"golang.org/x/sys/unix"
)

// Timers. An event loop waits with a timeout when a timer of its own is
// due (node's setTimeout, a Go timer, asyncio's call_later, curses'
// halfdelay): the wait's timeout argument says so, and how soon. With none
// (-1, a NULL pointer) the loop can only be woken by an event: a key, a
// socket, a signal. The timeout read is the one the call was made with,
// not what is left of it: an upper bound on how soon the loop acts by
// itself.

// maxDue: timeouts longer than this are no timer the user waits for
// (Go's sysmon parks for a minute, glibc's pthread pool for ten).
const maxDue = 10 * time.Second

// due returns the timeout a blocked call was made with, if it has one.
func due(pid int, c call, args []uint64) (time.Duration, bool) {
	switch c.name {
	case "poll":
		return msDue(args[2])
	case "epoll_wait", "epoll_pwait":
		return msDue(args[3])
	case "ppoll":
		return tsDue(pid, args[2], false, 0)
	case "pselect6":
		return tsDue(pid, args[4], false, 0)
	case "epoll_pwait2":
		return tsDue(pid, args[3], false, 0)
	case "select":
		return tvDue(pid, args[4])
	case "rt_sigtimedwait":
		return tsDue(pid, args[2], false, 0)
	case "nanosleep":
		return tsDue(pid, args[0], false, 0)
	case "clock_nanosleep":
		return tsDue(pid, args[2], args[1]&unix.TIMER_ABSTIME != 0, int(args[0]))
	case "futex":
		// FUTEX_WAIT takes a relative timeout, FUTEX_WAIT_BITSET an
		// absolute one on CLOCK_MONOTONIC (or CLOCK_REALTIME with
		// FUTEX_CLOCK_REALTIME); other operations wait for no time.
		switch op := args[1]; op & 0x7f {
		case 0: // FUTEX_WAIT
			return tsDue(pid, args[3], false, 0)
		case 9: // FUTEX_WAIT_BITSET
			clock := unix.CLOCK_MONOTONIC
			if op&256 != 0 {
				clock = unix.CLOCK_REALTIME
			}
			return tsDue(pid, args[3], true, clock)
		}
	}
	return 0, false
}

func msDue(arg uint64) (time.Duration, bool) {
	if ms := int32(arg); ms >= 0 {
		return time.Duration(ms) * time.Millisecond, true
	}
	return 0, false
}

// tsDue reads a struct timespec at addr (NULL: no timeout); abs says it is
// a time on clock, of which what is left is returned.
func tsDue(pid int, addr uint64, abs bool, clock int) (time.Duration, bool) {
	if addr == 0 {
		return 0, false
	}
	b, ok := readMem(pid, addr, 16)
	if !ok {
		return 0, false
	}
	d := time.Duration(int64(binary.NativeEndian.Uint64(b)))*time.Second + time.Duration(int64(binary.NativeEndian.Uint64(b[8:])))
	if abs {
		var now unix.Timespec
		if unix.ClockGettime(int32(clock), &now) != nil {
			return 0, false
		}
		d -= time.Duration(now.Nano())
	}
	return max(d, 0), true
}

// tvDue reads a struct timeval at addr (NULL: no timeout).
func tvDue(pid int, addr uint64) (time.Duration, bool) {
	if addr == 0 {
		return 0, false
	}
	b, ok := readMem(pid, addr, 16)
	if !ok {
		return 0, false
	}
	return time.Duration(int64(binary.NativeEndian.Uint64(b)))*time.Second + time.Duration(int64(binary.NativeEndian.Uint64(b[8:])))*time.Microsecond, true
}
