package corpus

import (
	"strings"
	"testing"
	"time"
)

// zsh opens its pts, moves the fd to 10 and up, closes the first, and the
// next file it opens gets the pts's old fd: the moved fd is the terminal,
// the reused one and its own move are not.
func TestStraceMarksMovedTerminalFd(t *testing.T) {
	const trace = `400 5.000000 openat(AT_FDCWD, "/dev/pts/3", O_RDWR|O_NOCTTY) = 3 <0.000010>
400 5.000100 fcntl(3, F_DUPFD, 10) = 11 <0.000010>
400 5.000200 openat(AT_FDCWD, "/etc/nsswitch.conf", O_RDONLY|O_CLOEXEC) = 3 <0.000010>
400 5.000300 fcntl(3, F_DUPFD, 10) = 12 <0.000010>
400 5.000400 fcntl(12, F_GETFL) = 0x8000 (flags O_RDONLY|O_LARGEFILE) <0.000010>
400 5.000500 read(12, "# /etc/nsswitch.conf", 4096) = 20 <0.000010>
400 5.100000 write(11, "$ ", 2) = 2 <0.000010>
400 5.100100 read(11, "e", 1) = 1 <0.300000>
`
	calls, err := parseStrace(strings.NewReader(trace), "zsh.trace")
	if err != nil {
		t.Fatal(err)
	}
	marks := straceMarks(calls, []time.Time{at(5.3)})
	if len(marks) != 2 || !marks[0].At.Equal(at(5.1001)) || !marks[1].At.Equal(at(5.4001)) {
		t.Fatalf("want ready at 5.1001 (the moved fd's read) and busy at 5.4001, got %+v", marks)
	}
	tty := map[int]bool{0: true}
	for i := range calls {
		trackFd(&calls[i], tty)
	}
	if !tty[11] || tty[3] || tty[12] {
		t.Errorf("terminal fds: want 11 and not 3 or 12, got %v", tty)
	}
	for _, c := range []string{
		`400 1.0 dup2(0, 7) = 7 <0.1>`, `400 1.0 dup3(0, 8, O_CLOEXEC) = 8 <0.1>`, `400 1.0 dup(0) = 9 <0.1>`,
		`400 1.0 fcntl(0, F_DUPFD_CLOEXEC, 20) = 20 <0.1>`, `400 1.0 dup(5) = -1 EBADF (Bad file descriptor) <0.1>`,
	} {
		cs, err := parseStrace(strings.NewReader(c+"\n"), "t")
		if err != nil {
			t.Fatal(err)
		}
		if !trackFd(&cs[0], tty) {
			t.Errorf("%s: not read as an fd call", c)
		}
	}
	for _, fd := range []int{7, 8, 9, 20} {
		if !tty[fd] {
			t.Errorf("fd %d, a dup of 0, is not the terminal: %v", fd, tty)
		}
	}
}

// Neovim's TUI thread (libuv) draws with writev on a terminal fd it opened
// and moved onto 1 with dup3: its frame is a write, so the ready for the
// first key is the frame's end, not the read of the key.
func TestThreadMarksWritev(t *testing.T) {
	const trace = `501 5.000000 openat(AT_FDCWD, "/dev/pts/0", O_RDWR|O_NOCTTY|O_CLOEXEC) = 25 <0.000010>
501 5.000100 dup3(25, 1, O_CLOEXEC) = 1 <0.000010>
501 5.300000 writev(1, [{iov_base="\33[?25ldraft", iov_len=11}], 1) = 11 <0.000010>
501 5.511700 read(0, "o", 4095) = 1 <0.000010>
`
	calls, err := parseStrace(strings.NewReader(trace), "nvim.trace")
	if err != nil {
		t.Fatal(err)
	}
	marks := threadMarks(calls, []time.Time{at(5.45)})
	if len(marks) != 2 || !marks[0].Ready || !marks[0].At.Equal(at(5.30001)) || !marks[1].At.Equal(at(5.51171)) {
		t.Fatalf("want ready at 5.30001 (the writev's end) and busy at 5.51171, got %+v", marks)
	}
}
