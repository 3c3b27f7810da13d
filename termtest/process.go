package termtest

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
	"syscall"
	"time"
)

// buildEnv makes the program's environment: clean and reproducible, with
// the user's entries last so they win.
func buildEnv(extra []string) []string {
	env := map[string]string{
		"TERM":      "xterm-256color",
		"COLORTERM": "truecolor",
		"LANG":      "C.UTF-8",
	}
	for _, k := range []string{"PATH", "HOME"} {
		if v, ok := os.LookupEnv(k); ok {
			env[k] = v
		}
	}
	order := []string{"PATH", "HOME", "TERM", "COLORTERM", "LANG"}
	for _, kv := range extra {
		k, v, _ := strings.Cut(kv, "=")
		if _, seen := env[k]; !seen {
			order = append(order, k)
		}
		env[k] = v
	}
	out := make([]string, 0, len(order))
	for _, k := range order {
		if v, ok := env[k]; ok {
			out = append(out, k+"="+v)
		}
	}
	return out
}

// sessionEnv names the variable that tags every process of a terminal with
// the terminal's cookie, so Close can find descendants that left the
// process group (see endDescendants; the tag is the last resort, as a
// process can clear or overwrite its environment).
const sessionEnv = "TTYRIG_SESSION"

// newCookie returns a tag no other terminal has.
func newCookie() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// stopGroup ends the program's whole process group: SIGHUP as a closing
// terminal would send, then SIGKILL after grace if the leader has not been
// reaped. reaped is closed once the leader is reaped.
//
// SIGHUP is sent again at growing intervals (1, 2, 4 ... ms) until the
// leader is reaped: bash 5.2 misses a lone SIGHUP that lands just as a
// command ends (about one close in five), and without a second one Close
// waited out the whole grace period.
//
// A leader that ignores SIGHUP (started under nohup, which a program
// inherits and most never reset) gets SIGTERM, and one that ignores that
// too SIGKILL: read from the process (hupIgnored) each time SIGHUP is sent
// again, from the first millisecond on, instead of waiting out the grace
// (ten bubbletea tests under nohup took 5.4 s, not 0.41 s). Not at the
// first SIGHUP: most programs are gone before it would be read.
func stopGroup(pgid int, grace time.Duration, reaped <-chan struct{}) {
	hangUp := func() {
		_ = syscall.Kill(-pgid, syscall.SIGHUP)
		_ = syscall.Kill(-pgid, syscall.SIGCONT) // a stopped group cannot act on SIGHUP
	}
	termed := false
	// escalate sends what ends a leader that ignores SIGHUP, and says
	// whether only SIGKILL is left.
	escalate := func() (kill bool) {
		hup, term := hupIgnored(pgid)
		switch {
		case hup && term:
			return true
		case hup && !termed:
			_ = syscall.Kill(-pgid, syscall.SIGTERM)
			termed = true
		}
		return false
	}
	hangUp()
	if reaped != nil {
		deadline := time.NewTimer(grace)
		defer deadline.Stop()
		again := time.Millisecond
	wait:
		for {
			resend := time.NewTimer(again)
			select {
			case <-reaped:
				resend.Stop()
				break wait
			case <-deadline.C:
				resend.Stop()
				break wait
			case <-resend.C:
				hangUp()
				if escalate() {
					break wait
				}
				again = min(2*again, 64*time.Millisecond)
			}
		}
	}
	// Children of the leader may still be alive even when it has exited.
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
}

// pollable returns the PTY master as a non-blocking file managed by Go's
// poller, so read deadlines and Close interrupt a blocked Read. (creack/pty
// hands out a blocking file; a grandchild holding the PTY open would
// otherwise keep the read loop alive after Close.)
func pollable(f *os.File) (*os.File, error) {
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return nil, err
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		_ = syscall.Close(fd)
		return nil, err
	}
	syscall.CloseOnExec(fd)
	_ = f.Close()
	return os.NewFile(uintptr(fd), f.Name()), nil
}
