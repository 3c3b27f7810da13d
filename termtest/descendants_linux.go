package termtest

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/ttyrig/ttyrig/internal/procfs"
)

// Close ends the program's process group (stopGroup), then every other
// process the program started: descendants that left the group and its
// session (setsid), cleared their environment (env -i), wrote over it
// (setproctitle: perl's $0), or double-forked so their parent is gone. They
// are found by what they cannot erase:
//
//   - the process tree, seen before the group is ended (parent links);
//   - the session: every process still in the program's session;
//   - the test process as their parent: it is a child subreaper
//     (PR_SET_CHILD_SUBREAPER), so an orphan comes to it instead of init,
//     and is this terminal's if it was born while this terminal was open
//     and no other terminal still open was (process start times, in clock
//     ticks since boot);
//   - and, for what the above misses (the subreaper refused), the
//     terminal's tag in the environment (sessionEnv).
//
// The subreaper must reap what it inherits and must not take an exit
// status os/exec waits for: it reaps only processes it found to be this
// terminal's and that os (os/exec) holds no pidfd for. Go starts every
// process with a pidfd (Go 1.23+, Linux 5.4+); where the first terminal's
// program has none, the subreaper is turned off again, since a child of the
// test's own could then not be told from an orphan.

// termSpan is one terminal's lifetime, in clock ticks since boot (the unit
// of a process's start time in /proc/<pid>/stat).
type termSpan struct {
	leader     int
	start, end uint64 // end 0: still open
	reaped     bool   // the leader is being reaped: its pid may be given out again
}

var spans = struct {
	sync.Mutex
	open  int
	list  []*termSpan
	once  sync.Once
	adopt bool // the subreaper is on and pidfds tell os/exec's children apart
}{}

// trackTerminal registers a started program, and makes the test process a
// child subreaper the first time.
func trackTerminal(leader int) *termSpan {
	spans.once.Do(func() {
		if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
			return
		}
		if pidfdOf()[leader] {
			spans.Lock()
			spans.adopt = true
			spans.Unlock()
			return
		}
		_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 0, 0)
	})
	s := &termSpan{leader: leader}
	if p, ok := readProc(leader); ok {
		s.start = p.start
	} else {
		s.start = ticksNow()
	}
	spans.Lock()
	spans.list = append(spans.list, s)
	spans.open++
	spans.Unlock()
	return s
}

const prSetChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER, prctl(2)

// reaping notes that s's leader is about to be reaped (cmd.Wait): until
// then its pid is its own, alive or a zombie, and no scan need read it.
func reaping(s *termSpan) {
	spans.Lock()
	s.reaped = true
	spans.Unlock()
}

// closeSpan marks s closed; the list is emptied once no terminal is open,
// since an orphan born after that is no terminal's.
func closeSpan(s *termSpan) {
	spans.Lock()
	defer spans.Unlock()
	if s.end != 0 {
		return
	}
	s.end = max(ticksNow(), s.start+1)
	spans.open--
	if spans.open == 0 {
		spans.list = nil
	}
}

// owns reports whether an orphan born at tick born is s's: s was open then
// and every other terminal open then has closed. Ticks are 10 ms, so both
// ends have a tick of slack.
func (s *termSpan) owns(born uint64) bool {
	spans.Lock()
	defer spans.Unlock()
	overlaps := func(o *termSpan) bool {
		open := o.end == 0 || o == s // open, or closing now
		return o.start <= born+1 && (open || born <= o.end+1)
	}
	if !overlaps(s) {
		return false
	}
	for _, o := range spans.list {
		if o != s && o.end == 0 && overlaps(o) {
			return false // still open: the orphan may be its
		}
	}
	return true
}

// procInfo is what /proc/<pid>/stat says of a process.
type procInfo struct {
	pid, ppid, pgid, sid int
	state                byte
	start                uint64 // clock ticks since boot
}

