//go:build linux

package kernel

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ttyrig/ttyrig/internal/procfs"
)

// Bounds on what one observation reads, whatever the session holds.
const (
	maxProcs   = 1024 // processes walked from the session leader
	maxThreads = 256  // threads looked at per process
	maxSet     = 1024 // poll entries or select fds looked at
)

// state is what one thread was doing.
type state struct {
	tid     int
	call    string // the system call's name, "running" or "stopped"
	kind    kind
	running bool
	tty     bool // waiting on the terminal (read, or a set that holds it)
	sole    bool // waiting for the terminal's input and nothing else, with no timeout
	known   bool // false: could not tell whether it waits on the terminal
	timed   bool // it waits with a timeout of at most maxDue: a timer is due
	due     time.Duration
	// idle: it waits, with no timeout, for something only the program
	// itself can do (a futex: a lock, a condition, a parked runtime
	// thread; an event loop whose set holds internal wake-ups alone).
	idle bool
	// own: it waits for the terminal, for the program's own wake-ups
	// (wakeup: an eventfd, a signalfd, a self-pipe, a timerfd not armed;
	// a lock; a child of the group) or for a timer that View.Timer
	// reports, and for nothing else: no socket, no pipe to another
	// process, no file. Timeouts do not count against it: they are the
	// view's Timer.
	own bool
	// runs: how often it was scheduled, as read with its CPU time
	// (cputime_linux.go), when runsOK.
	runs   uint64
	runsOK bool
	// line: the thread's syscall file as read (its call, arguments,
	// stack and instruction pointers), for steady.
	line string
}

func (s state) String() string {
	if s.tty {
		return s.call + "(tty)"
	}
	return s.call
}

// proc is one process of the foreground group.
type proc struct {
	comm    string
	threads []state
}

// look is what one observation of the foreground group found.
type look struct {
	wait  Wait
	doing string
	timer string
	// own: every thread of the group waits (state.own), at least one on
	// the terminal; runs is then how often its threads were scheduled so
	// far (ranRuns), ok false when it could not be read.
	own  bool
	runs uint64
	ok   bool
	// client: the group waits as a relay's client does (clientWait):
	// relay_linux.go looks for a relay then. calls are its threads' system
	// calls as seen, for steady.
	client bool
	calls  []seenCall
	cpu    string // View.CPU
	alarm  bool   // View.Alarm
}

// seenCall is a thread's syscall file as one look read it.
type seenCall struct {
	pid, tid int
	line     string
}

// group reads what the processes of foreground group pgrp are doing.
// They are found among the session leader's descendants, where a shell's
// jobs and a program's children are.
func (o *Observer) group(pgrp int) look {
	var procs []proc
	var pids []int // the group's processes, as procs
	queue := []int{o.leader}
	for visited := 0; len(queue) > 0 && visited < maxProcs; visited++ {
		pid := queue[0]
		queue = queue[1:]
		st, ok := readStat(pid)
		if !ok {
			continue
		}
		tids := []int{pid}
		if st.threads > 1 {
			tids = listTasks(pid)
		}
		for _, tid := range tids {
			queue = append(queue, readChildren(pid, tid)...)
		}
		if st.pgrp != pgrp || st.state == 'Z' || st.state == 'X' {
			continue
		}
		p := proc{comm: st.comm}
		pids = append(pids, pid)
		for _, tid := range tids {
			th := o.thread(pid, tid, st.state)
			th.tid = tid
			if th.sole && signalled(pid, tid) {
				// A signal is on its way (^C): the wait is about to end.
				th.sole, th.running, th.call = false, true, th.call+" signalled"
			}
			p.threads = append(p.threads, th)
		}
		procs = append(procs, p)
	}
	if len(procs) == 0 {
		return look{wait: Unknown, doing: fmt.Sprintf("foreground group %d not found in the session", pgrp)}
	}
	w, doing, timer := verdict(procs), describe(procs), timerOf(procs)
	l := look{wait: w, doing: doing, timer: timer, client: clientWait(procs), cpu: o.cpu.share(pgrp, procs, pids)}
	if l.client {
		for i, p := range procs {
			for _, th := range p.threads {
				l.calls = append(l.calls, seenCall{pid: pids[i], tid: th.tid, line: th.line})
			}
		}
	}
	if w != Working && allOwn(procs) {
		l.own = true
		l.runs, l.ok = ranRuns(procs, pids)
		l.alarm = catchesAlarm(pids)
	}
	if w == Working && (ticking(procs) || allIdle(procs)) && o.polled(pids) {
		// A reader that polls: the terminal is open non-blocking and a
		// thread sleeps on a short timer between two reads that found
		// nothing (Go prompt libraries poll every 10 ms). It reads the
		// terminal, only never blocked in the read: an event loop by
		// another name, not work. Its other threads may be caught running
		// (Go's scheduler spins between the polls). Node sets its terminal
		// non-blocking too, but while it works nothing of it waits on a
		// short timer: it stays Working. A look may also catch the poller
		// with every thread idle and no timer (Go hands its sleep from one
		// thread to another): nothing can run then either.
		return look{wait: Watching, doing: doing + ", polling the terminal (non-blocking)", timer: timer, cpu: l.cpu}
	}
	return l
}

