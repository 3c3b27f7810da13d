package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// A full-screen program asks, takes a key it does not answer, moves its
// cursor to the question's end and back, and waits: the write is its whole
// reaction once it has been silent for the silence window (2 s). Before,
// the engine awaited a visible change for ever (the harness's 6 s bound).
func TestProgramWroteAfterTheKeyAndChangedNothing(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[?1049h\x1b[1;1HYour feeds\x1b[30;1HDo you really want to quit (y:Yes n:No)? \x1b[2;1H")
	s.advance(300 * ms)
	s.in("C")
	s.advance(ms)
	s.out("\x1b[30;42H\r\x1b[2d") // the cursor moved away and back: nothing visible changed
	s.advance(1900 * ms)
	s.neverWaiting(300 * ms) // within the silence window the reaction may still come
	s.advance(200 * ms)
	if at := s.readyAt(300 * ms); at < 2301*ms || at > 2400*ms {
		t.Errorf("waiting at +%v, want the silence window after the write (+2.301s)\n%s", at, s.timeline())
	}
}

// Not for a program that wrote nothing after the key (it may not have read
// it: a hung shell), nor for one whose reaction comes visibly within the
// window (the visible change ends the wait, as before).
func TestProgramWroteNothingAfterTheKey(t *testing.T) {
	t.Run("nothing written", func(t *testing.T) {
		s := newSim(t, ready.Generic())
		s.out("\x1b[?1049h\x1b[1;1HYour feeds\x1b[30;1HDo you really want to quit (y:Yes n:No)? \x1b[2;1H")
		s.advance(300 * ms)
		s.in("C")
		s.advance(4 * time.Second)
		s.neverWaiting(300 * ms)
	})
	t.Run("a visible reaction later", func(t *testing.T) {
		s := newSim(t, ready.Generic())
		s.out("\x1b[?1049h\x1b[1;1HYour feeds\x1b[30;1HSearch: \x1b[30;9H")
		s.advance(300 * ms)
		s.in("x")
		s.advance(ms)
		s.out("\x1b[30;9H") // an invisible write first
		s.advance(1500 * ms)
		s.out("\x1b[30;9Hx\x1b[2;1H3 results") // then the answer
		s.advance(ms)
		s.neverWaiting(300*ms + 1500*ms) // nothing before the answer
		s.advance(500 * ms)
		if at := s.readyAt(300 * ms); at < 1802*ms {
			t.Errorf("waiting at +%v, before the answer drawn at +1.802s\n%s", at, s.timeline())
		}
	})
}

// On round 9's recording of newsboat (kept here: the corpus re-recorded
// newsboat in round 10 on a run whose keys follow the scenario's screens),
// newsboat took "C" at its quit question and only moved its cursor; the
// turn was missed (6 s). Now: waiting after the silence window, and not
// before it.
func TestIgnoredKeyWithAnInvisibleWriteRecording(t *testing.T) {
	trs, at, timeline := replayCast(t, "testdata/newsboat-ignored-key.cast")
	const key, write, answer = 2317461 * time.Microsecond, 2318454 * time.Microsecond, 8319 * time.Millisecond // "C", its write, "y"
	first := time.Duration(-1)
	for i, tr := range trs {
		if tr.State.Waiting() && at[i] > key && at[i] < answer {
			first = at[i]
			break
		}
	}
	if first < write+2*time.Second || first > write+2100*time.Millisecond {
		t.Errorf("first waiting state after the ignored key at %v, want the silence window after its write (%v)\n%s", first, write+2*time.Second, timeline)
	}
}