func readProc(pid int) (procInfo, bool) {
	b, err := procfs.Read("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procInfo{}, false
	}
	i := bytes.LastIndexByte(b, ')') // the name may hold spaces and parentheses
	if i < 0 {
		return procInfo{}, false
	}
	f := strings.Fields(string(b[i+1:])) // f[0] is field 3 (state)
	if len(f) < 20 {
		return procInfo{}, false
	}
	p := procInfo{pid: pid, state: f[0][0]}
	p.ppid, _ = strconv.Atoi(f[1])
	p.pgid, _ = strconv.Atoi(f[2])
	p.sid, _ = strconv.Atoi(f[3])
	p.start, _ = strconv.ParseUint(f[19], 10, 64)
	return p, true
}

// treeOf returns the live descendants of root by parent links, among the
// processes started since root: read before the group is ended, while the
// parents that link them are alive. It follows the kernel's lists of
// children (a read or two per process in the tree), or where there are
// none (a kernel without CONFIG_PROC_CHILDREN) reads every process started
// since root (with many terminals open, each Close read all of theirs).
func treeOf(root int) map[int]bool {
	if set, ok := childrenOf(root); ok {
		return set
	}
	parent := map[int]int{}
	for _, pid := range pidsSince(root) {
		if p, ok := readProc(pid); ok {
			parent[pid] = p.ppid
		}
	}
	return closeUnder(map[int]bool{root: true}, parent)
}

// childrenOf returns root and its live descendants by the kernel's lists
// of each thread's children; ok is false where root's list cannot be read.
func childrenOf(root int) (set map[int]bool, ok bool) {
	set = map[int]bool{root: true}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		tids := []int{pid}
		if d, err := os.Open("/proc/" + strconv.Itoa(pid) + "/task"); err == nil {
			names, _ := d.Readdirnames(-1)
			_ = d.Close()
			if len(names) > 1 { // a child may be any thread's
				tids = tids[:0]
				for _, n := range names {
					if tid, err := strconv.Atoi(n); err == nil {
						tids = append(tids, tid)
					}
				}
			}
		}
		for _, tid := range tids {
			b, err := procfs.Read("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(tid) + "/children")
			if err != nil {
				if pid == root && tid == pid {
					return nil, false
				}
				continue // gone meanwhile
			}
			for _, f := range strings.Fields(string(b)) {
				if c, err := strconv.Atoi(f); err == nil && !set[c] {
					set[c] = true
					queue = append(queue, c)
				}
			}
		}
	}
	return set, true
}

// closeUnder adds to set every process whose parent is in it.
func closeUnder(set map[int]bool, parent map[int]int) map[int]bool {
	for grew := true; grew; {
		grew = false
		for pid, pp := range parent {
			if set[pp] && !set[pid] {
				set[pid], grew = true, true
			}
		}
	}
	return set
}