// allOwn reports whether every thread of the group waits on the terminal
// or on the program's own wake-ups (state.own), and one on the terminal.
func allOwn(procs []proc) bool {
	tty := false
	for _, p := range procs {
		for _, t := range p.threads {
			if !t.own || t.running || !t.known {
				return false
			}
			tty = tty || t.tty
		}
	}
	return tty
}

// ranRuns sums how many times the group's threads have been scheduled
// (the third field of /proc/<pid>/task/<tid>/schedstat; the context
// switches of its status where the kernel keeps no schedstat), with their
// ids, so that two sums agree only if no thread ran, came or went between
// the two looks. A thread caught waiting an instant before another wakes
// it, or between two callbacks, has run by the next look.
func ranRuns(procs []proc, pids []int) (uint64, bool) {
	var sum uint64
	for i, p := range procs {
		for _, t := range p.threads {
			n, ok := t.runs, t.runsOK
			if !ok {
				n, ok = scheduled(pids[i], t.tid)
			}
			if !ok {
				return 0, false
			}
			sum += n<<20 + uint64(t.tid)
		}
	}
	return sum, true
}

// scheduled reads how many times thread tid of pid has run. It is read
// for every thread at every look of a group found waiting: one open, one
// read, one close (os.ReadFile would stat and read twice).
func scheduled(pid, tid int) (uint64, bool) {
	if b, ok := readSmall(fmt.Sprintf("/proc/%d/task/%d/schedstat", pid, tid)); ok {
		if f := strings.Fields(string(b)); len(f) == 3 {
			if n, err := strconv.ParseUint(f[2], 10, 64); err == nil {
				return n, true
			}
		}
	}
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/task/%d/status", pid, tid))
	if err != nil {
		return 0, false
	}
	var n uint64
	found := 0
	for line := range bytes.Lines(b) {
		k, v, ok := strings.Cut(string(line), ":")
		if !ok || (k != "voluntary_ctxt_switches" && k != "nonvoluntary_ctxt_switches") {
			continue
		}
		x, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return 0, false
		}
		n += x
		found++
	}
	return n, found == 2
}

// timerOf returns the shortest timeout a thread of the group waits with,
// rounded up to 1, 2 or 5 times a power of ten milliseconds (the same wait
// reads the same at every look, and the bound stays an upper one), as a
// duration string; "" when no thread waits with one (of at most maxDue).
func timerOf(procs []proc) string {
	var least time.Duration = -1
	for _, p := range procs {
		for _, t := range p.threads {
			if t.timed && (least < 0 || t.due < least) {
				least = t.due
			}
		}
	}
	if least < 0 {
		return ""
	}
	for step := time.Millisecond; ; step *= 10 {
		for _, k := range []time.Duration{1, 2, 5} {
			if least <= k*step {
				return (k * step).String()
			}
		}
	}
}

