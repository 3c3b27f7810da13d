package corpus

import (
	"regexp"
	"strconv"
	"strings"
)

// Which of a process's fds are its terminal. Besides 0 (and 1 and 2 for
// the threads truth), a program may open the terminal again (/dev/tty, its
// pts) and move that fd out of the way: zsh opens its pts, moves the fd to
// 10 and up with fcntl F_DUPFD, closes the first and reads only the moved
// one. A dup of a terminal fd is the terminal; an fd opened on anything
// else is not, whatever it was before (fds are reused after a close, which
// the trace does not show: zsh's next openat, of nsswitch.conf, gets the
// fd its pts had).
var reDupOf = regexp.MustCompile(`^(\d+)(?:,|$)`)

// trackFd updates tty for an openat, dup, dup2, dup3 or fcntl call and
// says whether c was one of those.
func trackFd(c *syscall, tty map[int]bool) bool {
	switch c.name {
	case "openat", "dup", "dup2", "dup3", "fcntl":
	default:
		return false
	}
	fd, err := strconv.Atoi(strings.Fields(c.result + " ")[0])
	if err != nil || fd < 0 {
		return true
	}
	switch c.name {
	case "openat":
		tty[fd] = reOpenTTY.MatchString(c.args)
	case "fcntl":
		if !strings.Contains(c.args, "F_DUPFD") {
			return true
		}
		fallthrough
	default:
		if m := reDupOf.FindStringSubmatch(c.args); m != nil {
			old, _ := strconv.Atoi(m[1])
			tty[fd] = tty[old]
		}
	}
	return true
}
