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