// pollEvery bounds the period of a reader that polls the terminal.
const pollEvery = 100 * time.Millisecond

// ticking reports whether a thread of the group waits on a timer of at
// most pollEvery: a poller between two polls.
func ticking(procs []proc) bool {
	for _, p := range procs {
		for _, t := range p.threads {
			if t.timed && t.due <= pollEvery {
				return true
			}
		}
	}
	return false
}

// allIdle reports whether every thread of the group waits, untimed, on
// something only the program itself can do (state.idle), or on a child
// (wait4, waitid: a parent in the group, a wrapper or a tracer such as
// strace, can do nothing before its child, whose threads are looked at
// too).
func allIdle(procs []proc) bool {
	for _, p := range procs {
		for _, t := range p.threads {
			child := !t.running && !t.timed && (t.call == "wait4" || t.call == "waitid")
			if !t.idle && !child {
				return false
			}
		}
	}
	return true
}

// polled reports whether a process of the group has the terminal open
// non-blocking (O_NONBLOCK in the fdinfo flags of a descriptor on it): a
// read there returns at once, so the reader polls it. Any descriptor, not
// only standard input: go-prompt opens /dev/tty for itself and leaves
// its standard input blocking.
func (o *Observer) polled(pids []int) bool {
	for _, pid := range pids {
		for _, fd := range o.ttyFDs(pid) {
			if nonblocking(pid, fd) {
				return true
			}
		}
	}
	return false
}

// maxFDs bounds the descriptors of one process looked at for the terminal.
const maxFDs = 256

// ttyFDs lists a process's descriptors on the terminal, standard input
// first, among its first maxFDs.
func (o *Observer) ttyFDs(pid int) []int {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return nil
	}
	var fds []int
	for i, e := range ents {
		if i == maxFDs {
			break
		}
		fd, err := strconv.Atoi(e.Name())
		if err == nil && o.isTTY(pid, fd) {
			fds = append(fds, fd)
		}
	}
	slices.Sort(fds)
	return fds
}

// nonblocking reports whether descriptor fd of pid is open O_NONBLOCK.
func nonblocking(pid, fd int) bool {
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/fdinfo/%d", pid, fd))
	if err != nil {
		return false
	}
	for line := range bytes.Lines(b) {
		k, v, ok := strings.Cut(string(line), ":")
		if !ok || k != "flags" {
			continue
		}
		fl, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
		return err == nil && fl&unix.O_NONBLOCK != 0
	}
	return false
}

// verdict applies the rule documented on Wait.
func verdict(procs []proc) Wait {
	anyTTY, anyUnknown, reads, single, still := false, false, false, true, true
	for _, p := range procs {
		single = single && len(p.threads) == 1
		for _, t := range p.threads {
			anyTTY = anyTTY || t.tty
			anyUnknown = anyUnknown || !t.known
			reads = reads || t.sole
			// Beside a blocked reader, a process may only be blocked on
			// another process (a pipe, a child), never running or timed.
			passive := t.sole || !t.tty && !t.running && (t.kind == readFD || t.kind == elsewhere)
			still = still && passive && t.known
		}
	}
	switch {
	case !anyTTY && anyUnknown:
		return Unknown
	case !anyTTY:
		return Working
	case reads && single && still:
		return Reading
	case readerAmongIdle(procs):
		return Reading
	}
	return Watching
}

// readerAmongIdle reports whether one process has a thread blocked in
// read(2) on the terminal and every other thread idle (state.idle: a
// futex, an event loop with internal wake-ups alone, no timeout). The
// reader thread an agent or a Go program keeps in read() (a goroutine,
// a worker) beside a runtime parked with nothing to do: nothing can
// happen until input arrives, as for a single-threaded reader. A thread
// on a timer, running, or waiting on a socket or a pipe could draw
// without input: Watching.
func readerAmongIdle(procs []proc) bool {
	if len(procs) != 1 {
		return false
	}
	readers := 0
	for _, t := range procs[0].threads {
		switch {
		case t.kind == readFD && t.sole:
			readers++
		case !t.idle:
			return false
		}
	}
	return readers == 1
}

