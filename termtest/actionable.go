package termtest

import (
	"context"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// NoWait returns the terminal with actions that send at once, without
// waiting for the program to be ready: an interrupt while it works, a key
// to a program that never settles, input typed ahead on purpose.
//
//	term.NoWait().Press(termtest.Ctrl('c'))
//
// It is the same program, screen and recording; only the actions of the
// handle it returns skip the wait.
func (t *Terminal) NoWait() *Terminal { return &Terminal{terminal: t.terminal, noWait: true} }

// actionable waits until the program is ready for input before an action
// sends: Ready or Question, reached after the program reacted to the last
// input (so a quick second key never goes out on the ready state the first
// one ended). It returns the ready state it saw.
//
// A program may take input and draw nothing (a key at the end of a list,
// the first key of vim's "dd", cat before its first line): when it drew
// nothing since the last input (since it started, before any) for the
// profile's silence window, the action sends anyway, as the engine's own
// silence rule judges a quiet screen, unless the kernel sees the program
// working meanwhile. A NoWait terminal does not wait.
func (t *Terminal) actionable(ctx context.Context, action string) (ready.Transition, error) {
	if t.noWait {
		return t.sess.Current(), nil
	}
	ctx, cancel := t.bound(ctx)
	defer cancel()
	defer t.waiting()() // kernel.go: looks at full pace while it waits
	start := t.cfg.clock.Now()
	silence := time.Duration(t.sess.Profile().Silence)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		ch := t.sess.Changed() // first: a change after it closes ch
		cur := t.sess.Current()
		after := t.lastInputAt()
		if cur.State.Waiting() && !cur.Time.Before(after) {
			return cur, nil
		}
		if cur.State == ready.Exited {
			return cur, fmt.Errorf("termtest: %s: %w with status %d before it could be sent\n%s",
				action, errExited, cur.Code, t.Describe())
		}
		var fire <-chan time.Time
		since, drew := t.drewNothing(after)
		if drew == drewNothing {
			now := t.cfg.clock.Now()
			if due := since.Add(silence); now.Before(due) {
				timer.Reset(due.Sub(now))
				fire = timer.C
			} else if st, ok := t.sess.TryStatus(); ok {
				return st, nil // it drew nothing: it waits silently
			} else {
				drew = drewUnknown
			}
		}
		if drew == drewUnknown {
			// An event is being applied (a piece of a flood holds the
			// session for up to pieceTarget, longer on a loaded machine):
			// look again soon rather than wait for it past ctx's deadline.
			timer.Reset(statusRetry)
			fire = timer.C
		}
		select {
		case <-ch:
		case <-fire:
		case <-ctx.Done():
			cur, why := t.reportState() // wait.go: without waiting for a piece of output
			return cur, fmt.Errorf("termtest: %s: %q was not ready for input after %v: %w; the readiness engine says %s: %s "+
				"(actions wait until the program is ready; to send at once, use NoWait)\n%s",
				action, t.argv[0], t.cfg.clock.Now().Sub(start).Round(time.Millisecond), ctx.Err(), cur.State, why, t.Describe())
		}
	}
}

// statusRetry is how soon actionable looks again at the engine's status
// when an event being applied kept it from reading it.
const statusRetry = 5 * time.Millisecond

// What drewNothing found.
type drawn int

const (
	drewSomething drawn = iota // or the program works: no silent wait
	drewNothing                // since the last input (or the start)
	drewUnknown                // the engine's status was busy: look again
)

// drewNothing reports whether the program has drawn nothing since the last
// input, at after (the engine still waits for its reaction), or, before
// any input, since it started; and since when. A program the kernel sees
// working (a computation, a sleep) is not waiting silently. It reads the
// engine's status only if no event is being applied.
func (t *Terminal) drewNothing(after time.Time) (time.Time, drawn) {
	switch {
	case t.kern != nil && t.kern.working():
		return time.Time{}, drewSomething
	case after.IsZero():
		if t.sess.Snapshot().Changed().After(t.start) {
			return time.Time{}, drewSomething
		}
		return t.start, drewNothing
	}
	st, ok := t.sess.TryStatus()
	switch {
	case !ok:
		return time.Time{}, drewUnknown
	case st.Signal == ready.SignalInput:
		return after, drewNothing
	}
	return time.Time{}, drewSomething
}

// clip shortens text typed or pasted for an error message: its first 40
// characters, and how many more there were.
func clip(text string) string {
	r := []rune(text)
	if len(r) <= 40 {
		return text
	}
	return fmt.Sprintf("%s… (%d more)", string(r[:40]), len(r)-40)
}
