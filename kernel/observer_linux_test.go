//go:build linux

package kernel_test

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/kernel"
)

// session is a program in a real PTY, observed.
type session struct {
	master *os.File
	obs    *kernel.Observer
	cmd    *exec.Cmd
}

// start runs argv in a PTY; unless keepOutput, its output is drained so it
// never counts as pending.
func start(tb testing.TB, drain bool, argv ...string) *session {
	tb.Helper()
	if _, err := exec.LookPath(argv[0]); err != nil {
		tb.Fatalf("%s is not installed (make tools installs it): %v", argv[0], err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "TERM=dumb", "PS1=$ ", "HISTFILE=")
	m, err := pty.Start(cmd)
	if err != nil {
		tb.Fatal(err)
	}
	done := make(chan struct{})
	if drain {
		go func() { _, _ = io.Copy(io.Discard, m); close(done) }()
	} else {
		close(done)
	}
	tb.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = m.Close()
		<-done
	})
	o, err := kernel.Open(m, cmd.Process.Pid)
	if err != nil {
		tb.Fatal(err)
	}
	return &session{master: m, obs: o, cmd: cmd}
}

// await observes until ok holds (or fails after 5 s, showing the last view).
func (s *session) await(tb testing.TB, what string, ok func(kernel.View) bool) kernel.View {
	tb.Helper()
	deadline := time.Now().Add(5 * time.Second)
	var v kernel.View
	for time.Now().Before(deadline) {
		var err error
		if v, err = s.obs.Observe(); err != nil {
			tb.Fatal(err)
		}
		if ok(v) {
			return v
		}
		time.Sleep(5 * time.Millisecond)
	}
	tb.Fatalf("expected %s within 5s; the kernel last said: %s", what, v)
	return v
}

func waiting(w kernel.Wait) func(kernel.View) bool {
	return func(v kernel.View) bool { return v.Wait == w }
}

func TestPythonInputIsReading(t *testing.T) {
	s := start(t, true, "python3", "-c", "import time; time.sleep(0.3); input('name? '); time.sleep(5)")
	v := s.await(t, "python3 sleeping first", func(v kernel.View) bool { return strings.Contains(v.Doing, "clock_nanosleep") })
	if v.Wait != kernel.Working {
		t.Errorf("python3 in time.sleep: %s, want working", v)
	}
	v = s.await(t, "python3 blocked in input()", waiting(kernel.Reading))
	if !v.Canonical || !v.Echo || !v.Leader || v.Unread != 0 || !strings.Contains(v.Doing, "read(tty)") {
		t.Errorf("at input(): %s (%+v), want cooked with echo, the leader's group, nothing unread", v, v)
	}
	if _, err := s.master.Write([]byte("ada\r")); err != nil {
		t.Fatal(err)
	}
	s.await(t, "python3 back to sleep once it read the line", func(v kernel.View) bool {
		return v.Wait == kernel.Working && v.Unread == 0
	})
}

func TestPasswordPromptIsCookedWithoutEcho(t *testing.T) {
	s := start(t, true, "python3", "-c", "import getpass; getpass.getpass()")
	v := s.await(t, "getpass reading", waiting(kernel.Reading))
	if !v.Canonical || v.Echo {
		t.Errorf("getpass: %s, want canonical without echo", v)
	}
}

func TestProgramThatNeverReadsLeavesTheLineUnread(t *testing.T) {
	s := start(t, true, "sleep", "10")
	s.await(t, "sleep working", waiting(kernel.Working))
	if _, err := s.master.Write([]byte("hello\r")); err != nil {
		t.Fatal(err)
	}
	v := s.await(t, "the line in the input queue", func(v kernel.View) bool { return v.Unread > 0 })
	if v.Unread != len("hello\n") || v.Wait != kernel.Working {
		t.Errorf("after typing a line to sleep: %s, want 6 bytes unread and working", v)
	}
}

