package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
)

// corpus bubbletea-minimal gives no signal that tells its work from its
// idle, and is ready only by the silence fallback (2 s), bounded. Its
// space key fetches a quote: the view says "fetching…" and a goroutine
// sleeps 600 ms, then the quote is drawn.
//
// The screen: no prompt glyph, no input line, the cursor hidden at column
// 1 below the text, no spinner. Its idle frame has nothing that says "keys
// are read here"; its busy frame has a status word ("fetching…"), but the
// absence of one is no ready sign (silent work draws none: issue 20,
// class 1).
//
// The kernel: bubbletea's renderer ticks 60 times a second whether or not
// anything changed, and its timer ("1ms" to "20ms") is the earliest the Go
// runtime's netpoller waits for, so the 600 ms sleep, a runtime timer
// too, is never read; the loop waits on the terminal both ways, is seen
// still between two ticks both ways, and uses the same share of a core
// both ways (0-70 % while fetching, every one of them read idle too). Every look made while it
// fetched has a shape (wait, timer, still) seen while it was idle and a
// CPU share seen while it was idle, so no rule on the kernel's view can
// make it ready sooner without being early on the fetch: the fetch's
// sleep leaves no trace outside the Go runtime.
func TestBubbleteaMinimalGivesNoSignal(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", "bubbletea-minimal.cast"))
	if err != nil {
		t.Fatal(err)
	}
	type shape struct {
		wait  kernel.Wait
		timer bool
		still bool
	}
	idle, busy := map[shape]int{}, map[shape]int{}
	idleCPU, busyCPU := map[string]int{}, map[string]int{}
	fetching := false
	for _, e := range cast.Events {
		switch {
		case e.Kind == asciicast.Output && strings.Contains(e.Data, "fetching…"):
			fetching = true
		case e.Kind == asciicast.Marker && e.Data == "ready":
			fetching = false
		case e.Kind == asciicast.Kernel:
			v, err := kernel.ParseView(e.Data)
			if err != nil {
				t.Fatalf("line %d: %v", e.Line, err)
			}
			if d, ok := v.TimerDue(); ok && d > 20*time.Millisecond {
				t.Errorf("line %d: a timer due within %v read: the renderer's tick no longer hides the program's timers", e.Line, d)
			}
			_, timed := v.TimerDue()
			s := shape{v.Wait, timed, v.Still}
			if fetching {
				busy[s]++
				busyCPU[v.CPU]++
			} else if v.Wait == kernel.Watching {
				idle[s]++
				idleCPU[v.CPU]++
			}
		}
	}
	if len(busy) == 0 {
		t.Fatal("no look while fetching: the recording is not the one this test reads")
	}
	for s, n := range busy {
		if idle[s] == 0 {
			t.Errorf("%d looks while fetching were %+v, a shape never seen idle: the kernel can tell (idle shapes: %v)", n, s, idle)
		}
	}
	for c, n := range busyCPU {
		if idleCPU[c] == 0 {
			t.Errorf("%d looks while fetching read %q of a core, a share never read idle: the kernel can tell (idle: %v)", n, c, idleCPU)
		}
	}

	trs, at, timeline := replayCorpus(t, "bubbletea-minimal")
	waits := 0
	for i, tr := range trs {
		if !tr.State.Waiting() {
			continue
		}
		waits++
		if !strings.Contains(tr.Reason, "no change for 2s") {
			t.Errorf("+%v: %s by %q, want the silence fallback (nothing else can tell)\n%s", at[i], tr.State, tr.Reason, timeline)
		}
	}
	if waits != 3 {
		t.Errorf("%d ready transitions, want one per turn (3)\n%s", waits, timeline)
	}
}
