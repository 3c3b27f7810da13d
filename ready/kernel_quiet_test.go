package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// A curses program (one process, one thread: nnn, w3m, ranger) after a
// turn: it drew its answer and went back to poll on the terminal with a
// timeout, nothing else in its set.
var (
	cursesRan   = kernel.View{Wait: kernel.Watching, Doing: "nnn poll(tty)", Leader: true, Timer: "2s"}
	cursesStill = kernel.View{Wait: kernel.Watching, Doing: "nnn poll(tty)", Leader: true, Timer: "2s", Still: true}
)

// quietTurn plays a first prompt, waited out, then a turn: input, the
// answer and the prompt drawn, and the looks after them.
func quietTurn(t *testing.T, answer string, looks ...kernel.View) *sim {
	t.Helper()
	s := newSim(t, ready.Generic())
	s.out("$ ")
	s.advance(500 * ms)
	s.wantState(ready.Ready)
	s.kern(looks[len(looks)-1]) // the look before the input, as the last of the turn
	s.in("ls\r")
	s.advance(2 * ms)
	s.out(answer)
	for _, v := range looks {
		s.advance(5 * ms)
		s.kern(v)
	}
	return s
}

// Where the kernel proves nothing can be drawn before the quiet window
// ends (kernel_quiet.go), the window is met at once: the loop ran after
// the look at +507ms (the answer), then waits with a timeout of more than
// 1 s (read "2s"), none of its threads run since: nothing of its own can
// fire before +1.5s.
func TestQuietProvenByTheKernel(t *testing.T) {
	s := quietTurn(t, "ls\r\nfile\r\n$ ", cursesRan, cursesStill)
	s.wantState(ready.Ready)
	tr := s.eng.Current()
	if at := s.readyAt(502 * ms); at != 512*ms || tr.Signal != ready.SignalCursor || !strings.Contains(tr.Reason, "the kernel proves") {
		t.Errorf("ready %v at +%v, want the cursor signal at +512ms on the kernel's proof\n%s", tr, at, s.timeline())
	}
}

// No proof, and the quiet window is waited for, where the looks prove
// nothing: threads (the timeout read may be another thread's, armed before
// the frame), a timeout shorter than the window ("200ms": more than 100
// ms), no look that saw the loop run since the frame (the wait may be
// older than it), a terminal query unanswered (its
// answer comes as input does), or a relay's several processes.
func TestQuietNotProven(t *testing.T) {
	threads := func(v kernel.View) kernel.View { v.Doing = "chat epoll_wait(tty) among threads"; return v }
	short := func(v kernel.View) kernel.View { v.Timer = "200ms"; return v }
	relay := func(v kernel.View) kernel.View {
		v.Doing = "tmux: client poll; relay tmux: server poll(tty); panes: bash pselect6(tty)"
		return v
	}
	for _, c := range []struct {
		name   string
		answer string
		looks  []kernel.View
	}{
		{"among threads", "ls\r\nfile\r\n$ ", []kernel.View{threads(cursesRan), threads(cursesStill)}},
		{"a timeout shorter than the window", "ls\r\nfile\r\n$ ", []kernel.View{short(cursesRan), short(cursesStill)}},
		{"never seen to run", "ls\r\nfile\r\n$ ", []kernel.View{cursesStill, cursesStill}},
		{"a terminal query unanswered", "ls\r\nfile\r\n$ \x1b[6n", []kernel.View{cursesRan, cursesStill}},
		{"a relay", "ls\r\nfile\r\n$ ", []kernel.View{relay(cursesRan), relay(cursesStill)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := quietTurn(t, c.answer, c.looks...)
			s.advance(100 * ms)
			s.neverWaiting(502 * ms)
		})
	}
}

// On the corpus, the proof decides curses programs' turns where their
// poll's timeout is long (ranger's 2 s idle timeout, w3m's, python
// blessed's inkey(timeout=0.5)): every ranger turn within 50 ms of its
// truth (149 ms p50 without it), and never where threads or a relay wait
// (node's keep-alive behind which a query's timer hides, bubbletea's
// renderer, tmux).
func TestQuietProvenOnCorpus(t *testing.T) {
	for _, name := range []string{"ranger", "w3m", "py-blessed-menu"} {
		trs, _, timeline := replayCorpus(t, name)
		proven := 0
		for _, tr := range trs {
			if tr.State.Waiting() && strings.Contains(tr.Reason, "the kernel proves") {
				proven++
			}
		}
		if proven < 2 {
			t.Errorf("%s: %d decisions on the kernel's proof of quiet, want 2 or more\n%s", name, proven, timeline)
		}
	}
	for i, lat := range corpusLatencies(t, "ranger") {
		if lat < 0 || lat > 50*ms {
			t.Errorf("ranger turn %d: ready %v after the truth, want within 50ms", i+1, lat)
		}
	}
	for _, name := range []string{"node-timer-repl", "bubbletea-chat", "tmux", "late-footer-thread", "asyncio-console"} {
		trs, _, timeline := replayCorpus(t, name)
		for _, tr := range trs {
			if strings.Contains(tr.Reason, "the kernel proves") {
				t.Errorf("%s: decided on a proof of quiet (%s), want none\n%s", name, tr.Reason, timeline)
			}
		}
	}
}

// corpusLatencies replays a corpus recording and returns, for each ready
// mark of its truth, how long after it the engine was first waiting (-1:
// never before the next busy mark).
func corpusLatencies(t *testing.T, name string) []time.Duration {
	t.Helper()
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", name+".cast"))
	if err != nil {
		t.Fatal(err)
	}
	trs, at, _ := replayCorpus(t, name)
	var marks []asciicast.Event
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && (e.Data == recordings.MarkReady || e.Data == recordings.MarkBusy) {
			marks = append(marks, e)
		}
	}
	var out []time.Duration
	for i, m := range marks {
		if m.Data != recordings.MarkReady {
			continue
		}
		end := time.Duration(1<<62 - 1)
		if i+1 < len(marks) {
			end = marks[i+1].Time
		}
		lat := time.Duration(-1)
		for j, tr := range trs {
			// A decision kept from before the mark (the engine already
			// waiting) counts from the mark.
			if at[j] < end && tr.State.Waiting() && (at[j] >= m.Time || j+1 == len(trs) || at[j+1] > m.Time) {
				lat = max(at[j]-m.Time, 0)
				break
			}
		}
		out = append(out, lat)
	}
	return out
}

// A question on screen, proven to stay, is asked at once, as it would be
// when the quiet window ended: the question signal takes the proof too,
// or the cursor signal, ranked after it, would call the prompt ready.
func TestQuietProvenAsksTheQuestion(t *testing.T) {
	s := quietTurn(t, "rm file\r\nRemove file? [y/N] ", cursesRan, cursesStill)
	s.wantState(ready.Question)
	tr := s.eng.Current()
	if at := s.readyAt(502 * ms); at != 512*ms || tr.Prompt == nil || tr.Prompt.Kind != ready.PromptYesNo || !strings.Contains(tr.Reason, "the kernel proves") {
		t.Errorf("%v at +%v, want a yes/no question at +512ms on the kernel's proof\n%s", tr, at, s.timeline())
	}
}
