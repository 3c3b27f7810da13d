package ready_test

import (
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// nodeStill is node idle at a prompt: its loop waits on the terminal and
// its own wake-ups, nothing ran between two looks (View.Still), a far
// timer armed (@inquirer's 10 s).
var nodeStill = kernel.View{Wait: kernel.Watching, Doing: "node epoll_pwait(tty) among threads", Leader: true, Timer: "10s", Still: true}

// An event loop seen still, after the last output, is ready at once: no
// quiet window, even with no prompt glyph before the cursor.
func TestKernelStillLoopIsReadyAtOnce(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("welcome\r\n")
	s.advance(5 * ms)
	s.kern(nodeWatching)
	s.wantState(ready.Starting)
	s.advance(5 * ms)
	s.kern(nodeStill)
	s.wantState(ready.Ready)
	if tr := s.eng.Current(); tr.Signal != ready.SignalKernel || s.readyAt(0) != 10*ms {
		t.Errorf("ready %v at +%v, want signal kernel at +10ms\n%s", tr, s.readyAt(0), s.timeline())
	}
}

// Still is not enough where the loop may act by itself soon (a timer due
// within the silence window: a footer, a spinner's frame, work done on a
// timer), where the observation is older than the output, or where
// nothing is drawn: the screen's signals decide, as without it.
func TestKernelStillLoopButNotReady(t *testing.T) {
	soon := nodeStill
	soon.Timer = "2s"
	pending := nodeStill
	pending.Pending = true
	for _, c := range []struct {
		name string
		out  string
		v    kernel.View
		late string // output after the observation
	}{
		{"a timer due within 2s", "$ ", soon, ""},
		{"output pending", "$ ", pending, ""},
		{"output after the look", "$ ", nodeStill, "more"},
		{"nothing drawn", "\x1b[?1049h", nodeStill, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSim(t, ready.Generic())
			s.out(c.out)
			s.advance(5 * ms)
			s.kern(c.v)
			if c.late != "" {
				s.out(c.late)
			}
			s.advance(20 * ms)
			if s.state() == ready.Ready {
				t.Errorf("ready at +%v, want the screen's signals to decide\n%s", s.readyAt(0), s.timeline())
			}
		})
	}
}

// On the corpus recordings made with View.Still, event loops of three
// runtimes (node, Go's tcell, newt) are decided by the kernel: two or
// more of their readies and questions are the still loop's.
func TestKernelStillDecidesCorpusLoops(t *testing.T) {
	for _, name := range []string{"node-repl", "tview-status", "whiptail"} {
		t.Run(name, func(t *testing.T) {
			trs, _, timeline := replayCorpus(t, name)
			still := 0
			for _, tr := range trs {
				if tr.State != ready.Ready && tr.State != ready.Question {
					continue
				}
				if tr.Signal == ready.SignalKernel && strings.Contains(tr.Reason, "its own wake-ups") {
					still++
				}
			}
			if still < 2 {
				t.Errorf("%s: %d decisions by the still loop, want 2 or more\n%s", name, still, timeline)
			}
		})
	}
}
