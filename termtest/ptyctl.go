package termtest

import (
	"os"

	"golang.org/x/sys/unix"
)

// setSize sets the PTY's window size. It goes through SyscallConn rather
// than pty.Setsize, which calls File.Fd and so turns the PTY back into a
// blocking file whose reads and writes deadlines no longer end.
func setSize(f *os.File, cols, rows int) error {
	raw, err := f.SyscallConn()
	if err != nil {
		return err
	}
	ws := &unix.Winsize{Col: uint16(cols), Row: uint16(rows)}
	var ioErr error
	if err := raw.Control(func(fd uintptr) { ioErr = unix.IoctlSetWinsize(int(fd), unix.TIOCSWINSZ, ws) }); err != nil {
		return err
	}
	return ioErr
}

// typingSecret reports whether input typed now is a secret (see
// termiosSecret), and whether that could be told.
func typingSecret(f *os.File) (secret, known bool) {
	raw, err := f.SyscallConn()
	if err != nil {
		return false, false
	}
	_ = raw.Control(func(fd uintptr) { secret, known = termiosSecret(int(fd)) })
	return secret, known
}
