//go:build linux

package kernel

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ttyrig/ttyrig/internal/procfs"
)

// Relays. A terminal multiplexer such as tmux leaves a client in the
// terminal's foreground group that sleeps on a socket for the whole
// session, while a daemon in another session (setsid) opened the terminal
// and reads it itself, and runs the user's programs in panes, on PTYs
// whose masters it holds. The client's look alone is what a program
// waiting for its server is (psql, curl, git push): work. What tells the
// relay apart is found outside the group: a process holding the terminal
// open, waiting with the terminal in its set, and holding PTY masters
// whose foreground groups can be looked at as this terminal's is.
//
// Such a relay waits for input when it waits with the terminal in its set
// and every pane's foreground group waits on its own terminal (Reading or
// Watching there); then the view is Watching, its Doing says so
// (RelayDoing), its Timer is the soonest of the relay's and the panes'
// timers, and it is Still when no thread of the relay or of a pane's group
// ran since the previous look (the relay's sockets and pane masters are
// not the program's own wake-ups, but whatever they bring makes the relay
// run). Input sent to a pane and not read there counts in View.Unread. A
// pane's group at work, or the relay running or waiting elsewhere, is
// Working. Anything that cannot be read (a pane's group not found among
// the relay's descendants, a kernel whose fdinfo names no tty-index for a
// PTY master, too many panes) leaves the client's look as it was: never
// early on a shape not seen.

// RelayDoing joins the foreground group's part of View.Doing to the
// relay's: "tmux: client poll; relay tmux: server poll(tty); panes: bash
// pselect6(tty)".
const RelayDoing = "; relay "

// Bounds on the search for a relay.
const (
	maxScan  = 4096 // processes of /proc looked at by one scan for the terminal's holders
	maxPanes = 64   // PTY masters a relay may hold and still be looked into
	// relayScanFirst is the spacing of scans for a relay when a
	// foreground group is first seen waiting elsewhere; it doubles after
	// each scan that finds none, up to relayScanMax (a scan reads every
	// process's descriptors: 3-4 ms for 100 processes). A program waiting
	// for its server (psql) pays one scan a second at most.
	relayScanFirst = 20 * time.Millisecond
	relayScanMax   = time.Second
)

// relaySearch is what an Observer remembers of its search for a relay.
type relaySearch struct {
	mu    sync.Mutex
	pid   int    // the relay found, 0 for none
	start uint64 // its start time, so a reused pid is not taken for it
	fd    int    // its descriptor on the terminal
	pgrp  int    // the foreground group it was searched for
	next  time.Time
	every time.Duration
}

// relayed looks for a relay reading the terminal for a foreground group
// pgrp found waiting as a client does (l, clientWait). It returns
// the relay's look, with the input typed into its panes and not yet read,
// and false when there is none, or it cannot be read: then l stands.
func (o *Observer) relayed(pgrp int, l look) (look, int, bool) {
	if l.wait != Working || !l.client {
		return l, 0, false
	}
	pid, ok := o.findRelay(pgrp, l.steady)
	if !ok {
		return l, 0, false
	}
	return o.relayLook(pid, l)
}

// steady reports whether every thread of the group is still in the system
// call the look saw it in. A look that catches a program waking (bash's
// pselect6 returning, its fd set rewritten before the look read it) sees
// a wait on something other than the terminal: the client's shape, and
// a scan of every process in /proc (3-4 ms) for a relay that a program
// already running again cannot be waiting for. A client waits in its
// call for the whole session, and is still there.
func (l look) steady() bool {
	for _, c := range l.calls {
		b, err := procfs.Read(fmt.Sprintf("/proc/%d/task/%d/syscall", c.pid, c.tid))
		if err != nil || string(b) != c.line {
			return false
		}
	}
	return true
}

// findRelay returns the relay remembered, if it still holds the terminal,
// or scans /proc for one when the spacing allows and the group is steady
// (still in the calls its look saw): a group caught moving is left as its
// look found it, as when a scan finds no relay, and the next look that
// finds it waiting as a client scans.
func (o *Observer) findRelay(pgrp int, steady func() bool) (int, bool) {
	s := &o.relay
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pgrp != pgrp {
		s.pgrp, s.next, s.every = pgrp, time.Time{}, relayScanFirst
	}
	exact := o.outside()
	if s.pid != 0 {
		if st, ok := readRelayStat(s.pid); ok && st.start == s.start && st.pgrp != pgrp && exact.isTTY(s.pid, s.fd) {
			return s.pid, true
		}
		s.pid = 0
	}
	now := time.Now()
	if now.Before(s.next) || !steady() {
		return 0, false
	}
	if pid, fd, st, ok := exact.scanRelay(pgrp); ok {
		s.pid, s.fd, s.start = pid, fd, st.start
		return pid, true
	}
	s.next = now.Add(s.every)
	s.every = min(2*s.every, relayScanMax)
	return 0, false
}