// describe says what each process does: its name and the call the
// thread that matters waits in.
func describe(procs []proc) string {
	var parts []string
	for i, p := range procs {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("+%d more", len(procs)-i))
			break
		}
		t := p.threads[0]
		for _, u := range p.threads {
			if u.tty {
				t = u
				break
			}
		}
		s := p.comm + " " + t.String()
		if len(p.threads) > 1 {
			s += AmongThreads
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// thread reads /proc/<pid>/task/<tid>/syscall: "running", or the number of
// the system call the thread is blocked in and its arguments.
func (o *Observer) thread(pid, tid int, procState byte) state {
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/task/%d/syscall", pid, tid))
	if err != nil {
		return state{call: "unreadable"}
	}
	line := string(b)
	f := strings.Fields(line)
	if len(f) == 0 {
		return state{call: "unreadable"}
	}
	if f[0] == "running" {
		return state{call: "running", running: true, known: true}
	}
	nr, err := strconv.Atoi(f[0])
	if err != nil || nr < 0 || len(f) < 3 {
		if procState == 'T' || procState == 't' {
			return state{call: "stopped", known: true} // ^Z: stopped, reads nothing
		}
		return state{call: "not in a system call"}
	}
	args := make([]uint64, 0, 6)
	for _, s := range f[1:min(len(f), 7)] {
		v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
		if err != nil {
			return state{call: "unreadable"}
		}
		args = append(args, v)
	}
	c, ok := o.calls.calls[nr]
	if !ok {
		c = call{name: "syscall " + strconv.Itoa(nr), kind: elsewhere}
	}
	s := state{call: c.name, kind: c.kind, known: true, line: line}
	for len(args) < 6 {
		args = append(args, 0)
	}
	if d, ok := due(pid, c, args); ok && d <= maxDue {
		s.timed, s.due = true, d
	}
	switch c.kind {
	case readFD:
		s.tty = o.isTTY(pid, int(int32(args[0])))
		s.sole, s.own = s.tty, s.tty
		if !s.tty {
			s.call += fmt.Sprintf("(fd %d)", int32(args[0]))
		}
	case pollSet:
		s.tty, s.sole, s.own, s.known = o.pollHasTTY(pid, args[0], args[1])
		s.sole = s.sole && untimed(c.timeout, args[2])
	case selectSet:
		s.tty, s.sole, s.own, s.known = o.selectHasTTY(pid, args[0], args[1])
		s.sole = s.sole && args[2] == 0 && args[3] == 0 && untimed(c.timeout, args[4])
		// A write set must be empty (waiting to write is waiting on
		// something else); an exception set may hold what the read set may
		// (newt and vim pass both sets, the write set empty).
		s.own = s.own && o.setOwn(pid, args[0], args[2], false) && o.setOwn(pid, args[0], args[3], true)
	case epollFD:
		s.tty, s.sole, s.own, s.known = o.epollHas(pid, int(int32(args[0])), 0)
		s.sole = s.sole && untimed(c.timeout, args[3])
	case sleep:
		// A sleep is a timer; one too long for View.Timer to report is
		// not the program's own quiet.
		s.own = s.timed
	case opaque:
		s.known = false
	}
	switch c.name {
	case "futex", "wait4", "waitid", "pause", "rt_sigtimedwait":
		// A lock or a condition of the program's own; a child, which is
		// in the group and looked at too; a signal (vim's timer thread
		// waits in rt_sigtimedwait).
		s.own = true
	}
	s.idle = !s.timed && !s.tty && s.known && (c.name == "futex" || c.kind == epollFD && s.own && untimed(c.timeout, args[3]))
	return s
}

// wakeup reports whether fd of pid is one through which the program wakes
// its own event loop: an eventfd (Go's netpoller, libuv), a signalfd, a
// timerfd not armed, or a self-pipe (a pipe the process holds both ends
// of: libuv's signal pipe, a cancel pipe), or a unix socketpair the
// process holds both ends of (asyncio's self-pipe; its peer asked of the
// kernel, selfsocket_linux.go). A socket to elsewhere, a pipe to another
// process, an armed timerfd or a file can wake it from outside or on
// time.
func (o *Observer) wakeup(pid, fd int) bool {
	l, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%d", pid, fd))
	if err != nil {
		return false
	}
	switch {
	case l == "anon_inode:[eventfd]", l == "anon_inode:[signalfd]":
		return true
	case l == "anon_inode:[timerfd]":
		return disarmed(pid, fd)
	case strings.HasPrefix(l, "pipe:["):
		return holds(pid, fd, l) // both ends
	case strings.HasPrefix(l, "socket:["):
		return o.peers.selfSocket(pid, fd, l)
	}
	return false
}

// readSmall reads a /proc file of less than 128 bytes.
func readSmall(path string) ([]byte, bool) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, false
	}
	defer unix.Close(fd)
	var buf [128]byte
	n, err := unix.Read(fd, buf[:])
	if err != nil || n <= 0 || n == len(buf) {
		return nil, false
	}
	return buf[:n], true
}

