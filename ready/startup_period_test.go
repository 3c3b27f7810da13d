package ready_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// Before any input, a loop that draws, waits on the terminal with a
// timeout, refreshes when it runs out and waits again with the same
// reading is a monitor (signal_monitor_timed.go, kernel_startup_period.go):
// corpus top's first turn (truth: ready at its first frame, +0.298 s) was
// ready at +2.478 s, after the third refresh; with the rule, 150 ms after
// the second (+1.313 s).
func TestStartupPeriodTop(t *testing.T) {
	startupPeriod(t, "top", 297589*time.Microsecond, 1312621*time.Microsecond)
}

// The same for htop -d 10 (truth +0.417 s, second refresh drawn by
// +1.454 s; ready at +2.641 s before).
func TestStartupPeriodHtop(t *testing.T) {
	startupPeriod(t, "htop", 416968*time.Microsecond, 1454100*time.Microsecond)
}

// startupPeriod checks a corpus recording's first waiting state: a
// monitor's ready, within the quiet window and 60 ms of the second
// refresh's end.
func startupPeriod(t *testing.T, name string, truth, second time.Duration) {
	t.Helper()
	trs, at, timeline := replayCorpus(t, name)
	tr, got := waitAfter(trs, at, 0)
	if got < truth || got > second+210*time.Millisecond || tr.By != "monitor" {
		t.Errorf("first ready at +%v by %q (%s), want by the monitor within 210ms after the second refresh (+%v)\n%s",
			got, tr.By, tr.Reason, second, timeline)
	}
}

// A timer read at a look that finds output pending is not the timer that
// drew that output (signal_kernel.go): corpus asyncio-console's 200 ms
// heartbeat, read with its prompt still pending and again once it was
// drawn, was counted a repeat, hence a period at start-up, and its first
// firing went unwaited. The truth was not early there (the heartbeat draws
// nothing), but the repeat was false: the hold must run to its end
// (+0.280 s, 200 ms, 100 ms grace).
func TestStartupPeriodNotFromPendingOutput(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "asyncio-console")
	const held = 580 * time.Millisecond
	if tr, got := waitAfter(trs, at, 0); got < held {
		t.Errorf("first ready at +%v (%s), want after the heartbeat's hold (+%v)\n%s", got, tr.Reason, held, timeline)
	}
}

// After input one repeat is no period: an answer drawn by one timer and a
// footer drawn by the next (late-footer-thread) look so. The footer's
// timer is held after the answer, start-up or not.
func TestStartupPeriodNotAfterInput(t *testing.T) {
	s := newSim(t, ready.Generic())
	box := kernel.View{Wait: kernel.Watching, Doing: "agent read(tty) among threads", Leader: true}
	s.out("agent\r\n> ")
	s.advance(5 * ms)
	s.kern(box)
	s.advance(500 * ms)
	s.in("hello\r")
	s.out("\x1b[2J\x1b[H> hello\r\n  Working…")
	s.advance(5 * ms)
	timed := box
	timed.Timer = "2s"
	s.kern(timed) // the answer's 1.2 s sleep
	s.advance(1200 * ms)
	s.out("\x1b[2J\x1b[H> hello\r\nanswer 1: HELLO\r\n> ")
	s.advance(5 * ms)
	timed.Timer = "1s"
	s.kern(timed) // the footer's 600 ms timer: one repeat
	s.advance(400 * ms)
	if s.state().Waiting() {
		t.Fatalf("waiting 400 ms after the answer, before the footer's timer (%s)\n%s", s.eng.Current().Reason, s.timeline())
	}
}

// Two refreshes whose gap the timer read after the first does not give
// (a 1 s timer, the second frame 2.6 s later: the timer fired and drew
// nothing, something else drew) make no monitor.
func TestStartupPeriodNotAtAnotherGap(t *testing.T) {
	s := newSim(t, ready.Generic())
	loop := kernel.View{Wait: kernel.Watching, Doing: "top pselect6(tty)", Leader: true, Timer: "1s"}
	s.out("\x1b[?25l" + frame("a"))
	s.advance(5 * ms)
	s.kern(loop)
	s.advance(2600 * ms)
	s.out("\x1b[H" + frame("b"))
	s.advance(5 * ms)
	s.kern(loop)
	s.advance(300 * ms)
	if by := s.eng.Current().By; by == "monitor" {
		t.Fatalf("called a monitor after a gap its timer does not give\n%s", s.timeline())
	}
}

// frame draws ten rows of a table whose cells hold v.
func frame(v string) string {
	var b strings.Builder
	for i := range 10 {
		fmt.Fprintf(&b, "%4d  cell %s%d\r\n", i, v, i)
	}
	return b.String()
}
