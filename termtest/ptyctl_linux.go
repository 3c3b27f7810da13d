package termtest

import "golang.org/x/sys/unix"

// termiosSecret reads the terminal attributes and reports whether what is
// typed now is a secret: echo off in canonical (line) mode, as getpass,
// sudo, ssh, stty -echo and term.ReadPassword set it. Programs that draw
// their own input (readline, full-screen programs, agent CLIs) turn echo
// off too, but with canonical mode off.
//
// On Linux TCGETS on a PTY master returns the slave's attributes (the tty
// layer serves the pair's one termios), which is what the program set;
// TestSecretFromMaster checks it.
func termiosSecret(fd int) (secret, known bool) {
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return false, false
	}
	return t.Lflag&unix.ECHO == 0 && t.Lflag&unix.ICANON != 0, true
}
