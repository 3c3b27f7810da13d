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
// at once with the exit status and the screen.
func (t *Terminal) WaitForReadyContext(ctx context.Context) (ready.Transition, error) {
	ctx, cancel := t.bound(ctx)
	defer cancel()
	start := t.cfg.clock.Now()
	for {
		t.mu.Lock()
		cur := t.eng.Current()
		after := t.lastInput
		ch := t.changed
		exited := t.exited
		t.mu.Unlock()
		if cur.State.Waiting() && cur.Time.After(after) {
			return cur, nil
		}
		if exited || cur.State == ready.Exited {
			return cur, fmt.Errorf("termtest: waiting for %q to be ready: %w\n%s", t.argv[0], errExited, t.Describe())
		}
		if err := t.waitChange(ctx, ch); err != nil {
			return cur, fmt.Errorf("termtest: %q was not ready for input after %v (state %s): %w\n%s",
				t.argv[0], t.cfg.clock.Now().Sub(start).Round(time.Millisecond), cur.State, err, t.Describe())
		}
	}
}

// bound applies the terminal's default timeout when ctx has no deadline.
func (t *Terminal) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, t.cfg.timeout)
}
