package termtest

import (
	"fmt"
	"strings"
)

// Describe explains the terminal's state for a failure message: the
// program and its status, then the session's report (the screen with the
// cursor marked, the last bytes received, the readiness timeline), and
// where the recording is.
func (t *Terminal) Describe() string {
	var b strings.Builder
	b.WriteString(t.describeState())
	if p := t.recordingNote(); p != "" {
		fmt.Fprintf(&b, "recording: %s\n", p)
	}
	if keep := t.cfg.keepOnFailure; keep != "" {
		svg, page := pictureFiles(keep)
		fmt.Fprintf(&b, "last screen as a picture: %s\ntrace page (open in a browser): %s (or: ttyrig show %s)\n", svg, page, keep)
	}
	return b.String()
}

// Fault returns an error if the emulator panicked on the program's output
// (screen.Screen.Fault): the screen was reset there, so what the test saw
// after it is not what a terminal would show. Spawn fails the test with it.
func (t *Terminal) Fault() error { return t.sess.Fault() }

// describeState is Describe without where the recording is: the program
// and its status, the session's report and the kernel's view.
func (t *Terminal) describeState() string {
	var b strings.Builder
	fmt.Fprintf(&b, "program: %s", strings.Join(t.argv, " "))
	if code, exited := t.sess.ExitCode(); exited {
		fmt.Fprintf(&b, " (exited with status %d)", code)
	} else {
		b.WriteString(" (running)")
	}
	b.WriteString("\n")
	b.WriteString(t.sess.Describe())
	if k := t.kernelNote(); k != "" {
		fmt.Fprintf(&b, "kernel: %s\n", k) // kernel.go
	}
	return b.String()
}