// scanRelay looks through /proc for a process outside the foreground
// group pgrp (and not this one, which opens the terminal for a moment to
// count its input) that holds the terminal open and holds PTY masters.
func (o *Observer) scanRelay(pgrp int) (pid, fd int, st relayStat, ok bool) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0, relayStat{}, false
	}
	self := os.Getpid()
	seen := 0
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil || p == self {
			continue
		}
		if seen++; seen > maxScan {
			break
		}
		fds := o.ttyFDs(p) // o is exact: /dev/tty is p's own terminal
		if len(fds) == 0 {
			continue
		}
		st, ok := readRelayStat(p)
		if !ok || st.pgrp == pgrp {
			continue
		}
		if _, masters := ptyMasters(p); masters {
			return p, fds[0], st, true
		}
	}
	return 0, 0, relayStat{}, false
}

// relayLook looks at the relay pid and its panes' foreground groups.
func (o *Observer) relayLook(pid int, client look) (look, int, bool) {
	st, ok := readRelayStat(pid)
	if !ok {
		return client, 0, false
	}
	ptys, masters := ptyMasters(pid)
	if !masters || len(ptys) == 0 || len(ptys) > maxPanes {
		return client, 0, false
	}
	// The panes first, then the relay: output a pane wrote just before
	// its look wakes the relay, found running (or run, by the next look).
	var panes []look
	var doings []string
	unread := 0
	for _, n := range ptys {
		pane, n, ok := o.paneLook(pid, n)
		if !ok {
			return client, 0, false
		}
		panes, doings, unread = append(panes, pane), append(doings, pane.doing), unread+n
	}
	tids := []int{pid}
	if st.threads > 1 {
		tids = listTasks(pid)
	}
	relay := proc{comm: st.comm}
	reading, running := false, false
	exact := o.outside()
	for _, tid := range tids {
		th := exact.thread(pid, tid, st.state)
		th.tid = tid
		if !th.known {
			return client, 0, false
		}
		reading = reading || th.tty && !th.running
		running = running || th.running
		relay.threads = append(relay.threads, th)
	}
	doing := client.doing + RelayDoing + describe([]proc{relay}) + "; panes: " + strings.Join(doings, " | ")
	switch {
	case running || !reading:
		return look{wait: Working, doing: doing}, unread, true
	case slices.ContainsFunc(panes, func(p look) bool { return p.wait == Working }):
		return look{wait: Working, doing: doing}, unread, true
	}
	l := look{wait: Watching, doing: doing, timer: relayTimer(relay, panes), own: true, ok: true}
	runs, ok := ranRuns([]proc{relay}, []int{pid})
	l.runs = runs
	l.ok = ok
	for _, p := range panes {
		l.runs += p.runs
		l.ok = l.ok && p.own && p.ok
	}
	return l, unread, true
}

// outside returns an Observer of the same terminal for processes outside
// its session: /dev/tty is theirs, not this terminal.
func (o *Observer) outside() *Observer {
	return &Observer{leader: o.leader, tty: o.tty, calls: o.calls, exact: true}
}

// paneLook looks at the foreground group of /dev/pts/<n>, a PTY whose
// master the relay pid holds, as an Observer looks at its own terminal's
// (its processes are found among the relay's descendants), and counts the
// input sent to it and not read yet. A group not found, or not read
// (Unknown), is no pane this package can vouch for.
func (o *Observer) paneLook(relay, n int) (look, int, bool) {
	pane := &Observer{leader: relay, tty: fmt.Sprintf("/dev/pts/%d", n), calls: o.calls}
	var sb unix.Stat_t
	if unix.Stat(pane.tty, &sb) != nil {
		return look{}, 0, false
	}
	pgrp, ok := paneGroup(relay, ttyNr(sb.Rdev))
	if !ok {
		return look{}, 0, false
	}
	l := pane.group(pgrp)
	if l.wait == Unknown {
		return look{}, 0, false
	}
	unread, err := pane.unread()
	if err != nil {
		return look{}, 0, false
	}
	return l, unread, true
}

