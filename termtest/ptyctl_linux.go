package termtest

import "golang.org/x/sys/unix"

// termiosEcho reads ECHO from the terminal attributes. On Linux TCGETS on a
// PTY master returns the slave's attributes (the tty layer serves the pair's
// one termios), which is what the program set with stty -echo or
// term.ReadPassword; TestEchoFromMaster checks it.
func termiosEcho(fd int) (on, known bool) {
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return false, false
	}
	return t.Lflag&unix.ECHO != 0, true
}
