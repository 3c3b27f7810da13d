package termtest

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// A program another terminal started is no orphan of this one's, and
// neither are its threads: /proc answers for a thread's id as for a pid,
// with the process's parent, so a thread of a child os/exec holds looked
// like an orphan born while this terminal was open, and its SIGKILL ended
// the whole program (ttyrig record exited 137 in TestRecordExitsWith...).
func TestEndDescendantsSparesOtherProgramsThreads(t *testing.T) {
	// The first program tracked decides the subreaper for the whole test
	// process: let it be a live one of os/exec's, as Spawn's are, not the
	// ended one below (which would turn it off for every later test).
	live := exec.Command("sleep", "30")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	closeSpan(trackTerminal(live.Process.Pid))
	_ = live.Process.Kill()
	_ = live.Wait()

	spans.Lock()
	adopt := spans.adopt
	spans.adopt = true // as on Linux with pidfds: orphans are looked for
	spans.Unlock()
	t.Cleanup(func() { spans.Lock(); spans.adopt = adopt; spans.Unlock() })

	done := exec.Command("true")
	if err := done.Run(); err != nil {
		t.Fatal(err)
	}
	s := trackTerminal(done.Process.Pid) // a terminal whose program has ended
	defer closeSpan(s)

	other := exec.Command("python3", "-c", "import threading, time\n"+
		"for _ in range(4): threading.Thread(target=time.sleep, args=(30,), daemon=True).start()\n"+
		"time.sleep(30)")
	other.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // a terminal's program leads its own session
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = other.Process.Kill(); _ = other.Wait() })
	task := "/proc/" + strconv.Itoa(other.Process.Pid) + "/task"
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if ts, _ := os.ReadDir(task); len(ts) >= 5 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("python3 did not start its threads")
		}
	}

	endDescendants(s, "no-such-tag", map[int]bool{})

	time.Sleep(50 * time.Millisecond)
	if p, ok := readProc(other.Process.Pid); !ok || p.state == 'Z' {
		t.Fatalf("Close of another terminal ended a program os/exec holds (state %q)", p.state)
	}
}

// reapKilled looks at what it killed at least once, after its bound too: a
// wait woken late past the bound (a loaded machine) still reaps what died
// meanwhile. Bound 0 is a wake-up past the bound before the first look.
func TestReapKilledLooksPastItsBound(t *testing.T) {
	// syscall.ForkExec holds no pidfd, as for an orphan the test process
	// adopted: reapKilled may reap it.
	pid, err := syscall.ForkExec("/bin/sh", []string{"sh", "-c", "exit 0"}, &syscall.ProcAttr{})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		p, ok := readProc(pid)
		if !ok {
			t.Fatalf("process %d gone before it was reaped", pid)
		}
		if p.state == 'Z' {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %d not dead after 10 s (state %c)", pid, p.state)
		}
		time.Sleep(time.Millisecond)
	}
	reapKilled(map[int]bool{pid: true}, 0)
	if p, ok := readProc(pid); ok {
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
		t.Fatalf("process %d left unreaped (state %c) by a wait already past its bound", pid, p.state)
	}
}

// A killed process that has not died yet is waited for past reapBound
// unless it sleeps uninterruptibly (it may never die); reapMax bounds
// both.
func TestGiveUpReap(t *testing.T) {
	for _, tc := range []struct {
		elapsed time.Duration
		stuck   bool
		want    bool
	}{
		{time.Second, false, false},
		{time.Second, true, false},
		{3 * time.Second, false, false}, // dying, waiting for a processor
		{3 * time.Second, true, true},   // state D past reapBound
		{reapMax, false, true},
	} {
		if got := giveUpReap(tc.elapsed, reapBound, tc.stuck); got != tc.want {
			t.Errorf("giveUpReap(%v, %v, stuck %v) = %v, want %v", tc.elapsed, reapBound, tc.stuck, got, tc.want)
		}
	}
}
