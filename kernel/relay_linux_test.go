//go:build linux

package kernel_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// tmux's client sleeps on its socket for the whole session while the
// daemonised server reads the terminal and runs bash in a pane: the
// kernel's view looks past the client to the relay and its pane. Waiting
// at bash's prompt is watching (still, once nothing runs), a pane's sleep
// is work, a line typed meanwhile is unread (in the pane's input queue:
// the relay read it from the terminal), and bash back at its prompt,
// having read it, watches again.
func TestRelayAndItsPanes(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatalf("tmux is not installed (make tools installs it): %v", err)
	}
	sock := filepath.Join(t.TempDir(), "tmux.sock")
	s := start(t, true, "env", "TERM=xterm-256color", "tmux", "-S", sock, "-f", "/dev/null",
		"new-session", "bash --norc --noprofile")
	t.Cleanup(func() { killServer(t, sock) })
	v := s.await(t, "the relay and its pane waiting, nothing run between two looks", func(v kernel.View) bool {
		return v.Still && strings.Contains(v.Doing, kernel.RelayDoing)
	})
	t.Logf("at bash's prompt: %s", v)
	if v.Wait != kernel.Watching || !strings.Contains(v.Doing, "tmux: client") || !strings.Contains(v.Doing, "relay tmux: server") ||
		!strings.Contains(v.Doing, "panes: bash") {
		t.Errorf("tmux idle at bash's prompt: %s, want watching, the client, the server and bash named", v)
	}
	if _, err := s.master.Write([]byte("sleep 3\r")); err != nil {
		t.Fatal(err)
	}
	v = s.await(t, "the pane's sleep working", func(v kernel.View) bool { return strings.Contains(v.Doing, "sleep") })
	t.Logf("sleep in the pane: %s", v)
	if v.Wait != kernel.Working || v.Still {
		t.Errorf("tmux with sleep in its pane: %s, want working", v)
	}
	// A line typed while sleep runs: the relay reads it off the terminal
	// and writes it to the pane, where nobody reads it yet (the pane is
	// cooked while sleep runs: a whole line, "true\n").
	if _, err := s.master.Write([]byte("true\r")); err != nil {
		t.Fatal(err)
	}
	// The relay reads the terminal at once; the look after 200 ms finds
	// the line in the pane's queue, the terminal's own empty.
	time.Sleep(200 * time.Millisecond)
	v = s.await(t, "the line unread in the pane", func(v kernel.View) bool {
		return v.Unread > 0 && strings.Contains(v.Doing, "server poll")
	})
	t.Logf("a line typed ahead: %s", v)
	if v.Unread != len("true\n") || v.Wait != kernel.Working {
		t.Errorf("tmux with sleep in its pane and a line typed: %s, want working with 5 bytes unread", v)
	}
	// Every look while sleep runs says work (3 s; looks stop after 1 s,
	// well before it ends even on a loaded machine): the pane's sleep, or
	// the client's own look where a pane could not be read for a moment.
	for end := time.Now().Add(time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		v, err := s.obs.Observe()
		if err != nil {
			t.Fatal(err)
		}
		if v.Wait != kernel.Working {
			t.Fatalf("tmux with sleep in its pane: %s, want working", v)
		}
	}
	v = s.await(t, "bash back at its prompt, the line read", func(v kernel.View) bool {
		return v.Still && v.Wait == kernel.Watching && !strings.Contains(v.Doing, "sleep")
	})
	if v.Unread != 0 {
		t.Errorf("bash back at its prompt: %s, want the line read", v)
	}
}

// A program whose foreground group waits on a socket (psql, curl, git push
// waiting for their server) is at work, also when another process outside
// the group reads the terminal: without PTY masters of its own to look
// into, that reader is no relay this package can vouch for.
func TestWaitOnASocketStaysWork(t *testing.T) {
	for _, c := range []struct {
		name string
		argv []string
	}{
		{"nobody else reads the terminal", []string{"python3", "-c", `
import select, socket
a, b = socket.socketpair()
p = select.poll(); p.register(a, select.POLLIN); p.poll()`}},
		{"a reader outside the group, with no PTY of its own", []string{"python3", "-c", `
import os, select, socket, sys
life_r, life_w = os.pipe()
if os.fork() == 0:
    # The reader: its own session, the terminal opened by name, gone when the program is.
    os.setsid(); tty = os.open(os.ttyname(0), os.O_RDWR | os.O_NOCTTY)
    os.close(life_w)
    p = select.poll(); p.register(tty, select.POLLIN); p.register(life_r, select.POLLIN); p.poll(); os._exit(0)
os.close(life_r)
a, b = socket.socketpair()
p = select.poll(); p.register(a, select.POLLIN); p.poll()`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, true, c.argv...)
			s.await(t, "python3 in poll", func(v kernel.View) bool { return strings.Contains(v.Doing, "python3 poll") })
			// Looks for 1.5 s: the relay's scans back off to 1 s, so two
			// or more scans run.
			for end := time.Now().Add(1500 * time.Millisecond); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
				v, err := s.obs.Observe()
				if err != nil {
					t.Fatal(err)
				}
				if v.Wait != kernel.Working || strings.Contains(v.Doing, kernel.RelayDoing) {
					t.Fatalf("%s: %s, want working, no relay", c.name, v)
				}
			}
		})
	}
}

// killServer ends the tmux server behind sock and waits until it is gone:
// it left the test's process tree (daemonised), so the PTY's cleanup does
// not reach it.
func killServer(tb testing.TB, sock string) {
	tb.Helper()
	out, err := exec.Command("tmux", "-S", sock, "display-message", "-p", "#{pid}").Output()
	if err != nil {
		return // the server is gone already (the session ended with its last pane)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil || pid <= 1 {
		tb.Errorf("tmux server's pid: %q", out)
		return
	}
	// kill-server ends the panes (their masters close: SIGHUP) and the
	// server; SIGKILL if it did not.
	if err := exec.Command("tmux", "-S", sock, "kill-server").Run(); err != nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil || strings.Contains(string(b), ") Z ") {
			return // gone, or a zombie its parent (init) reaps
		}
	}
	tb.Errorf("tmux server %d still running 5 s after SIGKILL", pid)
}
