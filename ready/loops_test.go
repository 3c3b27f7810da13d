package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// truthReady returns the offsets of a corpus recording's "ready" markers
// (the program's own word that it waits for keys).
func truthReady(t *testing.T, name string) []time.Duration {
	t.Helper()
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", name+".cast"))
	if err != nil {
		t.Fatal(err)
	}
	var at []time.Duration
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && e.Data == "ready" {
			at = append(at, e.Time)
		}
	}
	return at
}

// decidedAfter returns the first waiting transition at or after since, and
// its offset; false when there is none.
func decidedAfter(trs []ready.Transition, at []time.Duration, since time.Duration) (ready.Transition, time.Duration, bool) {
	for i, tr := range trs {
		if at[i] >= since && tr.State.Waiting() {
			return tr, at[i], true
		}
	}
	return ready.Transition{}, 0, false
}

// A spinner drawn only in the window title (bubbletea: the title's frames
// and the input's blinking cursor flushed together, 100 ms apart) ends when
// the title turns plain: the answer below it is decided by the quiet window
// after the prompt, not by outwaiting the title's cadence or the blink's
// (634 ms before: "animation: row 2 repainted").
func TestTitleSpinnerStopsWithItsGlyph(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "bubbletea-title-spinner")
	truth := truthReady(t, "bubbletea-title-spinner")
	if len(truth) != 3 {
		t.Fatalf("%d ready markers, want 3 (start, two answers)", len(truth))
	}
	for _, r := range truth[1:] { // the answers, each after the title spun
		tr, d, ok := decidedAfter(trs, at, r)
		switch {
		case !ok:
			t.Fatalf("never ready after the answer at +%v\n%s", r, timeline)
		case tr.By != "cursor" || strings.Contains(tr.Reason, "animation"):
			t.Errorf("ready at +%v by %s (%s), want the cursor's quiet window after the prompt, no animation to outwait\n%s", d, tr.By, tr.Reason, timeline)
		case d-r > 200*time.Millisecond:
			t.Errorf("ready %v after the answer, want at most 200ms\n%s", d-r, timeline)
		}
	}
}

// Once the hold for an event loop's timer was served after a change, the
// engine does not turn busy again on the loop's next ticks with nothing
// drawn: bubbletea's renderer ticks 60 times a second, read now with a
// timer, now without (before: ready, busy, ready four times in 500 ms).
func TestTimerHoldOncePerChange(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "bubbletea-title-spinner")
	for i := 1; i < len(trs); i++ {
		if trs[i-1].State.Waiting() && trs[i].State == ready.Busy && trs[i].By == "kernel" {
			t.Errorf("busy at +%v by the kernel right after ready, nothing drawn: %s\n%s", at[i], trs[i].Reason, timeline)
		}
	}
}

// The same on a constructed loop: a prompt, a 20 ms timer read (held),
// then served; the loop read without a timer, then with one again, is no
// new hold before the screen changes.
func TestTimerHoldServedOnce(t *testing.T) {
	tick := kernel.View{Wait: kernel.Watching, Doing: "app epoll_wait(tty) among threads", Leader: true, Timer: "20ms"}
	none := tick
	none.Timer = ""
	s := newSim(t, ready.Generic())
	s.out("> ")
	s.advance(5 * ms)
	s.kern(tick)
	s.advance(300 * ms)
	s.wantState(ready.Ready)
	s.kern(none)
	s.advance(5 * ms)
	s.kern(tick)
	s.advance(5 * ms)
	s.wantState(ready.Ready)
	// A change begins a hold again.
	s.out("x")
	s.advance(5 * ms)
	s.kern(tick)
	s.advance(5 * ms)
	if s.state() == ready.Ready {
		t.Errorf("ready 10ms after a change with a timer due, want the timer waited out\n%s", s.timeline())
	}
}

// loopTimer is an event loop watching the terminal with a timer of its own
// due (prompt_toolkit's 0.5 s terminal-size poll reads "500ms").
func loopTimer(timer string) kernel.View {
	return kernel.View{Wait: kernel.Watching, Doing: "python3 epoll_wait(tty)", Leader: true, Timer: timer}
}

