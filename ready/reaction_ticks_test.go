package ready_test

import (
	"fmt"
	"testing"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// fullscreenTick is the fullscreen fixture's header counter, rewritten in
// place (cursor saved and restored) every tick.
func fullscreenTick(n int) string {
	return fmt.Sprintf("\x1b7\x1b[1;1H\x1b[7m list   tick %d \x1b[K\x1b[0m\x1b8", n)
}

// A full-screen list whose header counter ticks every 250 ms: the tick drawn
// after a key, before the program took it, is no reaction (live, at load 25:
// ready 75 ms after j, on the tick, 400 ms before the key's redraw;
// corpus/testdata/load/fullscreen-tick-after-key.cast). The redraw is; and a
// key that draws nothing while the counter ticks on waits the silence window
// from the first tick after it, no longer.
func TestTickAfterAKeyIsNoReaction(t *testing.T) {
	goTicking := kernel.View{Wait: kernel.Watching, Doing: "fullscreen read(tty)" + kernel.AmongThreads, Leader: true, Timer: "500ms", Still: true}
	start := func() *sim {
		s := newSim(t, ready.Generic())
		s.out("\x1b[?1049h\x1b[H\x1b[2J" + fullscreenTick(0) + "\x1b[3;1H item 1\x1b[30;1H item 1/20\x1b[10;20H")
		s.kern(goTicking)
		for n := 1; n <= 3; n++ {
			s.advance(250 * ms)
			s.out(fullscreenTick(n))
			s.kern(goTicking)
		}
		s.advance(100 * ms)
		s.wantState(ready.Ready)
		return s
	}

	s := start()
	s.in("j")
	key := s.at()
	s.advance(75 * ms)
	s.out(fullscreenTick(4)) // due anyway; j not taken yet
	s.advance(40 * ms)
	s.kern(goTicking) // the main loop asleep in its 400 ms of work: a timer, as when it waits
	s.advance(300 * ms)
	s.wantState(ready.Busy)
	s.out("\x1b[H\x1b[2J" + fullscreenTick(4) + "\x1b[4;1H item 2\x1b[30;1H item 2/20\x1b[10;20H")
	redraw := s.at()
	s.advance(200 * ms)
	s.wantState(ready.Ready)
	if at := s.readyAt(key); at < redraw {
		t.Fatalf("ready at +%v, before the key's redraw at +%v\n%s", at, redraw, s.timeline())
	}

	// A key the list ignores: only ticks follow it. Ready once the silence
	// window has passed since the first of them, not before.
	s = start()
	s.in("x")
	key = s.at()
	s.advance(50 * ms)
	s.out(fullscreenTick(4))
	first := s.at()
	for n := 5; n <= 14; n++ {
		s.advance(250 * ms)
		s.out(fullscreenTick(n))
	}
	if at := s.readyAt(key); at < first+2000*ms || at > first+2000*ms+ready.Generic().Quiet.D() {
		t.Fatalf("ready at +%v after an ignored key, want the silence window after the first tick (+%v)\n%s", at, first+2000*ms, s.timeline())
	}
}

// A region drawn again by each key (htop's `t` toggling the tree view on
// rows 8 and 30; drawn here with text that cannot read as
// the key echoed) is the program answering, not an animation's tick: it
// kept no cadence of its own between two keys.
func TestRedrawOfTheLastKeysRowsIsAReaction(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[?1049h\x1b[H\x1b[2J top line\x1b[8;1H  PID- CPU%\x1b[30;1H Flat\x1b[30;20H")
	s.advance(500 * ms)
	s.wantState(ready.Ready)
	s.in("t")
	s.advance(2 * ms)
	s.out("\x1b[8;1H  PID+ CPU%\x1b[30;1H Deep\x1b[30;20H")
	s.advance(200 * ms)
	s.wantState(ready.Ready)
	s.in("t")
	s.advance(2 * ms)
	s.out("\x1b[8;1H  PID- CPU%\x1b[30;1H Flat\x1b[30;20H")
	s.advance(ready.Generic().Quiet.D() + 10*ms)
	s.wantState(ready.Ready)
}

// A repeat frame after the kernel saw the key read by a program of one
// thread is its reaction (visidata's j moves its cursor row over rows its
// loading drew on a cadence; corpus visidata). A reader among threads that
// read the key says nothing of the thread that draws.
func TestRepeatFrameAfterTheKeyWasReadByALoneReader(t *testing.T) {
	for _, c := range []struct {
		doing string
		want  ready.State
	}{
		{"vd poll(tty)", ready.Ready},
		{"fullscreen read(tty)" + kernel.AmongThreads, ready.Busy},
	} {
		waiting := kernel.View{Wait: kernel.Watching, Doing: c.doing, Leader: true, Timer: "100ms", Still: true}
		s := newSim(t, ready.Generic())
		s.out("\x1b[?1049h\x1b[H\x1b[2J" + fullscreenTick(0) + "\x1b[3;1H item 1\x1b[10;20H")
		for n := 1; n <= 3; n++ {
			s.advance(250 * ms)
			s.out(fullscreenTick(n))
			s.kern(waiting)
		}
		s.advance(200 * ms)
		s.wantState(ready.Ready)
		s.in("j")
		s.advance(10 * ms)
		read := waiting
		read.Still, read.Pending = false, true
		s.kern(read) // j read; its frame on its way
		s.out(fullscreenTick(4))
		s.advance(ready.Generic().Quiet.D() + 10*ms)
		s.kern(waiting)
		if got := s.state(); got != c.want {
			t.Errorf("%s: state %s %v after the frame, want %s\n%s", c.doing, got, ready.Generic().Quiet.D()+10*ms, c.want, s.timeline())
		}
	}
}
