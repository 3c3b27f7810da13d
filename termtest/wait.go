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
	start := t.cfg.clock.Now()
	for {
		ch := t.sess.Changed() // first: a change after it closes ch
		cur := t.sess.Current()
		t.mu.Lock()
		after := t.lastInput
		t.mu.Unlock()
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
			// A due Stuck shows in the report; a tick or status that would
			// wait for a flood's piece is skipped, so the wait ends within
			// its bound.
			if changed := t.sess.Changed(); !t.sess.TryTick(t.cfg.clock.Now()) {
				// An event or the timer's own tick is being applied: let
				// it land, for a moment at most.
				select {
				case <-changed:
				case <-time.After(reportGrace):
				}
			}
			cur = t.sess.Current()
			why := cur.Reason
			if st, ok := t.sess.TryStatus(); ok {
				why = st.Reason // why it is not ready now, maybe newer than cur's reason
			}
			return cur, fmt.Errorf("termtest: %q was not ready for input after %v: %w; the readiness engine says %s: %s\n%s",
				t.argv[0], t.cfg.clock.Now().Sub(start).Round(time.Millisecond), err, cur.State, why, t.Describe())
		}
	}
}

// reportGrace is how long a wait that ran out gives an event being applied
// to land before it reports: a tick making Stuck due, or a piece of a
// flood, which it does not wait out.
const reportGrace = 50 * time.Millisecond

// bound applies the terminal's default timeout when ctx has no deadline.
func (t *Terminal) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, t.cfg.timeout)
}
