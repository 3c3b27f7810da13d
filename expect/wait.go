package expect

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// ErrDone is the cause of a wait that failed because its source was done
// (the program exited) with the condition still unmet.
var ErrDone = errors.New("the program exited")

// ErrSettled is the cause of a wait that failed because its condition
// said the screen had settled in a state that fails it (see Settled): a
// golden screen that is stable and differs fails then, not at the timeout.
var ErrSettled = errors.New("the screen settled")

// Settled marks a failed check as final: the screen has settled and will
// not come to satisfy the condition by waiting, so Wait stops at once.
func Settled(err error) error { return settledError{err} }

type settledError struct{ error }

func (s settledError) Unwrap() error        { return s.error }
func (s settledError) Is(target error) bool { return target == ErrSettled }

// syncRecheck is when to look again at a screen whose synchronized update is
// open: screen.Screen shows the held frame anyway after screen.SyncHold, and
// no output may arrive to say so.
const syncRecheck = screen.SyncHold + 10*time.Millisecond

// Wait waits until c holds on src's screen, checking it whenever the screen
// changes (and, for a Timed condition, when it says it may next hold). It
// fails when ctx ends, after one last check, or at once when src is done and
// its final screen does not satisfy c. If ctx has no deadline and src has a
// Timeout method (a termtest.Terminal), that bounds the wait. A failure is
// an *Error that unwraps to ctx's error, ErrDone or ErrSettled (the
// condition said the screen settled without satisfying it).
func Wait(ctx context.Context, src Source, c Condition) error {
	if src == nil {
		return fmt.Errorf("expect: waiting until %s: no Source to watch", c)
	}
	if t, ok := src.(timeouter); ok && t.Timeout() > 0 {
		if _, has := ctx.Deadline(); !has {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, t.Timeout())
			defer cancel()
		}
	}
	now := time.Now
	if clk, ok := src.(clocked); ok {
		now = clk.Now
	}
	start := now()
	timer := time.NewTimer(time.Hour) // since Go 1.23, Reset never delivers a stale tick
	timer.Stop()
	defer timer.Stop()
	done := false
	for {
		changed := src.Changed()
		if !done {
			select {
			case <-src.Done():
				done = true // read before the snapshot, so the snapshot is final
			default:
			}
		}
		snap := src.Snapshot()
		at := now()
		recheck, err := checkAt(c, snap, at)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrSettled) {
			return newError(src, c, snap, err, at.Sub(start), ErrSettled)
		}
		if snap.SyncOpen() && (recheck.IsZero() || snap.Time().Add(syncRecheck).Before(recheck)) {
			recheck = snap.Time().Add(syncRecheck)
		}
		if done && recheck.IsZero() {
			return newError(src, c, snap, err, at.Sub(start), ErrDone)
		}
		var fire <-chan time.Time
		if !recheck.IsZero() {
			timer.Reset(max(recheck.Sub(at), 0))
			fire = timer.C
		}
		var ended <-chan struct{}
		if done {
			changed = nil // nothing changes any more; only time can help
		} else {
			ended = src.Done()
		}
		select {
		case <-changed:
		case <-ended:
		case <-fire:
		case <-ctx.Done():
			// One last look: the condition may have come true at the wire.
			snap = src.Snapshot()
			at = now()
			if _, err = checkAt(c, snap, at); err == nil {
				return nil
			}
			return newError(src, c, snap, err, at.Sub(start), ctx.Err())
		}
	}
}

func checkAt(c Condition, snap screen.Snapshot, now time.Time) (time.Time, error) {
	if t, ok := c.(Timed); ok {
		return t.CheckAt(snap, now)
	}
	return time.Time{}, c.Check(snap)
}

// Error is a failed wait: what was expected, what the screen held, how long
// it waited and why it stopped.
type Error struct {
	Expected string          // the condition, as its String says
	Seen     string          // what the last check saw instead
	Waited   time.Duration   // from the start of the wait to the last check
	Screen   screen.Snapshot // the screen at the last check
	// ExitCode is the program's exit status when the source reported one.
	ExitCode int
	Exited   bool
	// Report is the source's Describe: for a terminal the screen with the
	// cursor marked, the last bytes received, the readiness timeline and
	// where the recording is.
	Report string
	cause  error // ErrDone or the context's error
}

func newError(src Source, c Condition, snap screen.Snapshot, err error, waited time.Duration, cause error) *Error {
	e := &Error{
		Expected: c.String(),
		Seen:     err.Error(),
		Waited:   waited,
		Screen:   snap,
		Report:   src.Describe(),
		cause:    cause,
	}
	if x, ok := src.(exitCoder); ok {
		e.ExitCode, e.Exited = x.ExitCode()
	}
	return e
}

// Error explains the failure in full, ready for a test log.
func (e *Error) Error() string {
	var b strings.Builder
	waited := e.Waited.Round(time.Millisecond)
	switch {
	case errors.Is(e.cause, ErrDone) && e.Exited:
		fmt.Fprintf(&b, "expect: the program exited with status %d after %v, before: %s\n", e.ExitCode, waited, e.Expected)
	case errors.Is(e.cause, ErrDone):
		fmt.Fprintf(&b, "expect: the source ended after %v, before: %s\n", waited, e.Expected)
	case errors.Is(e.cause, ErrSettled):
		fmt.Fprintf(&b, "expect: the screen settled after %v, and not as expected: %s\n", waited, e.Expected)
	case errors.Is(e.cause, context.DeadlineExceeded):
		fmt.Fprintf(&b, "expect: timed out after %v waiting until: %s\n", waited, e.Expected)
	default:
		fmt.Fprintf(&b, "expect: gave up after %v (%v) waiting until: %s\n", waited, e.cause, e.Expected)
	}
	fmt.Fprintf(&b, "last check: %s\n", strings.TrimRight(e.Seen, "\n"))
	// A source's report usually shows the screen itself; show the checked
	// one only when the report does not already (or the screen moved on).
	if shown := e.Screen.String(); !strings.Contains(e.Report, shown) {
		b.WriteString("screen at the last check:\n")
		b.WriteString(shown)
	}
	b.WriteString(e.Report)
	return strings.TrimRight(b.String(), "\n")
}

// Unwrap returns ErrDone, ErrSettled or the context's error.
func (e *Error) Unwrap() error { return e.cause }