// disarmed reports whether the timerfd fd of pid has no expiry set
// (its fdinfo's it_value is (0, 0)).
func disarmed(pid, fd int) bool {
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/fdinfo/%d", pid, fd))
	if err != nil {
		return false
	}
	for line := range bytes.Lines(b) {
		if v, ok := strings.CutPrefix(string(line), "it_value:"); ok {
			return strings.ReplaceAll(strings.TrimSpace(v), " ", "") == "(0,0)"
		}
	}
	return false
}

// untimed reports whether a wait's timeout argument means "no timeout".
func untimed(t timeout, arg uint64) bool {
	switch t {
	case msTimeout:
		return int32(arg) < 0
	case ptrTimeout:
		return arg == 0
	}
	return false
}

// isTTY reports whether fd of pid is this terminal (or /dev/tty, which in
// a process of this terminal's session is this terminal).
func (o *Observer) isTTY(pid, fd int) bool {
	if fd < 0 {
		return false
	}
	l, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%d", pid, fd))
	return err == nil && (l == o.tty || l == "/dev/tty" && !o.exact)
}

// pollHasTTY reads the pollfd array of a blocked poll from the process's
// memory and reports whether it waits for input on the terminal.
// It also reports whether the terminal is all it waits for, and whether
// the rest is the program's own wake-ups (wakeup).
func (o *Observer) pollHasTTY(pid int, addr, n uint64) (tty, sole, own, ok bool) {
	if n > maxSet {
		return false, false, false, false
	}
	buf, ok := readMem(pid, addr, int(n)*8)
	if !ok {
		return false, false, false, false
	}
	sole, own = true, true
	for i := 0; i+8 <= len(buf); i += 8 {
		fd := int32(binary.NativeEndian.Uint32(buf[i:]))
		events := binary.NativeEndian.Uint16(buf[i+4:])
		if fd < 0 || events == 0 {
			continue // ignored entries
		}
		if events&0x1 == 0 { // no POLLIN
			sole, own = false, false
		} else if !o.watched(pid, int(fd), &tty, &sole, &own) {
			return false, false, false, false
		}
	}
	return tty, tty && sole, own, true
}

// selectHasTTY reads the read set of a blocked select.
func (o *Observer) selectHasTTY(pid int, nfds, addr uint64) (tty, sole, own, ok bool) {
	if addr == 0 {
		return false, false, true, true
	}
	if nfds > maxSet {
		return false, false, false, false
	}
	buf, ok := readMem(pid, addr, int(nfds+7)/8)
	if !ok {
		return false, false, false, false
	}
	sole, own = true, true
	for fd := 0; fd < int(nfds); fd++ {
		if buf[fd/8]&(1<<(fd%8)) == 0 {
			continue
		}
		if !o.watched(pid, fd, &tty, &sole, &own) {
			return false, false, false, false
		}
	}
	return tty, tty && sole, own, true
}

