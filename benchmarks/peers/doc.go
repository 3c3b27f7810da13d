// Package peers measures ttyrig beside what a Go test could use instead:
// bare creack/pty (the limit: a PTY and a byte scan, no screen) and
// Netflix/go-expect with hinshun/vt10x (the Go peer: an expect loop over
// a PTY, and a terminal emulator). Each side does the same round trip:
// spawn bash, see its prompt, type echo, see the output and the prompt
// after it, close. It is its own module, so the peers' dependencies stay
// out of ttyrig's go.mod; make bench runs its benchmarks.
package peers
