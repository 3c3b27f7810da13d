//go:build linux

package kernel_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// An event loop whose set holds the terminal and its own wake-ups (a
// self-pipe, an eventfd) and nothing due is Still once a second look finds
// nothing ran; node idle at a prompt is the same.
func TestLoopOnItsOwnWakeupsIsStill(t *testing.T) {
	for _, c := range []struct {
		name string
		argv []string
	}{
		{"python3 self-pipe and eventfd", []string{"python3", "-c", `
import os, select
r, w = os.pipe(); e = os.eventfd(0)
p = select.epoll(); p.register(0, select.EPOLLIN); p.register(r, select.EPOLLIN); p.register(e, select.EPOLLIN)
print("ready", flush=True); p.poll()`}},
		{"python3 select with an exception set, a thread waiting for a signal", []string{"python3", "-c", `
import select, signal, threading
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
threading.Thread(target=lambda: signal.sigwait({signal.SIGUSR1}), daemon=True).start()
print("ready", flush=True); select.select([0], [], [0])`}},
		{"python3 asyncio reading stdin (its self-pipe a socketpair)", []string{"python3", "-c", `
import asyncio, sys
async def main():
    loop = asyncio.get_running_loop(); done = loop.create_future()
    loop.add_reader(0, lambda: done.set_result(sys.stdin.readline()))
    print("ready", flush=True); await done
asyncio.run(main())`}},
		{"node at a prompt", []string{"node", "-e", "process.stdin.setRawMode(true); process.stdin.on('data', () => {}); console.log('ready')"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, true, c.argv...)
			v := s.await(t, "still", func(v kernel.View) bool { return v.Still })
			if v.Wait == kernel.Working || !strings.Contains(v.Doing, "(tty)") {
				t.Errorf("%s: %s, want a wait on the tty", c.name, v)
			}
		})
	}
}

// A pipe whose other end another process holds (a child's output), a
// socket, or a thread that runs keeps an event loop from being Still: something other
// than input may wake it.
func TestLoopWithOthersIsNotStill(t *testing.T) {
	for _, c := range []struct {
		name string
		argv []string
	}{
		{"a pipe from another process", []string{"python3", "-c", `
import os, select
r, w = os.pipe(); life_r, life_w = os.pipe()
if os.fork() == 0:
    # The writer: its own session, off the terminal, gone when the program is.
    os.setsid(); n = os.open("/dev/null", os.O_RDWR)
    for fd in (0, 1, 2): os.dup2(n, fd)
    os.close(r); os.close(life_w); os.read(life_r, 1); os._exit(0)
os.close(w); os.close(life_r)
p = select.epoll(); p.register(0, select.EPOLLIN); p.register(r, select.EPOLLIN)
p.poll()`}},
		{"a socket to another process", []string{"python3", "-c", `
import os, select, socket
a, b = socket.socketpair(); life_r, life_w = os.pipe()
if os.fork() == 0:
    # The peer: its own session, off the terminal, gone when the program is.
    os.setsid(); n = os.open("/dev/null", os.O_RDWR)
    for fd in (0, 1, 2): os.dup2(n, fd)
    a.close(); os.close(life_w); os.read(life_r, 1); os._exit(0)
b.close(); os.close(life_r)
p = select.epoll(); p.register(0, select.EPOLLIN); p.register(a.fileno(), select.EPOLLIN)
p.poll()`}},
		{"a thread that spins", []string{"python3", "-c", `
import select, threading
threading.Thread(target=lambda: [None for _ in iter(int, 1)], daemon=True).start()
p = select.epoll(); p.register(0, select.EPOLLIN)
p.poll()`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, true, c.argv...)
			s.await(t, "a wait on the tty", func(v kernel.View) bool { return strings.Contains(v.Doing, "(tty)") })
			for range 40 {
				v, err := s.obs.Observe()
				if err != nil {
					t.Fatal(err)
				}
				if v.Still {
					t.Fatalf("%s: %s, want not still", c.name, v)
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
}

// A loop still but for a timer says both: Still, and the timer in Timer
// (the reader decides how soon is soon).
func TestStillLoopWithATimer(t *testing.T) {
	s := start(t, true, "python3", "-c", `
import select
p = select.epoll(); p.register(0, select.EPOLLIN)
p.poll(8.0)`)
	v := s.await(t, "still", func(v kernel.View) bool { return v.Still })
	// 10s, or less when the look came late (a loaded machine).
	if d, ok := v.TimerDue(); !ok || d > 10*time.Second || !roundUp(d) {
		t.Errorf("python3 in epoll with an 8 s timeout: %s, want still with a timer due within 10s at most, rounded to 1, 2 or 5", v)
	}
}
