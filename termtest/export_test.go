package termtest

// WithCloseGrace lets the tests of Close set the grace period.
var WithCloseGrace = withCloseGrace

// WithClock lets the tests of the options give a clock.
var WithClock = withClock

// AskKernel has the terminal observe the kernel now, as an event would:
// the tests use it to catch a program at a chosen moment.
func AskKernel(t *Terminal) {
	if t.kern != nil {
		t.kern.ask()
	}
}
