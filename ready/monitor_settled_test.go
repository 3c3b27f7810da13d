package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// A monitor known by its timer at start-up is ready at the look that finds
// its loop waiting again after the second refresh, not a quiet window
// later (signal_monitor_settled.go): corpus top drew its second refresh by
// +1.3126 s and was found in pselect6 with "1s" at +1.3141 s (ready at
// +1.4626 s before). Never before that refresh: the first firing of the
// timer must be seen.
func TestMonitorSettledTop(t *testing.T) {
	monitorSettled(t, "top", 1312621*time.Microsecond, 1314101*time.Microsecond)
}

// htop: the second refresh drawn by +1.4541 s, the loop in poll with "1s"
// at +1.4543 s (ready at +1.604 s before).
func TestMonitorSettledHtop(t *testing.T) {
	monitorSettled(t, "htop", 1454062*time.Microsecond, 1454347*time.Microsecond)
}

func monitorSettled(t *testing.T, name string, drawn, look time.Duration) {
	t.Helper()
	trs, at, timeline := replayCorpus(t, name)
	tr, got := waitAfter(trs, at, 0)
	if got < drawn || got > look || tr.By != "monitor" {
		t.Errorf("first ready at +%v by %q (%s), want by the monitor at the look after the second refresh (+%v, drawn by +%v)\n%s",
			got, tr.By, tr.Reason, look, drawn, timeline)
	}
}

// settledStart draws a frame, reads the loop's 1 s timer, and refreshes
// after it ran out: the second refresh of a monitor known by its timer,
// drawn at +1.01 s.
func settledStart(t *testing.T) (*sim, kernel.View) {
	t.Helper()
	s := newSim(t, ready.Generic())
	loop := kernel.View{Wait: kernel.Watching, Doing: "top pselect6(tty)", Leader: true, Timer: "1s"}
	s.out("\x1b[?25l" + frame("a"))
	s.advance(5 * ms)
	s.kern(loop)
	s.advance(1000 * ms)
	s.kern(kernel.View{Wait: kernel.Working, Doing: "top running", Leader: true})
	s.advance(5 * ms)
	s.out("\x1b[H" + frame("b"))
	s.advance(2 * ms)
	return s, loop
}

func TestMonitorSettledAtTheLook(t *testing.T) {
	s, loop := settledStart(t)
	s.kern(loop)
	if s.state() != ready.Ready || s.eng.Current().By != "monitor" {
		t.Errorf("at +%v: %s by %q, want ready by the monitor at the look after the refresh\n%s", s.at(), s.state(), s.eng.Current().By, s.timeline())
	}
}

// Not at a look that finds output pending, a key unread, or another timer:
// the refresh may not be drawn whole, or the loop waits for something else.
// The quiet window decides then.
func TestMonitorSettledNot(t *testing.T) {
	pending, unread, other := func(v kernel.View) kernel.View { v.Pending = true; return v },
		func(v kernel.View) kernel.View { v.Unread = 1; return v },
		func(v kernel.View) kernel.View { v.Timer = "200ms"; return v }
	for name, change := range map[string]func(kernel.View) kernel.View{"output pending": pending, "key unread": unread, "another timer": other} {
		t.Run(name, func(t *testing.T) {
			s, loop := settledStart(t)
			from := s.at()
			s.kern(change(loop))
			s.advance(100 * ms)
			s.neverWaiting(from)
		})
	}
}