// The hold for a loop's timer ends when a look past the timer's bound finds
// the loop waiting again with nothing drawn: the tick fired and drew
// nothing (live ptk-repl: "500ms", then "10ms" near its end, then "500ms"
// again), not TimerGrace after the bound.
func TestTickThatDrewNothingEndsTheHold(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("sql> ")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms")) // due by +505ms
	s.advance(395 * ms)
	s.wantState(ready.Starting)
	s.kern(loopTimer("10ms")) // due by +410ms
	s.advance(12 * ms)
	s.kern(loopTimer("500ms")) // past it: fired, waiting again
	if s.state() != ready.Ready || s.at() > 420*ms {
		t.Errorf("at +%v: %s, want ready as the tick is seen done (+412ms)\n%s", s.at(), s.state(), s.timeline())
	}
	// The tick is known now: the next change holds for it no more.
	s.out("\r\nsql> ")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms"))
	s.advance(150 * ms)
	if got := s.readyAt(417 * ms); got < 0 || got > 570*ms {
		t.Errorf("ready again at +%v, want the quiet window after the change (+567ms)\n%s", got, s.timeline())
	}
}

// Input forgets the tick: it may arm timers of its own (a debounced search
// draws after one), so the hold is back after it.
func TestInputForgetsTheTick(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("sql> ")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms"))
	s.advance(395 * ms)
	s.kern(loopTimer("10ms"))
	s.advance(12 * ms)
	s.kern(loopTimer("500ms"))
	s.wantState(ready.Ready)
	s.in("s")
	s.out("s")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms"))
	s.advance(450 * ms) // past the settle window (400 ms: no prompt glyph before the cursor)
	if s.state() == ready.Ready {
		t.Errorf("ready 450ms after input with a timer due, want the timer waited out\n%s", s.timeline())
	}
}

// A shorter reading that cannot be the held timer (due before the held one
// could be) is another timer: Go's sysmon read "5ms" 5 ms into a program's
// 500 ms sleep, and the sleep read again after it is no tick done (the
// recordings' widget-late: a footer drawn 600 ms after its box).
func TestShortReadingOfAnotherTimer(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("│ > ")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms"))
	s.advance(5 * ms)
	s.kern(loopTimer("5ms"))
	s.advance(7 * ms)
	s.kern(loopTimer("500ms"))
	s.advance(400 * ms)
	if s.state() == ready.Ready {
		t.Errorf("ready at +%v, want the 500ms timer waited out\n%s", s.readyAt(0), s.timeline())
	}
}

// A refresh period seen (a timer that drew and was due again twice) holds
// nothing after a key either: top re-sorts on "P", draws at once, and
// refreshes every second as before (before: two refreshes waited out
// again, 2.18 s after each key).
func TestRefreshPeriodOutlivesInput(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "top")
	truth := truthReady(t, "top")
	if len(truth) != 3 {
		t.Fatalf("%d ready markers, want 3 (start, after M, after P)", len(truth))
	}
	for _, r := range truth[1:] {
		tr, d, ok := decidedAfter(trs, at, r)
		if !ok || d-r > 200*time.Millisecond {
			t.Errorf("after the key at +%v: ready %v later (%s), want at most 200ms\n%s", r, d-r, tr.Reason, timeline)
		}
	}
}

// earlyIn returns the waiting transitions made while a corpus recording's
// truth says busy (between a "busy" marker and the next "ready").
func earlyIn(t *testing.T, name string, trs []ready.Transition, at []time.Duration) []string {
	t.Helper()
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", name+".cast"))
	if err != nil {
		t.Fatal(err)
	}
	var early []string
	busy, since := true, time.Duration(0)
	check := func(until time.Duration) {
		for i, tr := range trs {
			if busy && at[i] > since && at[i] < until && tr.State.Waiting() {
				early = append(early, at[i].String()+" "+tr.By+": "+tr.Reason)
			}
		}
	}
	for _, e := range cast.Events {
		if e.Kind != asciicast.Marker || (e.Data != "busy" && e.Data != "ready") {
			continue
		}
		if e.Data == "ready" && busy {
			check(e.Time)
		}
		busy, since = e.Data == "busy", e.Time
	}
	return early
}

// A spinner in the window title holds while its frames come slower than
// the animation signal outwaits (live, on a loaded machine, 217 and 436 ms
// apart: ready twice while the program worked).
func TestTitleSpinnerHoldsThroughSlowFrames(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "bubbletea-title-spinner")
	if early := earlyIn(t, "bubbletea-title-spinner", trs, at); len(early) > 0 {
		t.Errorf("ready while the program worked: %v\n%s", early, timeline)
	}
}

