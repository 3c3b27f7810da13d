// Package kernel reads what the kernel knows about a terminal that a screen
// cannot show: which process group owns it, whether that group is blocked
// reading it, how much typed input it has not read yet, and whether the
// line discipline (not the program) is echoing.
//
// Open an Observer on a PTY master and the session leader running in it,
// then call Observe whenever the answer matters. The observations are plain
// data (View), so a readiness engine can be fed them like any other event
// and a recording can keep them for replay. A foreground group that waits
// on a socket while a relay outside it reads the terminal (tmux's client
// and server) is looked past, to the relay and the programs in its panes
// (relay_linux.go). On systems other than Linux,
// Open returns ErrUnsupported and callers fall back to the screen alone.
package kernel
