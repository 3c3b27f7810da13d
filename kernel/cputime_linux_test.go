//go:build linux

package kernel_test

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// pollBusy polls its terminal with a zero timeout between chunks of work,
// as bpython does while it loads its completion index; pollIdle polls it
// every 10 ms and does nothing else. Both look the same to a single look:
// watching the terminal, a short timer due.
const (
	pollBusy = "import select, sys\nwhile True:\n    select.select([sys.stdin], [], [], 0)\n    sum(range(20000))"
	pollIdle = "import select, sys\nwhile True:\n    select.select([sys.stdin], [], [], 0.01)"
)

// The CPU fact tells them apart: the loop that burns between its polls
// was running or waiting for a CPU most of the time, near what its own
// /proc stat says it ran; the idle poller next to nothing.
// Looks 5 ms apart over 600 ms, as termtest makes them. The bounds leave
// room for the machine's load (2 cores shared with other tests: at a load
// of 16 the busy poller ran 0.12-0.23 of a core and read 0.34-0.79, the
// idle one read up to 0.17, its wake-ups waiting for a CPU).
func TestCPUShareOfAPollingLoop(t *testing.T) {
	busy := cpuOver(t, pollBusy)
	idle := cpuOver(t, pollIdle)
	t.Logf("CPU over 600 ms of looks: busy poller %.2f of a core (ran: %.2f by its stat), idle poller %.2f (ran: %.2f)",
		busy.fact, busy.stat, idle.fact, idle.stat)
	// At least 70 % of what its stat ran: the fact is read in steps of
	// 10 % ("80%"), each look's share is the mean over the last 50 ms
	// (it trails the loop's start), and stat counts 10 ms ticks (make
	// test's race run, beside busy loops: 0.83 read against 1.00 ran).
	if busy.fact < 0.7*busy.stat {
		t.Errorf("busy poller: the fact says %.2f of a core, less than 70%% of the %.2f its stat ran", busy.fact, busy.stat)
	}
	if idle.fact > 0.25 {
		t.Errorf("idle poller: the fact says %.2f of a core, want under 0.25 (its stat: %.2f)", idle.fact, idle.stat)
	}
	if busy.fact < idle.fact+0.2 {
		t.Errorf("busy poller %.2f of a core, idle %.2f: not told apart", busy.fact, idle.fact)
	}
}

type cpuReading struct{ fact, stat float64 }

// cpuOver runs the python program in a PTY, looks at it every 5 ms for
// 600 ms once it polls, and returns the mean of the looks' CPU (each
// weighted by its interval) beside the CPU time its /proc stat gained.
func cpuOver(t *testing.T, program string) cpuReading {
	t.Helper()
	s := start(t, true, "/usr/bin/python3", "-c", program)
	s.await(t, "python3 polling its terminal", func(v kernel.View) bool { return v.CPU != "" && strings.HasPrefix(v.Doing, "python3") })
	time.Sleep(200 * time.Millisecond) // past its start-up's imports
	pid := s.cmd.Process.Pid
	before, start := statCPU(t, pid), time.Now()
	var sum float64
	last := start
	for time.Since(start) < 600*time.Millisecond {
		time.Sleep(5 * time.Millisecond)
		v, err := s.obs.Observe()
		if err != nil {
			t.Fatal(err)
		}
		share, ok := v.CPUShare()
		if !ok {
			t.Fatalf("a look at a polling python3 with no CPU share: %s", v)
		}
		now := time.Now()
		sum += share * now.Sub(last).Seconds()
		last = now
	}
	after := statCPU(t, pid)
	wall := last.Sub(start).Seconds()
	return cpuReading{fact: sum / wall, stat: (after - before).Seconds() / wall}
}

// statCPU reads utime+stime of pid from /proc/<pid>/stat (10 ms steps).
func statCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := bytes.Fields(b[bytes.LastIndexByte(b, ')')+1:])
	ut, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	st, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("/proc/%d/stat: %q", pid, b)
	}
	return time.Duration(ut+st) * 10 * time.Millisecond
}
