// Package termtest runs terminal programs in a real PTY behind an emulated
// screen and drives them like a user: type, press keys, paste, click,
// resize, and check what the screen shows.
//
// In tests, Spawn starts a program and ties it to the test:
//
//	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithEnv("PS1=$ "))
//	term.Submit("echo hi")
//	term.ExpectScreen(expect.Contains("hi"))
//
// Every verb of the Term that Spawn returns fails the test with a full
// report (the screen with the cursor marked, the last bytes received, the
// readiness timeline, the kept recording). Each verb that waits has an
// error form named with Context (TypeContext, ExpectScreenContext, ...),
// which is also what the Terminal that Start returns outside tests offers.
//
// Actions (Type, Press, Paste, Submit, Click, ClickOn, Wheel) wait until
// the program is ready for input, and has reacted to the previous input,
// before they send, as Playwright's actions wait until their target is
// actionable; NoWait returns the terminal with actions that send at once
// (an interrupt for a busy program). Conditions (package expect) are
// values; ExpectScreen waits for one. Golden compares the screen, styles
// included, with a golden file (go test ./... -update writes it).
//
// docs/API.md in the repository describes the shape of this API, and
// docs/WRITING-TESTS.md is a guide to writing tests with it.
package termtest

// Where a byte goes: the read loop (output.go) stamps each PTY chunk with
// the clock and hands it to the session (package session: screen, readiness
// engine, recorder); answers to terminal queries and everything typed go
// out through one input queue (input.go). On Linux the kernel is asked what
// the program does (kernel.go, package kernel) and its answers are events
// too; interactive bash, zsh, fish and dash get OSC 133 prompt marks
// (shell.go) unless WithoutShellIntegration.