// A look that finds output pending begins no timer hold: the output was
// written before, and drawing it is no timer firing (live late-footer-thread:
// "Working…" taken for its 1.2 s sleep's drawing made a false refresh
// period, and the footer's 600 ms timer went unwaited).
func TestPendingLookBeginsNoHold(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "late-footer-thread")
	if early := earlyIn(t, "late-footer-thread", trs, at); len(early) > 0 {
		t.Errorf("ready before the footer: %v\n%s", early, timeline)
	}
}

// A tick is learnt also when the hold ran out (TimerGrace) before a look
// past its bound came: looks that find the loop as it was are not fed
// again (live node-timer-repl: the keep-alive re-armed unseen, shown by a
// look 230 ms after the bound; the answer's prompt then waited 600 ms).
func TestTickLearntAfterTheHoldRanOut(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("db> ")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms")) // held until +605ms
	s.advance(700 * ms)
	s.wantState(ready.Ready)
	s.kern(loopTimer("500ms")) // +705ms, past the bound: the tick fired, nothing drawn
	s.advance(10 * ms)
	s.out("\r\ndb> ")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms"))
	s.advance(150 * ms)
	if got := s.readyAt(716 * ms); got < 0 || got > 870*ms {
		t.Errorf("ready again at +%v, want the quiet window after the change (+865ms), the tick known\n%s", got, s.timeline())
	}
}

// A look that finds the loop's earliest timer due after the held timer's
// latest due time saw the held timer gone: asyncio wakes a few ms before
// the bound its reading gives and arms its poll again at once (corpus
// ipython: "500ms" at 2.141 s, its poll again at 2.636 s, bound 2.641 s),
// so no look comes past the bound before the hold runs out. A reading
// that could still be the held timer ends nothing.
func TestRearmedTimerEndsTheHold(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("sql> ")
	s.advance(5 * ms)
	s.kern(loopTimer("500ms")) // due by +505ms
	s.advance(295 * ms)
	s.kern(loopTimer("500ms")) // due after +500ms: may be the held timer
	s.advance(150 * ms)
	s.wantState(ready.Starting)
	s.advance(30 * ms)
	s.kern(kernel.View{Wait: kernel.Working, Doing: "python3 running", Leader: true}) // its callback
	s.advance(5 * ms)
	s.kern(loopTimer("500ms")) // at +485ms, due after +685ms: the held one fired
	if s.state() != ready.Ready || s.at() > 490*ms {
		t.Errorf("at +%v: %s, want ready as the poll is read armed again (+485ms)\n%s", s.at(), s.state(), s.timeline())
	}
}

// A runtime's short wait read between two writes of a refresh frame keeps
// the refresh's repeats: htop's poll read "1ms" inside its second refresh,
// and its 1 s period was taken only at the third (3.26 s after the first
// frame; the first two refreshes suffice, as for top).
func TestShortWaitInsideAFrameKeepsTheRefresh(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "htop")
	truth := truthReady(t, "htop")
	if len(truth) == 0 {
		t.Fatal("no ready marker in htop's recording")
	}
	tr, d, ok := decidedAfter(trs, at, truth[0])
	if !ok || d-truth[0] > 2300*time.Millisecond {
		t.Errorf("first turn: ready %v after the truth (%s), want within two refreshes (2.3s)\n%s", d-truth[0], tr.Reason, timeline)
	}
}

// What is drawn after input sent since a clear is the input's answer, not
// a stage of the clear's redraw: gocui's cursor move 180 ms after its
// start-up clear was held until the clear was 500 ms old (323 ms).
func TestInputAnswerIsNoClearStage(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "gocui")
	truth := truthReady(t, "gocui")
	if len(truth) < 2 {
		t.Fatalf("%d ready markers in gocui's recording, want 5", len(truth))
	}
	tr, d, ok := decidedAfter(trs, at, truth[1])
	if !ok || d-truth[1] > 200*time.Millisecond {
		t.Errorf("after the first key: ready %v later (%s), want at most 200ms\n%s", d-truth[1], tr.Reason, timeline)
	}
}
