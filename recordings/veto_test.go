package recordings_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// typed is input in castOf.
type typed string

// castOf writes events into a cast: each is a time and either output
// (string), input (typed), a kernel view, or nil for the end (exit 0).
func castOf(t *testing.T, events ...any) *asciicast.Cast {
	t.Helper()
	var buf bytes.Buffer
	w, err := asciicast.NewWriter(&buf, asciicast.Header{Width: 80, Height: 24, Command: "fixture"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(events); i += 2 {
		at := events[i].(time.Duration)
		switch e := events[i+1].(type) {
		case string:
			err = w.Output(at, []byte(e))
		case typed:
			err = w.Input(at, []byte(e))
		case kernel.View:
			err = w.Kernel(at, e.Encode())
		case nil:
			err = w.Exit(at, 0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := asciicast.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// firstWaiting replays c and returns its first Ready or Question transition
// and its offset from the start (false if none).
func firstWaiting(t *testing.T, c *asciicast.Cast) (ready.Transition, time.Duration, bool) {
	t.Helper()
	rep, err := recordings.Replay(c)
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	for _, tr := range rep.Run() {
		if tr.State.Waiting() {
			return tr, tr.Time.Sub(rep.Start()), true
		}
	}
	return ready.Transition{}, 0, false
}

// No signal vetoes for ever (issue 20, class 2): a REPL at "sql> " whose
// reader the kernel cannot see waiting (it said "working" for a Go prompt
// library's polling reader before package kernel knew that shape) is ready
// once the screen has been still for the silence window and the kernel's
// bound on top of it, decided by the screen's signals; never before the
// silence window. With the kernel's view as it is now (the poller is
// watching the terminal), the cursor decides after the quiet window.
func TestKernelWorkingVetoIsBounded(t *testing.T) {
	working := kernel.View{Wait: kernel.Working, Doing: "pollrepl futex among threads", Leader: true}
	tr, at, ok := firstWaiting(t, castOf(t, time.Duration(0), "sql> ", 5*time.Millisecond, working, 30*time.Second, nil))
	if !ok {
		t.Fatalf("never ready at \"sql> \" with the kernel saying working for 30 s")
	}
	if tr.Signal == ready.SignalKernel || at < 2*time.Second || at > 15*time.Second {
		t.Errorf("first ready %v at +%v, want the screen's signals to decide after 2 s and within 15 s", tr, at)
	}

	watching := kernel.View{Wait: kernel.Watching, Doing: "pollrepl futex among threads, polling the terminal (non-blocking)", Leader: true}
	tr, at, ok = firstWaiting(t, castOf(t, time.Duration(0), "sql> ", 5*time.Millisecond, watching, 30*time.Second, nil))
	if !ok || tr.Signal != ready.SignalCursor || at > 500*time.Millisecond {
		t.Errorf("first ready %v at +%v (found: %v), want the cursor's within 500 ms", tr, at, ok)
	}
}

// Nothing drawn is not ready (issue 20, class 4): an alternate screen
// entered and left blank while the program starts is not called ready by
// the silence fallback; what it draws later is. A screen blank for good is
// still decided in the end (the bound), by silence: after 60 s on the
// alternate screen (an agent's start-up was blank for 25 s), after 20 s on
// the main screen (clear, then a program that reads without a prompt).
func TestBlankScreenIsNotReady(t *testing.T) {
	box := "\x1b[2;1H╭────────╮\r\n│ ❯ \r\n╰────────╯\x1b[3;5H"
	tr, at, ok := firstWaiting(t, castOf(t, time.Duration(0), "\x1b[?1049h\x1b[H\x1b[2J", 9*time.Second, box, 12*time.Second, nil))
	if !ok || at < 9*time.Second || at > 10*time.Second {
		t.Errorf("first ready %v at +%v (found: %v), want one after the box drawn at +9s, within 1 s", tr, at, ok)
	}
	tr, at, ok = firstWaiting(t, castOf(t, time.Duration(0), "\x1b[?1049h\x1b[H\x1b[2J", 90*time.Second, nil))
	if !ok || tr.Signal != ready.SignalSilence || at < 60*time.Second || at > 65*time.Second {
		t.Errorf("alternate screen: first ready %v at +%v (found: %v), want the silence fallback once the 60 s blank hold is over", tr, at, ok)
	}
	tr, at, ok = firstWaiting(t, castOf(t, time.Duration(0), "\x1b[H\x1b[2J", 40*time.Second, nil))
	if !ok || tr.Signal != ready.SignalSilence || at < 20*time.Second || at > 25*time.Second {
		t.Errorf("main screen: first ready %v at +%v (found: %v), want the silence fallback once the 20 s blank hold is over", tr, at, ok)
	}
}

// Every transition names the signal that decided: one of the engine's
// signals (core or a profile's), or the engine's own start, exit and stuck.
func TestEveryTransitionNamesItsSignal(t *testing.T) {
	t.Parallel()
	known := map[string]bool{"start": true, "exit": true, "stuck": true}
	for _, n := range ready.SignalNames() {
		known[n] = true
	}
	for _, f := range corpusFiles(t) {
		rep, err := recordings.ReplayFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range rep.Run() {
			if !known[tr.By] {
				t.Errorf("%s: transition %v names %q, not a signal", f, tr, tr.By)
			}
		}
		rep.Close()
	}
}

// An event loop with a timer of its own due soon (issue 20, class 3: a
// footer redrawn 600 ms after the input box, the reader blocked in read(2)
// throughout) is not ready before the timer could have fired; with no
// timer due, the quiet window decides as before; a timer that repeats is
// waited out once.
func TestKernelTimerDueHolds(t *testing.T) {
	box := "\x1b[?1049h\x1b[2;1H╭────────╮\r\n│ > \r\n╰────────╯\x1b[3;5H"
	footer := "\x1b[5;1H  ? for shortcuts\x1b[3;5H"
	loop := kernel.View{Wait: kernel.Watching, Doing: "widget read(tty) among threads", Leader: true}
	timed := loop
	timed.Timer = "1s"
	tr, at, ok := firstWaiting(t, castOf(t, time.Duration(0), box, 5*time.Millisecond, timed,
		600*time.Millisecond, footer, 605*time.Millisecond, loop, 5*time.Second, nil))
	if !ok || at < 600*time.Millisecond || at > time.Second {
		t.Errorf("first ready %v at +%v (found: %v), want one after the footer at +600ms, within 1 s", tr, at, ok)
	}
	_, at, ok = firstWaiting(t, castOf(t, time.Duration(0), box, 5*time.Millisecond, loop, 5*time.Second, nil))
	if !ok || at > 200*time.Millisecond {
		t.Errorf("with no timer due: first ready at +%v (found: %v), want the quiet window's", at, ok)
	}
	blink := loop
	blink.Timer = "500ms"
	_, at, ok = firstWaiting(t, castOf(t, time.Duration(0), box, 5*time.Millisecond, blink, 5*time.Second, nil))
	if !ok || at < 500*time.Millisecond || at > 700*time.Millisecond {
		t.Errorf("a timer due within 500ms for good: first ready at +%v (found: %v), want it waited out once", at, ok)
	}
}

// A full-screen widget app answers Enter with one status line and nothing
// moves while it works (issue 20, class 1): not ready until the result is
// drawn, also when Enter came right after the first frame (a write that
// close to a whole-screen frame is part of a refresh, unless input came
// between; a live run was early this way).
func TestAltScreenStatusWordHolds(t *testing.T) {
	frame := "\x1b[1;1H┌────┐\x1b[2;1H│ Deploy\x1b[4;1H│ staging\x1b[5;1H│ production\x1b[6;1H└────┘\x1b[8;1H Enter: check"
	status := "\x1b[8;1H\x1b[2K checking production…"
	result := "\x1b[7;1H│ production: ok\x1b[8;1H\x1b[2K Enter: check"
	rep, err := recordings.Replay(castOf(t, time.Duration(0), "\x1b[?1049h\x1b[?25l", 10*time.Millisecond, frame, 40*time.Millisecond, typed("\r"),
		41*time.Millisecond, status, time.Second, result, 3*time.Second, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	for _, tr := range rep.Run() {
		if at := tr.Time.Sub(rep.Start()); tr.State.Waiting() && at > 40*time.Millisecond && at < time.Second {
			t.Errorf("%v at +%v, while the status line says the app works", tr, at)
		}
	}
}
