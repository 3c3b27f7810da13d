package termtest

import (
	"context"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// WaitForReadyContext waits until the program is ready for input (state
// Ready or Question) and returns that transition. After any input it only
// accepts a ready state reached after the program reacted to that input,
// never the stale prompt from before. If the program exits first, it fails
// at once with the exit status and the screen; on timeout the error holds
// the screen, the last bytes received and the readiness timeline.
func (t *Terminal) WaitForReadyContext(ctx context.Context) (ready.Transition, error) {
	ctx, cancel := t.bound(ctx)
	defer cancel()
	defer t.waiting()() // kernel.go: looks at full pace while it waits
	start := t.cfg.clock.Now()
	for {
		ch := t.sess.Changed() // first: a change after it closes ch
		cur := t.sess.Current()
		after := t.lastInputAt()
		// The engine is told of input before the program gets it, and holds
		// Busy until the screen reacts; the time check keeps that promise
		// even for a transition recorded in the same instant.
		if cur.State.Waiting() && !cur.Time.Before(after) {
			return cur, nil
		}
		if cur.State == ready.Exited {
			return cur, fmt.Errorf("termtest: waiting for %q to be ready: %w with status %d (%s)\n%s",
				t.argv[0], errExited, cur.Code, cur.Reason, t.Describe())
		}
		if err := t.waitChange(ctx, ch); err != nil {
			cur, why := t.reportState()
			return cur, fmt.Errorf("termtest: %q was not ready for input after %v: %w; the readiness engine says %s: %s\n%s",
				t.argv[0], t.cfg.clock.Now().Sub(start).Round(time.Millisecond), err, cur.State, why, t.Describe())
		}
	}
}

// reportState returns the engine's latest decision and why it is not
// (yet) another, for the report of a wait that ran out, without waiting
// for a piece of output being applied. A due Stuck shows in the report: the
// engine is ticked now if the session is free; if not, and a decision was
// due, the timer's own tick or the input being applied is given
// reportGrace to land, and a piece of output outputGrace from when it
// began: under a flood of line feeds on a large screen a piece takes
// 100-500 ms under -race, and waiting for it was a third of what waits
// overran their bound by there.
func (t *Terminal) reportState() (ready.Transition, string) {
	now := t.cfg.clock.Now()
	if changed := t.sess.Changed(); !t.sess.TryTick(now) && t.decisionDue(now) {
		wait := reportGrace
		if since := t.sess.OutputSince(); !since.IsZero() {
			wait = outputGrace - time.Since(since)
		}
		if wait > 0 {
			grace := time.NewTimer(wait)
			select {
			case <-changed:
			case <-grace.C:
			}
			grace.Stop()
		}
	}
	cur := t.sess.Current()
	why := cur.Reason
	if st, ok := t.sess.TryStatus(); ok {
		why = st.Reason // why it is not ready now, maybe newer than cur's reason
	}
	return cur, why
}

// decisionDue reports whether the engine wanted a tick by now: only then
// can an event or tick being applied change what a report says (under a
// flood, each piece moves the engine's next look past the piece's end).
func (t *Terminal) decisionDue(now time.Time) bool {
	dl, due := t.sess.Deadline()
	return due && !dl.After(now)
}

// reportGrace is how long a wait that ran out gives an event being applied
// to land before it reports: a tick making Stuck due, or a piece of a
// flood, which it does not wait out.
const reportGrace = 50 * time.Millisecond

// outputGrace is how long after a piece of output began to be applied a
// report waits for it: a program's own short output (a spinner's frame)
// lands in microseconds; a flood's piece, paced to pieceTarget of work,
// is not waited for.
const outputGrace = 5 * time.Millisecond

// bound applies the terminal's default timeout when ctx has no deadline.
func (t *Terminal) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, t.cfg.timeout)
}
