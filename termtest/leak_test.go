package termtest_test

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// Spawning and closing 50 terminals leaves no process, file descriptor or
// goroutine behind. Not parallel: it counts what the whole process holds.
func TestCloseLeavesNothingBehind(t *testing.T) {
	pidsRe := regexp.MustCompile(`pids (\d+) (\d+)`)
	// The program is a process group of two: bash and a background sleep.
	spawnAndClose := func() []int {
		term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "sleep 60 & echo pids $$ $!; wait"})
		term.ExpectScreen(expect.Matches(pidsRe))
		m := pidsRe.FindStringSubmatch(term.Snapshot().Text())
		term.Close()
		leader, _ := strconv.Atoi(m[1])
		child, _ := strconv.Atoi(m[2])
		return []int{leader, child}
	}
	spawnAndClose() // the first use opens what the process keeps (the poller's epoll fd)

	goroutines, fds := runtime.NumGoroutine(), openFDs(t)
	var pids []int
	for range 50 {
		pids = append(pids, spawnAndClose()...)
	}

	if now := openFDs(t); len(now) > len(fds) {
		t.Errorf("%d file descriptors open before, %d after 50 terminals:\nbefore %v\nafter  %v", len(fds), len(now), fds, now)
	}
	// Close returns once the leader is reaped, the rest of its group has
	// been sent SIGKILL and the terminal's goroutines are told to end; give
	// the last of them a moment to finish dying or returning.
	var alive []error
	deadline := time.Now().Add(2 * time.Second)
	for {
		alive = alive[:0]
		for _, pid := range pids {
			if err := processGone(pid); err != nil {
				alive = append(alive, err)
			}
		}
		if (len(alive) == 0 && runtime.NumGoroutine() <= goroutines) || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, err := range alive {
		t.Error(err)
	}
	if n := runtime.NumGoroutine(); n > goroutines {
		var b strings.Builder
		_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
		t.Errorf("%d goroutines before, %d after 50 terminals:\n%s", goroutines, n, b.String())
	}
}

// processGone checks a process has ended. A process whose parent died is
// reparented to init, which here may not reap it: a zombie counts as gone
// unless it is our own unreaped child.
func processGone(pid int) error {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return nil
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil // gone between the two looks
	}
	// pid (comm) state ppid ...; comm may hold spaces, so read from the last ')'.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	if len(fields) >= 2 && fields[0] == "Z" && fields[1] != strconv.Itoa(os.Getpid()) {
		return nil
	}
	return fmt.Errorf("process %d is still there: %s", pid, stat)
}

// openFDs lists this process's open file descriptors and what they are.
func openFDs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot list file descriptors: %v", err)
	}
	var out []string
	for _, e := range entries {
		target, _ := os.Readlink("/proc/self/fd/" + e.Name())
		out = append(out, e.Name()+"="+target)
	}
	return out
}
