//go:build linux

package kernel

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// A look is steady while every thread it saw is still in the system call
// it saw it in: the same syscall file, read again. A thread that left its
// call (a line that differs) or is gone is not.
func TestSteadyLook(t *testing.T) {
	if table == nil {
		t.Skip("no system call table for this architecture")
	}
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	o := &Observer{leader: pid, calls: table}
	var th state
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if th = o.thread(pid, pid, 'S'); th.call == "clock_nanosleep" || th.call == "nanosleep" {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("sleep never seen asleep: last %q", th.call)
		}
	}
	asleep := look{calls: []seenCall{{pid: pid, tid: pid, line: th.line}}}
	if !asleep.steady() {
		t.Fatalf("sleep in %s (%q) read as moved", th.call, th.line)
	}
	moved := look{calls: []seenCall{{pid: pid, tid: pid, line: "running\n"}}}
	if moved.steady() {
		t.Error("a thread seen running, now asleep, read as steady")
	}
	// A group that is not steady is not scanned for: the search's spacing
	// is left as it was, for the next look.
	if pid, ok := o.findRelay(pid, moved.steady); ok || !o.relay.next.IsZero() {
		t.Errorf("findRelay for a moving group: %d, %v, next scan at %v; want none, no scan", pid, ok, o.relay.next)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if asleep.steady() {
		t.Errorf("a look at a process that is gone read as steady (%s)", strings.TrimSpace(th.line))
	}
}