func TestUnreadOutputIsPending(t *testing.T) {
	s := start(t, false, "sh", "-c", "printf 'not read yet'; exec sleep 10")
	v := s.await(t, "sleep working", func(v kernel.View) bool { return strings.Contains(v.Doing, "sleep clock_nanosleep") })
	if !v.Pending {
		t.Errorf("output nobody read: %s, want pending", v)
	}
}

func TestBashPromptAndItsJob(t *testing.T) {
	s := start(t, true, "bash", "--norc", "--noprofile")
	// The wait and the terminal's mode are read a moment apart, and readline
	// switches the mode around its reads: wait for an observation of both.
	v := s.await(t, "bash reading at its prompt in raw mode", func(v kernel.View) bool { return v.Wait == kernel.Reading && !v.Canonical })
	if !v.Leader {
		t.Errorf("bash at its prompt: %s, want its own group, raw (readline)", v)
	}
	if _, err := s.master.Write([]byte("sleep 3\r")); err != nil {
		t.Fatal(err)
	}
	// The job's group gets the terminal as bash forks, before sleep runs.
	v = s.await(t, "sleep in the foreground", func(v kernel.View) bool { return strings.Contains(v.Doing, "sleep clock_nanosleep") })
	if v.Wait != kernel.Working || v.Leader {
		t.Errorf("bash running sleep: %s, want sleep working in its own group", v)
	}
	if _, err := s.master.Write([]byte{3}); err != nil { // ^C
		t.Fatal(err)
	}
	s.await(t, "bash back at its prompt after ^C", func(v kernel.View) bool { return v.Leader && v.Wait == kernel.Reading })
}

func TestEventLoopIsWatching(t *testing.T) {
	s := start(t, true, "node", "-e", "process.stdin.setRawMode(true); process.stdin.on('data', () => {}); setInterval(() => {}, 1000)")
	v := s.await(t, "node in its event loop", waiting(kernel.Watching))
	if !strings.Contains(v.Doing, "(tty)") {
		t.Errorf("node: %s, want a wait that includes the tty", v)
	}
}

func TestBusyLoopIsWorking(t *testing.T) {
	s := start(t, true, "python3", "-c", "while True: pass")
	// Working alone may be what starts python3 (a pyenv shim is a bash
	// script, seen working on a loaded machine: "bash read(fd 3), bash
	// wait4"); the loop itself must come to be seen running.
	s.await(t, "python3 running", func(v kernel.View) bool {
		return v.Wait == kernel.Working && strings.Contains(v.Doing, "running")
	})
}

// BenchmarkObserve is the cost of one observation of a program blocked
// in read (single-threaded) and of node's event loop (a dozen threads).
func BenchmarkObserve(b *testing.B) {
	for _, c := range []struct {
		name string
		argv []string
		want kernel.Wait
	}{
		{"python3-input", []string{"python3", "-c", "input()"}, kernel.Reading},
		{"bash-prompt", []string{"bash", "--norc", "--noprofile"}, kernel.Reading},
		{"node-eventloop", []string{"node", "-e", "process.stdin.on('data', () => {})"}, kernel.Watching},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := start(b, true, c.argv...)
			s.await(b, string(c.want), waiting(c.want))
			b.ResetTimer()
			for b.Loop() {
				if _, err := s.obs.Observe(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// An event loop nested in another: the terminal is registered in an inner
// epoll, itself registered in the outer one the program waits in, beside
// a pipe. It waits on the terminal (among other things), so it is not
// working.
func TestNestedEpollIsWatching(t *testing.T) {
	s := start(t, true, "python3", "-c", `
import os, select
inner = select.epoll(); inner.register(0, select.EPOLLIN)
outer = select.epoll(); outer.register(inner.fileno(), select.EPOLLIN)
r, w = os.pipe(); outer.register(r, select.EPOLLIN)
outer.poll()`)
	v := s.await(t, "python3 in its outer epoll", func(v kernel.View) bool { return strings.Contains(v.Doing, "epoll") })
	if v.Wait != kernel.Watching || !strings.Contains(v.Doing, "(tty)") {
		t.Errorf("nested epoll: %s, want watching the tty", v)
	}
}
