// Package termtest runs terminal programs in a real PTY behind an emulated
// screen and drives them like a user: type, press keys, paste, resize, wait
// until the program is ready for input, and assert on what the screen shows.
//
// In tests, Spawn starts a program and ties it to the test:
//
//	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
//	term.WaitForReady()
//	term.Submit("echo hi")
//	term.ExpectScreen(expect.Contains("hi"))
//
// Conditions (package expect) are values; Expect is the one adapter that
// waits for one and fails the test with the full report. Golden compares
// the screen, styles included, with a golden file (go test -update writes
// it). Outside tests, Start returns a Terminal whose methods return errors,
// and expect.Wait waits on it with a context.
//
// Where a byte goes: the read loop (terminal.go) stamps each PTY chunk with
// the clock and hands it to the screen (package screen), then to the
// readiness engine (package ready) and the recorder; answers to terminal
// queries and everything typed go out through one input queue (input.go).
// On Linux the kernel is asked what the program does (kernel.go, package
// kernel) and its answers are events too; interactive bash, zsh, fish and
// dash get OSC 133 prompt marks (shell.go) unless WithoutShellIntegration.
package termtest
