package kernel

// kind says how a system call may involve the terminal.
type kind int

const (
	elsewhere kind = iota // cannot be waiting for terminal input (futex, wait4, write, ...)
	readFD                // a read of the fd in its first argument
	pollSet               // poll/ppoll: an array of pollfd at arg 0, arg 1 entries
	selectSet             // select/pselect6: nfds at arg 0, read set at arg 1
	epollFD               // epoll_wait family: the epoll fd at arg 0
	opaque                // may wait on anything, invisibly (io_uring, aio)
	sleep                 // a timed sleep: the program will act by itself
)

// call names a system call and says how it may involve the terminal.
type call struct {
	name    string
	kind    kind
	timeout timeout // how a poll, select or epoll wait gives its timeout
}

// timeout says where a waiting call's timeout is: poll(2) and epoll_wait
// take milliseconds in their third or fourth argument (negative: none),
// the others a pointer (NULL: none).
type timeout int

const (
	noTimeout  timeout = iota // the call has no timeout argument
	msTimeout                 // poll: arg 2, epoll_wait/epoll_pwait: arg 3, in ms
	ptrTimeout                // ppoll: arg 2, select/pselect6: arg 4, epoll_pwait2: arg 3
)

// syscalls is one architecture's table of system calls worth naming.
// Calls not in it count as elsewhere, under their number.
type syscalls struct{ calls map[int]call }

func newSyscalls(m map[int]call) *syscalls { return &syscalls{calls: m} }
