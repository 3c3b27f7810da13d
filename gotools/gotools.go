// Package gotools turns ttyrig conditions into gotest.tools/v3 values:
// poll.Check for poll.WaitOn and cmp.Comparison for assert.Assert, so a
// test written with gotest.tools drives a terminal the same way.
//
//	poll.WaitOn(t, gotools.Check(term, expect.Contains("hi")), poll.WithTimeout(5*time.Second))
//	assert.Assert(t, gotools.Compare(term, expect.Line(-1).Equals("$ ")))
//
// It is a package of its own so that only tests that ask for gotest.tools
// link it: gotest.tools and goldie both define the -update flag, and one
// binary cannot link both. termtest links neither.
package gotools

import (
	"errors"
	"fmt"
	"time"

	"gotest.tools/v3/assert/cmp"
	"gotest.tools/v3/poll"

	"github.com/ttyrig/ttyrig/expect"
)

// Check returns a poll.Check that succeeds when c holds on src's screen.
// It stops the poll with an error, not at poll's timeout, when the program
// has exited (or c says the screen settled otherwise) without c holding.
// Its messages carry src's report: the screen with the cursor marked, the
// last bytes received and the readiness timeline.
//
// poll.WaitOn checks at a fixed delay (100 ms by default); termtest's
// ExpectScreen wakes at every change instead.
func Check(src expect.Source, c expect.Condition) poll.Check {
	return func(poll.LogT) poll.Result {
		done := false
		select {
		case <-src.Done():
			done = true // before the snapshot, so the snapshot is final
		default:
		}
		err := check(src, c)
		switch {
		case err == nil:
			return poll.Success()
		case done || errors.Is(err, expect.ErrSettled):
			return poll.Error(fmt.Errorf("%s: %w\n%s", c, err, src.Describe()))
		}
		return poll.Continue("%s: %v\n%s", c, err, src.Describe())
	}
}

// Compare returns a cmp.Comparison that succeeds when c holds on src's
// screen now; its failure message carries src's report.
func Compare(src expect.Source, c expect.Condition) cmp.Comparison {
	return func() cmp.Result {
		if err := check(src, c); err != nil {
			return cmp.ResultFailure(fmt.Sprintf("%s: %v\n%s", c, err, src.Describe()))
		}
		return cmp.ResultSuccess
	}
}

// check checks c on src's screen at src's own time when it has a clock.
func check(src expect.Source, c expect.Condition) error {
	snap := src.Snapshot()
	if t, ok := c.(expect.Timed); ok {
		now := time.Now()
		if clk, ok := src.(interface{ Now() time.Time }); ok {
			now = clk.Now()
		}
		_, err := t.CheckAt(snap, now)
		return err
	}
	return c.Check(snap)
}
