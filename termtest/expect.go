package termtest

import (
	"context"
	"errors"
	"time"

	"github.com/ttyrig/ttyrig/expect"
)

// ExpectScreen waits until c holds on the screen and fails the test
// otherwise, with what was expected, what the last check saw, the screen
// with the cursor marked, the last bytes received and the readiness
// timeline:
//
//	term.ExpectScreen(expect.Contains("hi"))
//	term.ExpectScreen(expect.Line(-1).Equals("$ "))
//	term.ExpectScreen(expect.Not(expect.Contains("error")))
//	term.ExpectScreen(termtest.Golden(t, "menu"))
//
// It checks at every change of the screen, fails at once if the program
// exits first (or the condition says the screen settled otherwise, as a
// golden screen does), and is bounded by the terminal's timeout and by the
// test's deadline (go test -timeout), so a slow program fails with its
// report rather than a panic.
func (m *Term) ExpectScreen(c expect.Condition) {
	m.tb.Helper()
	m.do(func(ctx context.Context) error { return m.Terminal.ExpectScreenContext(ctx, c) })
}

// ExpectScreenContext waits until c holds on the screen (expect.Wait on
// the terminal), bounded by ctx and, when ctx has no deadline, by the
// terminal's timeout. A failure is an *expect.Error with the full report.
func (t *Terminal) ExpectScreenContext(ctx context.Context, c expect.Condition) error {
	return expect.Wait(ctx, t, c)
}

// Now returns the time on the terminal's clock, the one that stamps its
// output: with it a Terminal is an expect.Source whose waits and stability
// are measured in the same time as the screen's changes.
func (t *Terminal) Now() time.Time { return t.cfg.clock.Now() }

// deadlineMargin is how long before the test's deadline a wait gives up:
// enough to print the report, close the program and keep its recording.
// A test with little time left keeps a third of it. (On a loaded machine
// under -race, closing a flooding program and keeping its recording took
// over a second after the report.)
const deadlineMargin = 2 * time.Second

// errTestDeadline is the context's cause saying the wait stopped for the test's
// deadline, not the terminal's timeout.
var errTestDeadline = errors.New("the test's deadline (go test -timeout) is near")

// ctx bounds a wait: the terminal's timeout, and never past the test's
// deadline less a margin.
func (m *Term) ctx() (context.Context, context.CancelFunc) {
	d := m.Terminal.cfg.timeout
	end, has := testDeadline(m.tb)
	if !has {
		return context.WithTimeout(context.Background(), d)
	}
	left := time.Until(end)
	stop := end.Add(-min(deadlineMargin, left/3))
	if time.Until(stop) >= d {
		return context.WithTimeout(context.Background(), d)
	}
	return context.WithDeadlineCause(context.WithValue(context.Background(), testStopKey{}, true), stop, errTestDeadline)
}

// testStopKey marks a wait's context whose deadline is the test's (less
// the margin), not the terminal's timeout.
type testStopKey struct{}

// stopSlack: a wait that bounds itself by its context's deadline (Type
// computes its own timer from it) may give up a moment before the context
// says why.
const stopSlack = 50 * time.Millisecond

// fail ends the test with err, saying so when the test's deadline cut the
// wait short.
func (m *Term) fail(ctx context.Context, err error) {
	m.tb.Helper()
	byTest := errors.Is(context.Cause(ctx), errTestDeadline)
	if d, ok := ctx.Deadline(); ok && !byTest && ctx.Value(testStopKey{}) != nil {
		byTest = time.Until(d) < stopSlack
	}
	if byTest {
		m.tb.Fatalf("%v\n(the wait stopped early: %v)", err, errTestDeadline)
	}
	m.tb.Fatal(err)
}
