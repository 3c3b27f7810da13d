package termtest

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// killTagged ends every process whose environment carries tag (sessionEnv
// set to this terminal's cookie): the descendants that left the program's
// process group and session (setsid, daemons) and so escaped stopGroup.
// A process that clears its environment before exec escapes this too.
//
// It reads /proc/<pid>/environ only of processes started after the
// program (pid above its pid, unless pids wrapped around since), so its
// cost follows what ran since, not everything on the machine. It scans
// again until a scan finds nothing, for at most a second: a process may
// fork while it is being killed.
func killTagged(tag string, after int) {
	needle := []byte(sessionEnv + "=" + tag + "\x00")
	self := os.Getpid()
	for end := time.Now().Add(time.Second); time.Now().Before(end); {
		wrapped := lastPid() < after
		found := 0
		d, err := os.Open("/proc")
		if err != nil {
			return
		}
		names, _ := d.Readdirnames(-1)
		_ = d.Close()
		for _, name := range names {
			pid, err := strconv.Atoi(name)
			if err != nil || pid == self || (pid <= after && !wrapped) {
				continue
			}
			env, err := os.ReadFile("/proc/" + name + "/environ")
			if err != nil {
				continue
			}
			if bytes.HasPrefix(env, needle) || bytes.Contains(env, append([]byte{0}, needle...)) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
				found++
			}
		}
		if found == 0 {
			return
		}
		time.Sleep(time.Millisecond) // killed processes become zombies with no environment
	}
}

// lastPid returns the pid the kernel handed out last, or 0 if unknown.
func lastPid() int {
	b, err := os.ReadFile("/proc/sys/kernel/ns_last_pid")
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return n
}
