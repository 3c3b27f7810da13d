package ready

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// oneWaiter reads a look's Doing: one single-threaded process on the
// terminal, any other a parent in wait4.
func TestOneWaiter(t *testing.T) {
	for doing, want := range map[string]bool{
		"nnn poll(tty)":                            true,
		"strace wait4, w3m pselect6(tty)":          true,
		"strace wait4, vd poll(tty) among threads": false,
		"node epoll_pwait(tty) among threads":      false,
		"python3 clock_nanosleep":                  false,
		"strace wait4, ranger read(fd 3)":          false,
		"a poll(tty), b poll(tty)":                 false,
		"tmux: client poll; relay tmux: server poll(tty); panes: bash pselect6(tty)": false,
		"": false,
	} {
		if got := oneWaiter(doing); got != want {
			t.Errorf("oneWaiter(%q) = %v, want %v", doing, got, want)
		}
	}
}

// The proof ends at any event but a kernel look: output, input, a resize.
func TestQuietProofEndsAtAnEvent(t *testing.T) {
	t0 := time.Unix(0, 0)
	ran := kernel.View{Wait: kernel.Watching, Doing: "nnn poll(tty)", Timer: "1s"}
	still := ran
	still.Still = true
	for _, kind := range []EventKind{Output, Input, Resize} {
		var f facts
		var q quietProof
		q.look(&f, Event{Time: t0, Kind: Kernel, Kernel: still})
		q.look(&f, Event{Time: t0.Add(5 * time.Millisecond), Kind: Kernel, Kernel: ran})
		q.look(&f, Event{Time: t0.Add(10 * time.Millisecond), Kind: Kernel, Kernel: still})
		if want := t0.Add(500 * time.Millisecond); !f.quietTill.Equal(want) {
			t.Fatalf("proof till %v, want %v (the look before the run, plus the step below 1s)", f.quietTill.Sub(t0), want.Sub(t0))
		}
		q.look(&f, Event{Time: t0.Add(11 * time.Millisecond), Kind: kind})
		if !f.quietTill.IsZero() {
			t.Errorf("%v event: proof till %v kept, want none", kind, f.quietTill.Sub(t0))
		}
	}
}

// A program that catches SIGALRM may draw from a timer no wait's timeout
// shows (alarm(2), setitimer): no proof for it.
func TestQuietNotProvenWithAlarmCaught(t *testing.T) {
	t0 := time.Unix(0, 0)
	ran := kernel.View{Wait: kernel.Watching, Doing: "w3m pselect6(tty)", Timer: "1s", Alarm: true}
	still := ran
	still.Still = true
	var f facts
	var q quietProof
	q.look(&f, Event{Time: t0, Kind: Kernel, Kernel: still})
	q.look(&f, Event{Time: t0.Add(5 * time.Millisecond), Kind: Kernel, Kernel: ran})
	q.look(&f, Event{Time: t0.Add(10 * time.Millisecond), Kind: Kernel, Kernel: still})
	if !f.quietTill.IsZero() {
		t.Errorf("proof till %v with SIGALRM caught, want none", f.quietTill.Sub(t0))
	}
}
