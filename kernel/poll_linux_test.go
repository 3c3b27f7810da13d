//go:build linux

package kernel_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/kernel"
)

// A REPL whose reader polls the terminal (non-blocking, a sleep between
// reads) never blocks on it: at its prompt the kernel says it watches the
// terminal, not that it works, so the kernel never holds its ready back.
// While it answers a line (a silent wait) it sleeps as well: also Watching,
// and the screen's signals decide.
func TestPollingReaderIsWatching(t *testing.T) {
	s := start(t, true, fixtures.Build(t, "pollrepl"))
	v := s.await(t, "pollrepl polling at its prompt", func(v kernel.View) bool {
		return strings.Contains(v.Doing, "polling the terminal")
	})
	if v.Wait != kernel.Watching {
		t.Errorf("pollrepl at its prompt: %s, want watching", v)
	}
	// Ten more looks, 20 ms apart: not Working at every one (a thread
	// caught running, or starved on a loaded machine, makes a look
	// Working; Working at all of them is the veto for ever of old).
	working := 0
	for range 10 {
		time.Sleep(20 * time.Millisecond)
		v, err := s.obs.Observe()
		if err != nil {
			t.Fatal(err)
		}
		if v.Wait == kernel.Working {
			working++
		}
	}
	if working == 10 {
		t.Errorf("pollrepl at its prompt looked working at 10 looks of 10")
	}
}

// A wait with a timeout says a timer is due, rounded up to 1, 2 or 5 times
// a power of ten milliseconds; the same wait with none says nothing.
func TestTimerDue(t *testing.T) {
	s := start(t, true, "python3", "-c", "import select, sys; select.select([sys.stdin], [], [], 3.0); select.select([sys.stdin], [], [])")
	v := s.await(t, "python3 in select with 3 s", func(v kernel.View) bool { return v.Timer != "" })
	// What is left of the 3 s when looked at, rounded up: "5s", or less
	// when the look came late (a loaded machine).
	if d, ok := v.TimerDue(); !ok || d > 5*time.Second || !roundUp(d) {
		t.Errorf("python3 in select with a 3 s timeout: %s, want a timer due within 5s at most, rounded to 1, 2 or 5", v)
	}
	v = s.await(t, "python3 in select with no timeout", func(v kernel.View) bool { return v.Timer == "" && v.Wait == kernel.Reading })
	if _, ok := v.TimerDue(); ok {
		t.Errorf("python3 in select with no timeout: %s, want no timer", v)
	}
}

// A Go program whose reader goroutine is blocked in read(2) while the rest
// of its runtime is parked (futexes, a netpoller with internal wake-ups
// alone) can do nothing until input: Reading. While it works on a timer
// (a silent sleep), Watching with the timer.
func TestReaderAmongIdleThreads(t *testing.T) {
	s := start(t, true, fixtures.Build(t, "widget"), "-shape", "status", "-work", "3s")
	v := s.await(t, "widget idle, its reader in read(2)", waiting(kernel.Reading))
	if !strings.Contains(v.Doing, "read(tty) among threads") {
		t.Errorf("widget idle: %s, want its reader thread named", v)
	}
	if _, err := s.master.Write([]byte("\r")); err != nil {
		t.Fatal(err)
	}
	v = s.await(t, "widget working on a timer", func(v kernel.View) bool { return v.Timer != "" })
	if v.Wait == kernel.Reading {
		t.Errorf("widget sleeping 3 s in its work: %s, want not reading", v)
	}
}

// The same reader on a descriptor of its own, /dev/tty opened non-blocking,
// with its standard input left blocking (go-prompt 0.2.6): a poller too.
func TestPollingReaderOnItsOwnDescriptorIsWatching(t *testing.T) {
	s := start(t, true, fixtures.Build(t, "pollrepl"), "-tty")
	v := s.await(t, "pollrepl -tty polling at its prompt", func(v kernel.View) bool {
		return strings.Contains(v.Doing, "polling the terminal")
	})
	if v.Wait != kernel.Watching {
		t.Errorf("pollrepl -tty at its prompt: %s, want watching", v)
	}
}

// A parent waiting on the poller (a shell that runs it and waits, a
// tracer) can do nothing before its child: the group is still a poller.
func TestPollingReaderUnderAWaitingParentIsWatching(t *testing.T) {
	s := start(t, true, "sh", "-c", fixtures.Build(t, "pollrepl")+" -tty; true")
	// sh forks pollrepl and then waits for it: on a loaded machine pollrepl
	// was polling while sh was still running ("sh running"), so the look
	// that counts is one with both where they settle.
	v := s.await(t, "pollrepl -tty polling at its prompt, sh in wait4", func(v kernel.View) bool {
		return strings.Contains(v.Doing, "polling the terminal") && strings.Contains(v.Doing, "sh wait4")
	})
	if v.Wait != kernel.Watching {
		t.Errorf("pollrepl -tty under sh at its prompt: %s, want watching", v)
	}
}

// roundUp reports whether d is 1, 2 or 5 times a power of ten
// milliseconds, as a view's timer is rounded.
func roundUp(d time.Duration) bool {
	ms := d.Milliseconds()
	if ms <= 0 || d%time.Millisecond != 0 {
		return false
	}
	for ms%10 == 0 {
		ms /= 10
	}
	return ms == 1 || ms == 2 || ms == 5
}