// setOwn reports whether the select set at addr (nfds wide) holds only
// the terminal or the program's own wake-ups (nothing at all unless
// others): NULL and empty sets do.
func (o *Observer) setOwn(pid int, nfds, addr uint64, others bool) bool {
	if addr == 0 {
		return true
	}
	if nfds > maxSet {
		return false
	}
	buf, ok := readMem(pid, addr, int(nfds+7)/8)
	if !ok {
		return false
	}
	for fd := 0; fd < int(nfds); fd++ {
		if buf[fd/8]&(1<<(fd%8)) == 0 {
			continue
		}
		if !others || !o.isTTY(pid, fd) && !o.wakeup(pid, fd) {
			return false
		}
	}
	return true
}

// watched adds fd, one a blocked poll or select waits to read, to what is
// known of the wait: tty when it is the terminal (or an epoll instance that
// holds it), sole false when it is anything else, own false when it is
// neither the terminal nor a wake-up of the program's own. It is false
// when an epoll instance could not be read.
func (o *Observer) watched(pid, fd int, tty, sole, own *bool) bool {
	switch {
	case o.isTTY(pid, fd):
		*tty = true
	case isEpoll(pid, fd):
		in, inSole, inOwn, ok := o.epollHas(pid, fd, 1)
		if !ok {
			return false
		}
		*tty, *sole, *own = *tty || in, *sole && inSole, *own && inOwn
	default:
		*sole = false
		*own = *own && o.wakeup(pid, fd)
	}
	return true
}

// maxNesting bounds how deep epoll instances registered in epoll
// instances are followed.
const maxNesting = 3

// epollHas reads the epoll instance's registrations from fdinfo
// ("tfd: 0 events: 19 ...") and reports whether one waits for input on
// the terminal, whether the terminal is all it waits for, and whether
// the rest is the program's own wake-ups (wakeup).
func (o *Observer) epollHas(pid, epfd, depth int) (tty, sole, own, ok bool) {
	if depth > maxNesting {
		return false, false, false, false
	}
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/fdinfo/%d", pid, epfd))
	if err != nil {
		return false, false, false, false
	}
	sole, own = true, true
	for line := range bytes.Lines(b) {
		f := strings.Fields(string(line))
		if len(f) < 4 || f[0] != "tfd:" || f[2] != "events:" {
			continue
		}
		fd, err1 := strconv.Atoi(f[1])
		ev, err2 := strconv.ParseUint(f[3], 16, 32)
		if err1 != nil || err2 != nil {
			return false, false, false, false
		}
		if ev&0x1 == 0 {
			sole, own = false, false
			continue
		}
		switch {
		case o.isTTY(pid, fd):
			tty = true
		case isEpoll(pid, fd):
			// An event loop nested in another (the terminal may be in
			// the inner one).
			in, inSole, inOwn, inOK := o.epollHas(pid, fd, depth+1)
			if !inOK {
				return false, false, false, false
			}
			tty, sole, own = tty || in, sole && inSole, own && inOwn
		default:
			sole = false
			own = own && o.wakeup(pid, fd)
		}
	}
	return tty, tty && sole, own, true
}

// isEpoll reports whether fd of pid is an epoll instance.
func isEpoll(pid, fd int) bool {
	l, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%d", pid, fd))
	return err == nil && l == "anon_inode:[eventpoll]"
}

// readMem reads n bytes at addr of pid's memory.
func readMem(pid int, addr uint64, n int) ([]byte, bool) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	buf := make([]byte, n)
	if m, err := f.ReadAt(buf, int64(addr)); err != nil || m != n {
		return nil, false
	}
	return buf, true
}

