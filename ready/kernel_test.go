package ready_test

import (
	"testing"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// kern feeds an observation of the kernel now.
func (s *sim) kern(v kernel.View) {
	s.eng.Observe(ready.Event{Time: s.clk.Now(), Kind: ready.Kernel, Kernel: v})
}

var (
	pythonReading = kernel.View{Wait: kernel.Reading, Doing: "python3 read(tty)", Leader: true, Canonical: true, Echo: true}
	sqliteWorking = kernel.View{Wait: kernel.Working, Doing: "sqlite3 running", Leader: true, Canonical: true, Echo: true}
	nodeWatching  = kernel.View{Wait: kernel.Watching, Doing: "node epoll_pwait(tty) among threads", Leader: true}
)

// A process blocked reading the terminal, with everything drawn, is ready
// at once: no quiet window, even with no prompt glyph before the cursor
// (bc prints none).
func TestKernelReadingIsReadyAtOnce(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("bc 1.07.1\r\n")
	s.advance(5 * ms)
	s.wantState(ready.Starting)
	s.kern(pythonReading)
	s.wantState(ready.Ready)
	if tr := s.eng.Current(); tr.Signal != ready.SignalKernel || s.readyAt(0) != 5*ms {
		t.Errorf("ready %v at +%v, want signal kernel at +5ms\n%s", tr, s.readyAt(0), s.timeline())
	}
}

// An observation made before the latest output says nothing about the
// screen after it: ready waits for a new one.
func TestKernelObservationBeforeOutputIsStale(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("1")
	s.kern(pythonReading)
	s.wantState(ready.Ready)
	s.in("2+2\r")
	s.out("2+2\r\n")
	s.advance(ms)
	s.wantState(ready.Busy)
	s.out("4\r\n") // after the observation: not yet
	s.advance(ms)
	s.wantState(ready.Busy)
	s.kern(pythonReading) // unchanged view, new observation
	s.wantState(ready.Ready)
}

// Output pending in the PTY or input the program has not read: the
// screen is not final, whatever the program waits in and however long the
// screen has been still.
func TestKernelQueuesAreBusy(t *testing.T) {
	for _, v := range []kernel.View{
		{Wait: kernel.Reading, Doing: "bc read(tty)", Pending: true},
		{Wait: kernel.Reading, Doing: "bc read(tty)", Unread: 4, Canonical: true},
		{Wait: kernel.Watching, Doing: "node epoll_pwait(tty) among threads", Pending: true},
		{Wait: kernel.Watching, Doing: "node epoll_pwait(tty) among threads", Unread: 1},
	} {
		s := newSim(t, ready.Generic())
		s.out("$ ")
		s.kern(v)
		s.advance(3000 * ms)
		s.neverWaiting(0)
	}
}

// When a long silent job ends, the screen's quiet starts again: the
// silence fallback does not fire in the moment between the job's end and
// the prompt being drawn (sqlite3 after ".shell sleep 3").
func TestKernelWorkEndRestartsQuiet(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("sqlite> ")
	s.kern(pythonReading)
	s.in(".shell sleep 3\r")
	s.out(".shell sleep 3\r\n")
	s.kern(sqliteWorking)
	s.advance(3000 * ms)
	s.kern(kernel.View{Wait: kernel.Watching, Doing: "sqlite3 poll(tty), fd 3"}) // between the job's end and the prompt
	s.advance(10 * ms)
	s.neverWaiting(ms)
}

// A program that is not waiting on the terminal is busy whatever the
// screen shows: sqlite3's long silent query is not ready at the silence
// fallback, and a prompt left on screen by a shell whose job runs (sleep
// after ^C) is not ready after the quiet window.
func TestKernelWorkingIsBusyThroughSilence(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("sqlite> ")
	s.kern(pythonReading)
	s.wantState(ready.Ready)
	s.in("select count(*) from big;\r")
	s.out("select count(*) from big;\r\n")
	s.kern(sqliteWorking)
	s.advance(5 * 1000 * ms)
	s.wantState(ready.Busy)
	if tr := s.eng.Status(); tr.Signal != ready.SignalKernel {
		t.Errorf("busy for %v, want the kernel's reason", tr)
	}
	s.out("42\r\nsqlite> ")
	s.kern(pythonReading)
	s.wantState(ready.Ready)
}

// An event loop watching the terminal says nothing: the screen decides,
// as without the kernel.
func TestKernelWatchingAbstains(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("welcome\r\n$ ")
	s.kern(nodeWatching)
	s.advance(100 * ms)
	s.wantState(ready.Starting)
	s.advance(100 * ms)
	s.wantState(ready.Ready)
	if got := s.readyAt(0); got != 150*ms || s.eng.Current().Signal != ready.SignalCursor {
		t.Errorf("ready at +%v by %s, want +150ms by the cursor, as without the kernel\n%s", got, s.eng.Current().Signal, s.timeline())
	}
}

// A question on screen with the process blocked reading is a question at
// once.
func TestKernelReadingUnderQuestion(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("Overwrite file? [y/N] ")
	s.kern(pythonReading)
	s.wantState(ready.Question)
	if p := s.eng.Current().Prompt; p == nil || p.Kind != "yesno" {
		t.Errorf("prompt %v, want yesno", p)
	}
}

// Input the program takes without drawing anything (bash when ^C flushed
// the line typed ahead): reading again with nothing unread is the
// reaction.
func TestKernelReadingAfterInputIsItsReaction(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("$ ")
	s.kern(pythonReading)
	s.wantState(ready.Ready)
	s.in("\x03")
	s.advance(ms)
	s.wantState(ready.Busy)
	s.kern(kernel.View{Wait: kernel.Reading, Doing: "bash pselect6(tty)", Leader: true, Unread: 1})
	s.advance(ms)
	s.wantState(ready.Busy)
	s.kern(kernel.View{Wait: kernel.Reading, Doing: "bash pselect6(tty)", Leader: true})
	s.wantState(ready.Ready)
}

// A process caught running for a moment (an event loop's timer, a write
// just made) is no work: no busy state, and the screen's quiet goes on.
func TestKernelWorkingBlipIsNotBusy(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("welcome\r\n$ ")
	s.advance(100 * ms)
	s.kern(kernel.View{Wait: kernel.Working, Doing: "node running among threads", Leader: true})
	s.advance(ms)
	s.kern(nodeWatching)
	s.advance(49 * ms)
	s.wantState(ready.Ready)
	if got := s.readyAt(0); got != 150*ms {
		t.Errorf("ready at +%v, want +150ms as without the blip\n%s", got, s.timeline())
	}
}

// A line read with echo off is a password, whatever the prompt says.
func TestKernelEchoOffIsPassword(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("Secret code: ")
	s.kern(kernel.View{Wait: kernel.Reading, Doing: "python3 read(tty)", Leader: true, Canonical: true})
	s.wantState(ready.Question)
	if p := s.eng.Current().Prompt; p == nil || p.Kind != "password" || p.Text != "Secret code:" {
		t.Errorf("prompt %v, want a password question \"Secret code:\"", p)
	}
}

// An event loop waiting for keys runs its callbacks for milliseconds at a
// time (node ran 8.5 ms with enquirer's question on screen); that is no
// work until it lasts tune.LoopWorkConfirm, while a synchronous program's work
// is confirmed after 5 ms.
func TestKernelEventLoopCallbackIsNotWork(t *testing.T) {
	nodeRunning := kernel.View{Wait: kernel.Working, Doing: "node running among threads", Leader: true}
	s := newSim(t, ready.Generic())
	s.out("> ")
	s.kern(nodeWatching)
	s.advance(200 * ms)
	s.wantState(ready.Ready)
	s.kern(nodeRunning)
	s.advance(9 * ms)
	s.kern(nodeRunning)
	s.advance(ms)
	s.wantState(ready.Ready)
	s.kern(nodeWatching)
	s.advance(100 * ms)
	s.wantState(ready.Ready)
	// Work that goes on is confirmed, well inside the screen's quiet
	// window (and inside tune.LoopWorkHold after the prompt was drawn).
	s.kern(nodeRunning)
	s.advance(49 * ms)
	s.wantState(ready.Ready)
	s.advance(2 * ms)
	s.kern(nodeRunning)
	s.wantState(ready.Busy)
}

// A key read by a reader thread among idle ones, nothing drawn since: the
// reader may have handed the key on to a thread not yet woken (live, at
// load 15: a Go program's reader back in read() 46 ms after the key, its
// worker arming its 400 ms of work 2 ms later). The look is taken only
// once the quiet window has passed since the key; a single-threaded
// reader's look is its reaction at once.
func TestKernelReaderAmongThreadsAfterAKeyWaits(t *testing.T) {
	goReading := kernel.View{Wait: kernel.Reading, Doing: "fullscreen read(tty)" + kernel.AmongThreads, Leader: true}
	s := newSim(t, ready.Generic())
	s.out("\x1b[?1049h\x1b[H\x1b[2J list\x1b[10;20H")
	s.kern(goReading)
	s.wantState(ready.Ready)
	s.advance(500 * ms) // the screen still since well before the key
	s.in("j")
	s.advance(46 * ms)
	s.kern(goReading)
	s.wantState(ready.Busy)
	s.advance(60 * ms)
	s.kern(goReading)
	s.wantState(ready.Busy)
	s.advance(50 * ms) // 156 ms since the key, nothing drawn: it did nothing
	s.kern(goReading)
	s.wantState(ready.Ready)

	one := newSim(t, ready.Generic())
	one.out("$ ")
	one.kern(pythonReading)
	one.in("\x1b[A") // an arrow key with no history: nothing drawn
	one.advance(5 * ms)
	one.kern(pythonReading)
	one.wantState(ready.Ready)
}
