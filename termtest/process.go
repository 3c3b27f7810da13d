package termtest

import (
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

// stopGroup ends the program's whole process group: SIGHUP as a closing
// terminal would send, then SIGKILL after grace if the leader has not been
// reaped. reaped is closed once the leader is reaped.
func stopGroup(pgid int, grace time.Duration, reaped <-chan struct{}) {
	_ = syscall.Kill(-pgid, syscall.SIGHUP)
	_ = syscall.Kill(-pgid, syscall.SIGCONT) // a stopped group cannot act on SIGHUP
	select {
	case <-reaped:
	case <-time.After(grace):
	}
	// Children of the leader may still be alive even when it has exited.
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
}