// signalled reports whether the thread has a signal pending that it does
// not block: it is woken, or about to be, whatever call it sits in.
func signalled(pid, tid int) bool {
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/task/%d/status", pid, tid))
	if err != nil {
		return true // cannot tell: not a sure wait
	}
	return unblockedPending(b)
}

// alarmSignals: SIGALRM, SIGVTALRM and SIGPROF, the signals alarm(2) and
// setitimer(2) deliver, as bits of a status file's signal masks.
const alarmSignals = 1<<(unix.SIGALRM-1) | 1<<(unix.SIGVTALRM-1) | 1<<(unix.SIGPROF-1)

// catchesAlarm reports whether a process of the group catches a signal an
// interval timer delivers (View.Alarm); true when a status file cannot be
// read (cannot tell: a timer may be armed).
func catchesAlarm(pids []int) bool {
	for _, pid := range pids {
		b, err := procfs.Read(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil || caught(b)&alarmSignals != 0 {
			return true
		}
	}
	return false
}

// caught returns a status file's SigCgt mask (proc_pid_status(5)): the
// signals the process has handlers for. All bits when it is missing.
func caught(b []byte) uint64 {
	for line := range bytes.Lines(b) {
		if k, v, ok := bytes.Cut(line, []byte(":")); ok && string(k) == "SigCgt" {
			if x, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 16, 64); err == nil {
				return x
			}
		}
	}
	return ^uint64(0)
}

// unblockedPending reports whether a thread's status file (proc_pid_status
// (5)) has a signal pending, to the thread or its process, that the thread
// does not block.
func unblockedPending(b []byte) bool {
	var pending, blocked uint64
	for line := range bytes.Lines(b) {
		// Only three of the file's fifty-odd lines matter: converting
		// each to a string cost an allocation a line, at every look.
		k, v, ok := bytes.Cut(line, []byte(":"))
		if !ok || len(k) != len("SigPnd") {
			continue
		}
		switch string(k) { // compared in place, not converted
		case "SigPnd", "ShdPnd":
			if x, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 16, 64); err == nil {
				pending |= x
			}
		case "SigBlk":
			if x, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 16, 64); err == nil {
				blocked = x
			}
		}
	}
	return pending&^blocked != 0
}

// stat is what /proc/<pid>/stat says that matters here.
type stat struct {
	comm    string
	state   byte
	pgrp    int
	threads int
}

func readStat(pid int) (stat, bool) {
	comm, f, ok := statFields(pid, 18)
	if !ok {
		return stat{}, false
	}
	pgrp, err1 := strconv.Atoi(f[2])
	threads, err2 := strconv.Atoi(f[17])
	if err1 != nil || err2 != nil {
		return stat{}, false
	}
	return stat{comm: comm, state: f[0][0], pgrp: pgrp, threads: threads}, true
}

// statFields reads /proc/PID/stat: the command name (between the first
// "(" and the last ")", as it may hold either) and at least n fields
// after it, the state first.
func statFields(pid, n int) (comm string, f []string, ok bool) {
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", nil, false
	}
	open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 0 || end < open {
		return "", nil, false
	}
	f = strings.Fields(string(b[end+1:]))
	if len(f) < n || len(f[0]) != 1 {
		return "", nil, false
	}
	return string(b[open+1 : end]), f, true
}

func listTasks(pid int) []int {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return []int{pid}
	}
	var tids []int
	for _, e := range ents {
		if tid, err := strconv.Atoi(e.Name()); err == nil && len(tids) < maxThreads {
			tids = append(tids, tid)
		}
	}
	return tids
}

func readChildren(pid, tid int) []int {
	b, err := procfs.Read(fmt.Sprintf("/proc/%d/task/%d/children", pid, tid))
	if err != nil {
		return nil
	}
	var out []int
	for _, s := range strings.Fields(string(b)) {
		if c, err := strconv.Atoi(s); err == nil {
			out = append(out, c)
		}
	}
	return out
}
