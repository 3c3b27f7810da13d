package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// selectStill is urwid's select loop idle in pudb's dialog: one thread,
// the terminal alone in its set, no timer.
var selectStill = kernel.View{Wait: kernel.Watching, Doing: "python3 pselect6(tty)", Leader: true, Still: true}

// A key an event loop took and ignored (drew nothing for it) is its whole
// reaction once the loop is seen still with the key read: ready at that
// look, as a blocked reader back in read() is. Without it the reaction
// signal waited for a change of screen for ever.
func TestKernelStillLoopTookAKeyAndDrewNothing(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("Edit Preferences\r\n[ ] Show Line Numbers")
	s.advance(5 * ms)
	s.kern(selectStill)
	s.wantState(ready.Ready)
	s.advance(5 * ms)
	s.in("n")
	s.advance(5 * ms)
	s.kern(selectStill)
	if at := s.readyAt(10 * ms); at != 15*ms {
		t.Errorf("ready at +%v after the ignored key, want +15ms (the still look)\n%s\nnow: %v", at, s.timeline(), s.eng.Status())
	}
}

// Not while the key is unread, output is pending, a timer of its own is
// due soon (a debounce may draw), or the loop works: the reaction may come.
func TestKernelStillLoopKeyNotYetTaken(t *testing.T) {
	unread, pending, soon, working := selectStill, selectStill, selectStill, selectStill
	unread.Unread = 1
	pending.Pending = true
	soon.Timer = "100ms"
	working.Wait, working.Still = kernel.Working, false
	for _, c := range []struct {
		name string
		v    kernel.View
	}{{"input unread", unread}, {"output pending", pending}, {"a timer due", soon}, {"working", working}} {
		t.Run(c.name, func(t *testing.T) {
			s := newSim(t, ready.Generic())
			s.out("Edit Preferences\r\n[ ] Show Line Numbers")
			s.advance(5 * ms)
			s.kern(selectStill)
			s.advance(5 * ms)
			s.in("n")
			s.advance(5 * ms)
			s.kern(c.v)
			s.advance(100 * ms)
			s.neverWaiting(10 * ms)
		})
	}
}

// On the recording: pudb's preferences dialog (urwid, select loop) takes n
// and draws nothing; every key of the scenario gets a waiting state before
// the next key (it waited 6 s, missed, for each n before).
func TestIgnoredKeyInADialogRecording(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("..", "corpus", "testdata", "pudb-first-run.cast"))
	if err != nil {
		t.Fatal(err)
	}
	var inputs []time.Duration
	for _, e := range cast.Events {
		if e.Kind == asciicast.Input {
			inputs = append(inputs, e.Time)
		}
	}
	trs, at, timeline := replayCorpus(t, "pudb-first-run")
	for i := 0; i+1 < len(inputs); i++ {
		waited := false
		for j, tr := range trs {
			if at[j] > inputs[i] && at[j] <= inputs[i+1] && tr.State.Waiting() {
				waited = true
			}
		}
		if !waited {
			t.Errorf("no waiting state between input %d at %v and the next at %v\n%s", i+1, inputs[i], inputs[i+1], timeline)
		}
	}
}
