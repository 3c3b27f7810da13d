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
