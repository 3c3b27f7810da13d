package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// loopWorkHold is tune.LoopWorkHold's default (params.go).
const loopWorkHold = 400 * time.Millisecond

var nodeWorking = kernel.View{Wait: kernel.Working, Doing: "node running among threads", Leader: true}

// An event loop that draws its prompt and runs on (node's threads after an
// agent's final frame, beside V8's helper threads and a child) is held busy
// by the kernel for tune.LoopWorkHold after the screen settled, not until
// its threads stop: then the screen's signals decide.
func TestKernelLoopWorkIsHeldBounded(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("> ")
	s.kern(nodeWatching)
	s.advance(200 * ms)
	s.wantState(ready.Ready)
	s.in("hi\r")
	s.out("hi\r\nhello\r\n> ")
	s.kern(nodeWorking)
	s.advance(loopWorkHold - ms)
	s.wantState(ready.Busy)
	if tr := s.eng.Status(); tr.Signal != ready.SignalKernel {
		t.Errorf("busy for %v, want the kernel's reason\n%s", tr, s.timeline())
	}
	s.advance(ms)
	s.wantState(ready.Ready)
	if tr := s.eng.Current(); tr.Signal != ready.SignalCursor {
		t.Errorf("ready %v, want decided by the cursor once the hold ended\n%s", tr, s.timeline())
	}
}

// A look that cannot read the group (Unknown: a thread not in a system
// call, a child starting) does not end the loop's work nor make it
// forget it was an event loop: the bound still applies, from the screen's
// last change.
func TestKernelLoopWorkSurvivesUnknownLooks(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("> ")
	s.kern(nodeWatching)
	s.advance(200 * ms)
	s.in("hi\r")
	s.out("hi\r\nhello\r\n> ")
	s.kern(nodeWorking)
	s.advance(100 * ms)
	s.kern(kernel.View{Wait: kernel.Unknown, Doing: "node not in a system call among threads", Leader: true})
	s.advance(10 * ms)
	s.kern(nodeWorking)
	s.advance(loopWorkHold - 111*ms)
	s.wantState(ready.Busy)
	s.advance(ms)
	s.wantState(ready.Ready)
}

// A synchronous program's work (no event loop seen before it) keeps the
// long bound: sqlite3 in a silent query is busy well past the loop's hold.
func TestKernelSyncWorkKeepsTheLongHold(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("sqlite> ")
	s.kern(pythonReading)
	s.wantState(ready.Ready)
	s.in("select 1;\r")
	s.out("select 1;\r\nsqlite> ")
	s.kern(sqliteWorking)
	s.advance(3 * loopWorkHold)
	s.wantState(ready.Busy)
}

// Start-up keeps the long hold: before the program first waited, an event
// loop's work is its loading (an agent's under a spinner slower than the
// quiet window), not work left over after a final frame.
func TestKernelLoopWorkAtStartUpKeepsTheLongHold(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("> ")
	s.kern(nodeWatching)
	s.advance(10 * ms)
	s.kern(nodeWorking)
	s.advance(3 * loopWorkHold)
	s.neverWaiting(0)
}
