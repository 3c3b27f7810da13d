// Package expect states what a terminal screen should show and waits until it
// does. Conditions are checked against screen snapshots each time the screen
// changes, never on a fixed polling interval, and a wait whose program has
// exited fails at once instead of at the timeout.
//
// Conditions are values that read as sentences at the call site, and Wait
// is the one way to wait for them:
//
//	err := expect.Wait(ctx, term, expect.Line(-1).Equals("$ "))
//	err = expect.Wait(ctx, term, expect.Not(expect.Contains("error")))
//
// Locators find text on the screen so conditions can be about its cells:
//
//	expect.Text("banana").Highlighted()
//	expect.TextMatching(re).First().HasStyle("bold fg=blue")
//
// It works on any Source: a live termtest.Terminal or a replayed recording.
// Tests use termtest's ExpectScreen, which fails the test with the full report
// instead of returning the error; package gotools turns the same conditions
// into gotest.tools poll.Check and cmp.Comparison values.
package expect

import (
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Source is a screen that changes over time: a live terminal or a replay.
// *termtest.Terminal implements it.
type Source interface {
	// Snapshot returns the screen as it is now.
	Snapshot() screen.Snapshot
	// Changed returns a channel closed at the next change. Take it before
	// the snapshot it guards, so a change in between is not missed.
	Changed() <-chan struct{}
	// Done is closed once the source will not change any more (the program
	// exited and its last output is on the screen).
	Done() <-chan struct{}
	// Describe explains the source's state for a failure message: for a
	// terminal the screen, the last bytes received, the readiness timeline
	// and where the recording is.
	Describe() string
}

// Sources may also offer these; Wait uses them when they do.
type (
	// timeouter bounds waits whose context has no deadline
	// (termtest.Terminal's WithTimeout).
	timeouter interface{ Timeout() time.Duration }
	// clocked gives the source's own clock, so a replay on a virtual clock
	// measures stability and waiting in its own time.
	clocked interface{ Now() time.Time }
	// exitCoder reports the program's exit status for the failure message.
	exitCoder interface{ ExitCode() (int, bool) }
)

// Condition is something a screen snapshot may satisfy.
type Condition interface {
	// Check returns nil when the condition holds for snap, else an error
	// saying what was seen instead.
	Check(snap screen.Snapshot) error
	// String says what the condition expects, e.g. `line -1 equals "$ "`.
	String() string
}

// Timed is a Condition that depends on time as well as on the screen, such
// as "no change for 300 ms". When it does not hold, recheck says when it
// might hold without any further change (zero: only after a change), so Wait
// can wake then instead of polling.
type Timed interface {
	Condition
	CheckAt(snap screen.Snapshot, now time.Time) (recheck time.Time, err error)
}

// Func returns a Condition from a function; desc says what it expects.
func Func(desc string, check func(screen.Snapshot) error) Condition {
	return funcCondition{desc, check}
}

type funcCondition struct {
	desc  string
	check func(screen.Snapshot) error
}

func (f funcCondition) Check(snap screen.Snapshot) error { return f.check(snap) }
func (f funcCondition) String() string                   { return f.desc }
