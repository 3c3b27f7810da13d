//go:build linux && amd64

package kernel

// table holds the x86-64 system calls a process may wait in
// (arch/x86/entry/syscalls/syscall_64.tbl).
var table = newSyscalls(map[int]call{
	0: {"read", readFD, noTimeout}, 17: {"pread64", readFD, noTimeout}, 19: {"readv", readFD, noTimeout}, 295: {"preadv", readFD, noTimeout},
	7: {"poll", pollSet, msTimeout}, 271: {"ppoll", pollSet, ptrTimeout},
	23: {"select", selectSet, ptrTimeout}, 270: {"pselect6", selectSet, ptrTimeout},
	232: {"epoll_wait", epollFD, msTimeout}, 281: {"epoll_pwait", epollFD, msTimeout}, 441: {"epoll_pwait2", epollFD, ptrTimeout},
	426: {"io_uring_enter", opaque, noTimeout}, 208: {"io_getevents", opaque, noTimeout}, 333: {"io_pgetevents", opaque, noTimeout},
	35: {"nanosleep", sleep, noTimeout}, 230: {"clock_nanosleep", sleep, noTimeout},
	1: {"write", elsewhere, noTimeout}, 20: {"writev", elsewhere, noTimeout}, 34: {"pause", elsewhere, noTimeout}, 61: {"wait4", elsewhere, noTimeout},
	202: {"futex", elsewhere, noTimeout}, 247: {"waitid", elsewhere, noTimeout}, 16: {"ioctl", elsewhere, noTimeout},
	128: {"rt_sigtimedwait", elsewhere, noTimeout},
})
