//go:build linux && arm64

package kernel

// table holds the arm64 system calls a process may wait in
// (include/uapi/asm-generic/unistd.h).
var table = newSyscalls(map[int]call{
	63: {"read", readFD, noTimeout}, 67: {"pread64", readFD, noTimeout}, 65: {"readv", readFD, noTimeout}, 69: {"preadv", readFD, noTimeout},
	73: {"ppoll", pollSet, ptrTimeout},
	72: {"pselect6", selectSet, ptrTimeout},
	22: {"epoll_pwait", epollFD, msTimeout}, 441: {"epoll_pwait2", epollFD, ptrTimeout},
	426: {"io_uring_enter", opaque, noTimeout}, 4: {"io_getevents", opaque, noTimeout}, 292: {"io_pgetevents", opaque, noTimeout},
	101: {"nanosleep", sleep, noTimeout}, 115: {"clock_nanosleep", sleep, noTimeout},
	64: {"write", elsewhere, noTimeout}, 66: {"writev", elsewhere, noTimeout}, 260: {"wait4", elsewhere, noTimeout},
	98: {"futex", elsewhere, noTimeout}, 95: {"waitid", elsewhere, noTimeout}, 29: {"ioctl", elsewhere, noTimeout},
	137: {"rt_sigtimedwait", elsewhere, noTimeout},
})