// endDescendants ends every process of the terminal that outlived its
// process group (see the comment at the top), and reaps those the test
// process inherited. before is treeOf(leader) from before the group was
// ended.
//
// It scans again until a scan finds nothing it has not killed, for at most
// a second: a process may have forked between a scan and its SIGKILL. No
// pause is needed between scans, since a process cannot fork once SIGKILL
// is pending, and the group was sent SIGKILL already. It does not wait for
// the killed to die: reapKilled reaps them.
func endDescendants(s *termSpan, tag string, before map[int]bool) {
	needle := []byte(sessionEnv + "=" + tag + "\x00")
	// getsid(2), not /proc/self/stat: the kernel sums that over every
	// thread of the test process, and it cost a sixth of Close's scan.
	self, selfSid := os.Getpid(), 0
	if sid, _, e := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0); e == 0 {
		selfSid = int(sid)
	}
	spans.Lock()
	adopt := spans.adopt
	// The programs of the other open terminals, by pid and start: never
	// this one's (os/exec started them), and with many terminals open,
	// reading each one's environment at every Close cost the most.
	others := map[int]uint64{}
	for _, o := range spans.list {
		if o != s && o.end == 0 {
			others[o.leader] = o.start
		}
	}
	spans.Unlock()
	killed := map[int]bool{}
	for end := time.Now().Add(time.Second); time.Now().Before(end); {
		procs := map[int]procInfo{}
		parent := map[int]int{}
		unreaped := unreapedLeaders(s)
		for _, pid := range pidsSince(s.leader) {
			if unreaped[pid] {
				continue
			}
			if p, ok := readProc(pid); ok && pid != self && p.start+1 >= s.start {
				procs[pid], parent[pid] = p, p.ppid
			}
		}
		// With the subreaper on, a descendant's parent is a descendant too
		// (started since the program: in procs), the program, or the test
		// process, which adopts every orphan: a process whose parent is
		// none of them is another's, and its environment is not read (on a
		// busy machine, each Close read five of other programs').
		maybeOurs := func(ppid int) bool {
			_, scanned := procs[ppid]
			return scanned || ppid == self || ppid == s.leader || before[ppid]
		}
		// The pids os/exec holds a pidfd for are never orphans: read after
		// the scan, so a program another terminal started just now (its
		// pidfd made with it, by clone) is among them even before that
		// terminal has registered its span.
		var execs map[int]bool
		mine := map[int]bool{}
		for pid, p := range procs {
			if before[pid] || p.sid == s.leader {
				mine[pid] = true
				continue
			}
			if st, ok := others[pid]; ok && p.start+1 >= st && p.start <= st+1 {
				continue // that process, not one given its pid since
			}
			// A thread's id reads as a pid in /proc (pidsSince tries the
			// numbers), with its process's parent: a thread of a program
			// os/exec just started looked like an orphan, and SIGKILL to a
			// thread ends its whole process.
			// owns first: with many terminals open it is mostly false, and
			// pidfdOf reads every descriptor of the test process (64
			// terminals in parallel spent a fifth of their CPU time there,
			// for programs other terminals had just started).
			if adopt && p.ppid == self && p.sid != selfSid && s.owns(p.start) && isProcess(pid) {
				if execs == nil {
					execs = pidfdOf()
				}
				if !execs[pid] {
					mine[pid] = true
					continue
				}
			}
			// A process in the test process's session is never the
			// terminal's: the program was started in a session of its
			// own, and a session can be left (setsid) but never joined.
			// Those are the test process's own threads and children,
			// whose environments Close read each time.
			if p.state != 'Z' && (selfSid == 0 || p.sid != selfSid) && (!adopt || maybeOurs(p.ppid)) {
				env, err := procfs.Read("/proc/" + strconv.Itoa(pid) + "/environ")
				if err == nil && (bytes.HasPrefix(env, needle) || bytes.Contains(env, append([]byte{0}, needle...))) {
					mine[pid] = true
				}
			}
		}
		fresh := 0
		for pid := range closeUnder(mine, parent) {
			p, ok := procs[pid]
			if !ok || killed[pid] {
				continue
			}
			killed[pid] = true
			if p.state != 'Z' && p.pgid != s.leader { // the group had its SIGKILL (stopGroup)
				_ = syscall.Kill(pid, syscall.SIGKILL)
				fresh++
			}
		}
		if fresh == 0 {
			break
		}
	}
	if adopt && len(killed) > 0 {
		reapKilled(killed, reapBound)
	}
}

// reapBound is how long Close waits for the processes it killed to die, to
// reap those that come to the test process, while one of them sleeps
// uninterruptibly in the kernel (state D: a dead NFS server), which may
// never end. One that is only waiting for a processor (a killed process
// dies the first time it runs) is waited for up to reapMax: on a loaded
// machine (load 20, GOMAXPROCS=1, -race) a killed setsid escaper was still
// running after 2 s, and Close returned with it alive. One still there
// after the bound stays, a zombie of the test process once it dies, until
// the test process ends.
const (
	reapBound = 2 * time.Second
	reapMax   = 10 * time.Second
)

// unreapedLeaders returns the programs of the other open terminals that
// are not being reaped yet: each holds its pid (alive or a zombie), so a
// scan skips them unread. With 64 terminals open at once, each Close read
// every later one's.
func unreapedLeaders(s *termSpan) map[int]bool {
	spans.Lock()
	defer spans.Unlock()
	set := map[int]bool{}
	for _, o := range spans.list {
		if o != s && o.end == 0 && !o.reaped {
			set[o.leader] = true
		}
	}
	return set
}

