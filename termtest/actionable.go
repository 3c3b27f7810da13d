package termtest

import (
	"context"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
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
	start := t.cfg.clock.Now()
	silence := time.Duration(t.sess.Profile().Silence)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		ch := t.sess.Changed() // first: a change after it closes ch
		cur := t.sess.Current()
		t.mu.Lock()
		after := t.lastInput
		t.mu.Unlock()
		if cur.State.Waiting() && !cur.Time.Before(after) {
			return cur, nil
		}
		if cur.State == ready.Exited {
			return cur, fmt.Errorf("termtest: %s: %w with status %d before it could be sent\n%s",
				action, errExited, cur.Code, t.Describe())
		}
		var fire <-chan time.Time
		if since, ok := t.drewNothing(after); ok {
			now := t.cfg.clock.Now()
			if due := since.Add(silence); now.Before(due) {
				timer.Reset(due.Sub(now))
				fire = timer.C
			} else {
				return t.sess.Status(), nil // it drew nothing: it waits silently
			}
		}
		select {
		case <-ch:
		case <-fire:
		case <-ctx.Done():
			t.sess.Tick(t.cfg.clock.Now()) // lets a due Stuck show in the report
			cur = t.sess.Current()
			why := t.sess.Status().Reason
			return cur, fmt.Errorf("termtest: %s: %q was not ready for input after %v: %w; the readiness engine says %s: %s "+
				"(actions wait until the program is ready; to send at once, use NoWait)\n%s",
				action, t.argv[0], t.cfg.clock.Now().Sub(start).Round(time.Millisecond), ctx.Err(), cur.State, why, t.Describe())
		}
	}
}

// drewNothing reports whether the program has drawn nothing since the last
// input, at after (the engine still waits for its reaction), or, before
// any input, since it started; and since when. A program the kernel sees
// working (a computation, a sleep) is not waiting silently: no.
func (t *Terminal) drewNothing(after time.Time) (time.Time, bool) {
	working := false
	if t.kern != nil {
		o := t.kern.latest.Load()
		working = o != nil && o.view.Wait == kernel.Working
	}
	switch {
	case working:
		return time.Time{}, false
	case after.IsZero():
		return t.start, !t.sess.Snapshot().Changed().After(t.start)
	}
	return after, t.sess.Status().Signal == ready.SignalInput
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