// paneGroup finds, among pid's descendants, a process whose controlling
// terminal is tty (as /proc/<pid>/stat encodes it), and returns that
// terminal's foreground group.
func paneGroup(pid int, tty uint64) (int, bool) {
	queue := []int{pid}
	for visited := 0; len(queue) > 0 && visited < maxProcs; visited++ {
		p := queue[0]
		queue = queue[1:]
		st, ok := readRelayStat(p)
		if !ok {
			continue
		}
		if p != pid && st.tty == tty && st.tpgid > 0 && st.state != 'Z' && st.state != 'X' {
			return st.tpgid, true
		}
		tids := []int{p}
		if st.threads > 1 {
			tids = listTasks(p)
		}
		for _, tid := range tids {
			queue = append(queue, readChildren(p, tid)...)
		}
	}
	return 0, false
}

// ttyNr encodes a device number as /proc/<pid>/stat's tty_nr does (the
// kernel's new_encode_dev).
func ttyNr(dev uint64) uint64 {
	major, minor := uint64(unix.Major(dev)), uint64(unix.Minor(dev))
	return minor&0xff | major<<8 | (minor&^0xff)<<12
}

// relayTimer is the soonest timer of the relay's threads and the panes'.
func relayTimer(relay proc, panes []look) string {
	all := []proc{relay}
	for _, p := range panes {
		if d, err := time.ParseDuration(p.timer); p.timer != "" && err == nil {
			all = append(all, proc{threads: []state{{timed: true, due: d}}})
		}
	}
	return timerOf(all)
}

// ptyMasters lists the PTYs whose masters pid holds, by their index
// (/dev/pts/<n>), from the fdinfo of its descriptors on /dev/ptmx
// ("tty-index:"; older kernels do not give it). ok is false when it holds none,
// or one whose index the kernel does not give.
func ptyMasters(pid int) (ptys []int, ok bool) {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return nil, false
	}
	for i, e := range ents {
		if i == maxFDs {
			break
		}
		l, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, e.Name()))
		if err != nil || l != "/dev/ptmx" && l != "/dev/pts/ptmx" {
			continue
		}
		n, found := ttyIndex(pid, e.Name())
		if !found {
			return nil, false
		}
		ptys = append(ptys, n)
	}
	slices.Sort(ptys)
	return ptys, len(ptys) > 0
}

// ttyIndex reads the "tty-index:" line of a PTY master's fdinfo.
func ttyIndex(pid int, fd string) (int, bool) {
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/fdinfo/%s", pid, fd))
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(b) {
		if v, ok := strings.CutPrefix(string(line), "tty-index:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			return n, err == nil && n >= 0
		}
	}
	return 0, false
}

// relayStat is what /proc/<pid>/stat says that a relay's search needs.
type relayStat struct {
	comm    string
	state   byte
	pgrp    int
	tty     uint64 // tty_nr: the controlling terminal, encoded
	tpgid   int    // its foreground group
	threads int
	start   uint64 // in clock ticks since boot
}

func readRelayStat(pid int) (relayStat, bool) {
	comm, f, ok := statFields(pid, 20)
	if !ok {
		return relayStat{}, false
	}
	pgrp, err1 := strconv.Atoi(f[2])
	tty, err2 := strconv.ParseUint(f[4], 10, 64)
	tpgid, err3 := strconv.Atoi(f[5])
	threads, err4 := strconv.Atoi(f[17])
	start, err5 := strconv.ParseUint(f[19], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || err5 != nil {
		return relayStat{}, false
	}
	return relayStat{comm: comm, state: f[0][0], pgrp: pgrp, tty: tty, tpgid: tpgid, threads: threads, start: start}, true
}

// clientWait reports whether every thread of the group is blocked in a
// system call it could be read in (none running, none unknown), and one
// waits on a set of descriptors or for a signal: a relay's client waits
// for its server so (tmux's in poll on its socket). A sleep, a child, a
// pipe or a lock alone is no client's wait, and costs no scan of /proc.
func clientWait(procs []proc) bool {
	set := false
	for _, p := range procs {
		for _, t := range p.threads {
			if t.running || !t.known {
				return false
			}
			set = set || t.kind == pollSet || t.kind == selectSet || t.kind == epollFD || t.call == "pause"
		}
	}
	return set
}
