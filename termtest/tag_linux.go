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
// program (see pidsSince), so its cost follows what ran since, not
// everything on the machine. It scans
// again until a scan finds nothing, for at most a second: a process may
// fork while it is being killed.
func killTagged(tag string, after int) {
	needle := []byte(sessionEnv + "=" + tag + "\x00")
	self := os.Getpid()
	for end := time.Now().Add(time.Second); time.Now().Before(end); {
		found := 0
		for _, pid := range pidsSince(after) {
			if pid == self {
				continue
			}
			env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
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

// pidsSince returns the pids that may have been handed out after pid
// after: the range up to the last pid handed out when it is short (most
// closes: listing /proc costs more than trying a few pids), else every
// process in /proc above after, or all of them if pids wrapped around.
func pidsSince(after int) []int {
	last := lastPid()
	if last >= after && last-after <= 256 {
		pids := make([]int, 0, last-after)
		for pid := after + 1; pid <= last; pid++ {
			pids = append(pids, pid)
		}
		return pids
	}
	wrapped := last < after
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	_ = d.Close()
	var pids []int
	for _, name := range names {
		if pid, err := strconv.Atoi(name); err == nil && (pid > after || wrapped) {
			pids = append(pids, pid)
		}
	}
	return pids
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