// reapKilled reaps the killed processes that are, or become, the test
// process's children (orphans come to it as a subreaper), as they die, and
// returns once none is left to reap, or when giveUpReap says so: after
// bound if only processes stuck in state D are left, after reapMax at
// most. It runs in Close, not on a goroutine of its own: nothing the
// terminal started outlives Close (a leak check counting goroutines at
// the end of a test saw it).
func reapKilled(pids map[int]bool, bound time.Duration) {
	self := os.Getpid()
	pause := time.Millisecond
	start := time.Now()
	for {
		var execs map[int]bool
		stuck := true // every one left that is alive sleeps uninterruptibly
		for pid := range pids {
			p, ok := readProc(pid)
			switch {
			case !ok:
				delete(pids, pid) // reaped, by its parent or by us
			case p.state == 'D':
			case p.state != 'Z':
				stuck = false // killed: it dies when it runs
			case p.ppid != self && pids[p.ppid]:
				// Its parent was killed too: once it dies, this zombie
				// comes to the test process.
			case p.ppid != self:
				delete(pids, pid) // dead, and another's to reap
			default:
				if execs == nil {
					execs = pidfdOf()
				}
				if !execs[pid] {
					var ws syscall.WaitStatus
					_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
				}
				delete(pids, pid)
			}
		}
		// Checked after a look, not before: a sleep woken late past the
		// bound still looks once more.
		if len(pids) == 0 || giveUpReap(time.Since(start), bound, stuck) {
			return
		}
		time.Sleep(pause)
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// giveUpReap reports whether reapKilled stops waiting, elapsed into its
// wait: past bound when every process left alive sleeps uninterruptibly
// (stuck), past reapMax (or bound, if longer) whatever they do.
func giveUpReap(elapsed, bound time.Duration, stuck bool) bool {
	return elapsed >= max(bound, reapMax) || (stuck && elapsed >= bound)
}

// pidfdOf returns the pids this process holds a pidfd for: the processes
// os.StartProcess started and os/exec has not yet waited for.
func pidfdOf() map[int]bool {
	out := map[int]bool{}
	d, err := os.Open("/proc/self/fd")
	if err != nil {
		return out
	}
	names, _ := d.Readdirnames(-1)
	_ = d.Close()
	for _, n := range names {
		if link, err := os.Readlink("/proc/self/fd/" + n); err != nil || link != "anon_inode:[pidfd]" {
			continue
		}
		info, err := procfs.Read("/proc/self/fdinfo/" + n)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(info), "\n") {
			if v, ok := strings.CutPrefix(line, "Pid:"); ok {
				if pid, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && pid > 0 {
					out[pid] = true
				}
			}
		}
	}
	return out
}

// isProcess reports whether pid is a process (a thread group's leader),
// not one of its other threads.
func isProcess(pid int) bool {
	b, err := procfs.Read("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Tgid:"); ok {
			tgid, err := strconv.Atoi(strings.TrimSpace(v))
			return err == nil && tgid == pid
		}
	}
	return false
}

// ticksNow is the time since boot in clock ticks (USER_HZ, 100 a second
// on every Linux), the clock of process start times.
func ticksNow() uint64 {
	var ts syscall.Timespec
	const clockBoottime = 7
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockBoottime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return uint64(ts.Sec)*100 + uint64(ts.Nsec)/10_000_000
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
	b, err := procfs.Read("/proc/sys/kernel/ns_last_pid")
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return n
}

// hupIgnored reports whether pid ignores SIGHUP, and SIGTERM: a program
// started under nohup inherits an ignored SIGHUP, and one that does not
// reset it outlives the hangup Close sends.
func hupIgnored(pid int) (hup, term bool) {
	b, err := procfs.Read("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return false, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "SigIgn:"); ok {
			mask, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			if err != nil {
				return false, false
			}
			return mask&(1<<(syscall.SIGHUP-1)) != 0, mask&(1<<(syscall.SIGTERM-1)) != 0
		}
	}
	return false, false
}
