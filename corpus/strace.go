package corpus

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Ground truth from strace, for synchronous programs that have no render
// hook of their own (bash, sqlite3, bc, python's REPL, nano, git, less).
// The program runs under
//
//	strace -f -ttt -T -s 262144 -o LOG -e trace=read,write,writev,ioctl,openat,fcntl,dup,dup2,dup3,pselect6,select,poll,ppoll,execve
//
// and the truth is read from what the kernel saw the program do:
//
//   - ready at the moment the program's main process entered a wait on the
//     terminal (a read of a terminal fd, or poll/select including one) that
//     was still waiting when the harness sent the next input; if that wait
//     followed other waits on the terminal that timed out with nothing
//     written in between (ncurses escape timers), at the first of them. A
//     terminal wait still pending when the trace ends is the final ready.
//   - ready, too, at the entry of a terminal wait that timed out after
//     waiting at least idleWait (or at the first of its run, as above): a
//     program that sat that long waiting for keys with a timeout (top,
//     htop: their refresh interval) was ready; the redraw it does when the
//     timeout ends keeps it ready, as the next key would still be read.
//     Shorter timed waits (escape-sequence and terminal-response timers)
//     say nothing.
//   - busy at the moment a read of a terminal fd returned data after a
//     ready: the program took the input.
//   - a wait a signal interrupted ("= ? ERESTARTNOHAND", "-1 EINTR": a
//     resize) waited until the signal, and ends no run of waits, as one
//     that timed out; an interrupted read took nothing.
//   - no ready at all for waits followed by a read of typed input that
//     failed with EIO: the program was not in the terminal's foreground
//     process group, so no input could reach it.
//   - one exception to the first rule: input that arrived after the
//     program's last write (or ioctl) and at most headingToRead before its
//     terminal wait found the prompt drawn and the program on its way to
//     read, with nothing else in between; ready at the end of that write. A
//     detector as quick as OSC 133 answers inside that gap, and the input
//     waits in the kernel for the read.
//
// Only the main process's waits count: children read pipes on fd 0 as
// often as the terminal. Its other threads' drawing moves a ready later
// (strace_tasks.go).
var straceArgs = []string{"-f", "-ttt", "-T", "-s", strconv.Itoa(straceStrings), "-e", "trace=read,write,writev,ioctl,openat,fcntl,dup,dup2,dup3,pselect6,select,poll,ppoll,execve"}

// StraceCommand wraps argv to trace into log.
func StraceCommand(log string, argv []string) []string {
	out := append([]string{"strace", "-o", log}, straceArgs...)
	return append(append(out, "--"), argv...)
}

// syscall is one completed (or never completed) system call of one process.
type syscall struct {
	pid     int
	name    string
	args    string // text between the parentheses, possibly cut by unfinished/resumed
	result  string // text after "= ", "" when it never returned
	entry   time.Time
	dur     time.Duration
	pending bool // still waiting when the trace ended
	line    int
}

func (s syscall) end() time.Time { return s.entry.Add(s.dur) }

var (
	reLine     = regexp.MustCompile(`^(\d+)\s+(\d+\.\d+)\s+(.*)$`)
	reCall     = regexp.MustCompile(`^(\w+)\((.*)$`)
	reResumed  = regexp.MustCompile(`^<\.\.\. (\w+) resumed>(.*)$`)
	reResult   = regexp.MustCompile(`^(.*)\)\s+=\s+(.*?)(?:\s+<(\d+\.\d+)>)?$`)
	reFdFirst  = regexp.MustCompile(`^(\d+),`)
	reOpenTTY  = regexp.MustCompile(`"/dev/(tty|pts/\d+)"`)
	rePollFd   = regexp.MustCompile(`fd=(\d+)`)
	reSelectFd = regexp.MustCompile(`^\d+, \[([\d ]*)\]`)
)

// parseStrace reads an strace -f -ttt -T log into system calls in entry
// order. Errors name the line.
func parseStrace(r io.Reader, name string) ([]syscall, error) {
	var calls []syscall
	open := map[int]int{} // pid → index of its unfinished call
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 8*straceStrings) // a string of straceStrings bytes, each printed as up to 4
	for n := 1; sc.Scan(); n++ {
		m := reLine.FindStringSubmatch(sc.Text())
		if m == nil {
			return nil, fmt.Errorf("%s:%d: not an strace -f -ttt line: %.60q", name, n, sc.Text())
		}
		pid, _ := strconv.Atoi(m[1])
		at, err := parseEpoch(m[2])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: time %q: %w", name, n, m[2], err)
		}
		rest := m[3]
		switch {
		case strings.HasPrefix(rest, "+++"):
			// The task's end (strace_tasks.go reads it): a record of its
			// own, no system call.
			calls = append(calls, syscall{pid: pid, name: taskEnd, entry: at, line: n})
		case strings.HasPrefix(rest, "---"):
			continue // signals
		case reResumed.MatchString(rest):
			rm := reResumed.FindStringSubmatch(rest)
			i, ok := open[pid]
			if !ok || calls[i].name != rm[1] {
				continue // resumed without its start (trace began mid-call)
			}
			delete(open, pid)
			finish(&calls[i], rm[2], at)
		default:
			cm := reCall.FindStringSubmatch(rest)
			if cm == nil {
				continue
			}
			c := syscall{pid: pid, name: cm[1], entry: at, line: n}
			if body, ok := strings.CutSuffix(cm[2], " <unfinished ...>"); ok {
				c.args, c.pending = body, true
				calls = append(calls, c)
				open[pid] = len(calls) - 1
				continue
			}
			finish(&c, cm[2], time.Time{})
			calls = append(calls, c)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return calls, nil
}

// finish completes c from the text after its name's "(" (or after
// "resumed>"); resumedAt is the resumed line's time, zero on one line.
func finish(c *syscall, text string, resumedAt time.Time) {
	rm := reResult.FindStringSubmatch(text)
	if rm == nil {
		c.args += text
		return // "= ?": the process died in the call; it stays pending
	}
	c.args += rm[1]
	c.result = rm[2]
	if strings.HasPrefix(c.result, "?") && !interrupted(c) {
		return
	}
	c.pending = false
	if rm[3] != "" {
		d, _ := strconv.ParseFloat(rm[3], 64)
		c.dur = time.Duration(d * float64(time.Second))
	}
	// A resumed line is stamped when the call returned.
	if !resumedAt.IsZero() {
		c.dur = max(c.dur, resumedAt.Sub(c.entry))
	}
}

// interrupted reports whether c returned because a signal came ("= ?
// ERESTARTNOHAND (To be restarted if no handler)", "= -1 EINTR"): it
// waited until then, and its duration is the wait's. A bare "= ?" is a
// process that died in the call.
func interrupted(c *syscall) bool {
	return strings.HasPrefix(c.result, "? ERESTART") || strings.HasPrefix(c.result, "-1 EINTR")
}

func parseEpoch(s string) (time.Time, error) {
	sec, frac, _ := strings.Cut(s, ".")
	si, err := strconv.ParseInt(sec, 10, 64)
	if err != nil {
		return time.Time{}, err
	}
	frac = (frac + "000000000")[:9]
	ns, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(si, ns), nil
}

// Mark is one ground-truth moment.
type Mark struct {
	At    time.Time
	Ready bool
	Why   string // what the program did, for the reader of a failure
	// Prompt is the prompt's kind from a hook (fixtures.Prompt*: "main",
	// "question", "text", "password"); empty from strace.
	Prompt string
}

// StraceTruth derives ground truth from the strace log at path for a
// session whose inputs were sent at the given times.
func StraceTruth(path string, inputs []time.Time, opts ...TruthOption) ([]Mark, error) {
	var c truthConfig
	for _, o := range opts {
		o(&c)
	}
	calls, err := readStrace(path)
	if err != nil {
		return nil, err
	}
	return straceMarksOn(calls, inputs, c.cols, c.rows), nil
}

// TruthOption sets how the strace truth reads a log.
type TruthOption func(*truthConfig)

type truthConfig struct{ cols, rows int }

// OnScreen gives the terminal's size: the truth replays the program's
// writes on a screen of it and takes a refresh that leaves the screen as
// it was for nothing (strace_screen.go). Without it only drawsNothing's
// bytes are nothing.
func OnScreen(cols, rows int) TruthOption {
	return func(c *truthConfig) { c.cols, c.rows = cols, rows }
}

// readStrace parses the strace log at path; a log with no system call is
// an error that says why that happens.
func readStrace(path string) ([]syscall, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("strace wrote no trace (did it start?): %w", err)
	}
	defer f.Close()
	calls, err := parseStrace(f, path)
	if err != nil {
		return nil, err
	}
	if len(calls) == 0 {
		return nil, fmt.Errorf("%s: strace traced no system call: is ptrace allowed here (seccomp, CAP_SYS_PTRACE, kernel.yama.ptrace_scope)?", path)
	}
	return calls, nil
}

func straceMarks(calls []syscall, inputs []time.Time) []Mark {
	return straceMarksOn(calls, inputs, 0, 0)
}

// straceMarksOn is straceMarks with the screen's size, if known (0: not).
func straceMarksOn(calls []syscall, inputs []time.Time, cols, rows int) []Mark {
	if len(calls) == 0 {
		return nil
	}
	return tasksDraw(calls, calls[0].pid, mainMarks(calls, inputs, cols, rows), inputs)
}

// mainMarks derives the marks from the main process's waits alone.
func mainMarks(calls []syscall, inputs []time.Time, cols, rows int) []Mark {
	sort.Slice(inputs, func(i, j int) bool { return inputs[i].Before(inputs[j]) })
	main := calls[0].pid
	screens := replayScreens(calls, main, cols, rows)
	lastWait := -1 // the main process's latest terminal wait
	tty := map[int]bool{0: true}
	var marks []Mark
	ready := false
	var firstWait *syscall // first of a run of terminal waits with nothing written since
	var lastAct *syscall   // the last write or ioctl, if nothing but terminal waits followed it
	setModes := ""         // the terminal modes the program set last (TCSETS*), for changesNothing
	for i := range calls {
		c := &calls[i]
		if c.pid != main {
			continue
		}
		if trackFd(c, tty) {
			if c.name == "openat" {
				lastAct = nil
			}
			continue
		}
		switch c.name {
		case "write", "writev", "ioctl":
			// A loop that wakes on its timer to redraw nothing (curses'
			// refresh of an unchanged screen: the cursor parked again, the
			// same terminal modes set) is still in its run of waits.
			if firstWait != nil && (changesNothing(c, setModes) || c.name == "write" && screens.same(lastWait, screens.next(i))) {
				lastAct = c
				continue
			}
			if c.name == "ioctl" && reSetModes.MatchString(c.args) {
				setModes = reSetModes.FindStringSubmatch(c.args)[1]
			}
			firstWait, lastAct = nil, c
			continue
		}
		if !waitsOnTTY(c, tty) {
			lastAct = nil
			continue
		}
		lastWait = i
		if firstWait == nil {
			firstWait = c
		}
		// clockSlack: the inputs' times are the harness's offsets from its
		// start (monotonic) mapped onto strace's wall clock; a wait that
		// truly waited (it lasted) can appear to return a moment before the
		// input that woke it. A wait that returned at once found queued
		// input and gets no slack.
		blocked := c.pending || inputDuring(inputs, c.entry, c.end()) ||
			c.dur >= time.Millisecond && inputDuring(inputs, c.entry, c.end().Add(clockSlack))
		idled := !c.pending && strings.HasPrefix(c.result, "0") && c.dur >= idleWait
		if idled && !blocked && !ready {
			why := fmt.Sprintf("strace line %d: %s waited for keys %v and timed out (a refresh interval)", firstWait.line, firstWait.name, c.dur.Round(time.Millisecond))
			marks = append(marks, Mark{At: firstWait.entry, Ready: true, Why: why})
			ready = true
		}
		if blocked && !ready {
			why := fmt.Sprintf("strace line %d: %s blocked on the terminal", firstWait.line, firstWait.name)
			marks = append(marks, Mark{At: firstWait.entry, Ready: true, Why: why})
			ready = true
		}
		// The input came between two waits of the run (while the loop,
		// woken by its timer, redrew nothing) and this one finds it: the
		// program had been waiting for keys since the first (visidata's
		// 100 ms polls: a key typed during the no-op refresh between them).
		if !blocked && !ready && firstWait != c && takesInput(c) && inputDuring(inputs, firstWait.entry, c.end().Add(clockSlack)) {
			why := fmt.Sprintf("strace line %d: %s waited for keys, its timer redrew nothing, line %d took the key that came between",
				firstWait.line, firstWait.name, c.line)
			marks = append(marks, Mark{At: firstWait.entry, Ready: true, Why: why})
			ready = true
		}
		// From the write's entry: under ptrace the bytes reach the terminal
		// well before strace stamps the write's return.
		if !blocked && !ready && firstWait == c && lastAct != nil && c.entry.Sub(lastAct.end()) <= headingToRead &&
			inputDuring(inputs, lastAct.entry, c.entry) {
			why := fmt.Sprintf("strace line %d: input came %v after the last write, on the way to %s",
				lastAct.line, c.entry.Sub(lastAct.end()), c.name)
			marks = append(marks, Mark{At: lastAct.end(), Ready: true, Why: why})
			ready = true
		}
		if c.name == "read" && strings.HasPrefix(c.result, "-1 EIO") {
			// The terminal refused the read of what was typed: the
			// program is not in its foreground group, and nothing typed
			// could reach it. The wait before was no readiness (bash after
			// a ^C that landed between fork and exec: its child took the
			// terminal back, bash drew its prompt and exited at the next
			// key). A read that fails with no input, at the hangup that
			// ends the session, says nothing.
			if ready && marks[len(marks)-1].Ready && inputDuring(inputs, marks[len(marks)-1].At, c.end().Add(clockSlack)) {
				marks, ready = marks[:len(marks)-1], false
			}
			firstWait, lastAct = nil, nil
			continue
		}
		if c.name == "read" && !c.pending && c.result != "0" && !strings.HasPrefix(c.result, "-") && !interrupted(c) {
			// The input that came after the last write is taken: it
			// says nothing more about the program heading to its read.
			lastAct = nil
			if ready {
				marks = append(marks, Mark{At: c.end(), Ready: false,
					Why: fmt.Sprintf("strace line %d: read %s from the terminal", c.line, c.result)})
				ready = false
			}
			firstWait = nil
		} else if !c.pending && !strings.HasPrefix(c.result, "0") && !interrupted(c) {
			// poll/select reported the terminal readable: the read follows.
			// A wait a signal interrupted (a resize: tmux's panes) says
			// nothing, as one that timed out: the run of waits goes on.
			firstWait = nil
		}
	}
	return marks
}

// waitsOnTTY says whether c reads a terminal fd or polls/selects on one
// with a timeout that is not zero.
func waitsOnTTY(c *syscall, tty map[int]bool) bool {
	switch c.name {
	case "read":
		m := reFdFirst.FindStringSubmatch(c.args)
		if m == nil {
			return false
		}
		fd, _ := strconv.Atoi(m[1])
		return tty[fd]
	case "poll", "ppoll":
		// A zero timeout only looks (ncurses checks for typeahead between
		// writes): args hold the text inside the parentheses, "…], 1, 0".
		if strings.HasSuffix(strings.TrimSpace(c.args), ", 0") || strings.Contains(c.args, "tv_sec=0, tv_nsec=0}") {
			return false
		}
		for _, m := range rePollFd.FindAllStringSubmatch(c.args, -1) {
			if fd, _ := strconv.Atoi(m[1]); tty[fd] {
				return true
			}
		}
	case "select", "pselect6":
		if strings.Contains(c.args, "tv_sec=0, tv_nsec=0}") || strings.Contains(c.args, "tv_sec=0, tv_usec=0}") {
			return false
		}
		m := reSelectFd.FindStringSubmatch(c.args)
		if m == nil {
			return false
		}
		for _, s := range strings.Fields(m[1]) {
			if fd, _ := strconv.Atoi(s); tty[fd] {
				return true
			}
		}
	}
	return false
}

// idleWait is the shortest timed-out terminal wait that counts as waiting
// for keys: longer than the timers of escape sequences and terminal
// responses (ncurses ESCDELAY 1 s is a read of an escape's tail, which
// returns data, not a timeout), shorter than any refresh interval.
const idleWait = 300 * time.Millisecond

// clockSlack is how far a wait's return may seem to precede the input
// that ended it.
const clockSlack = 2 * time.Millisecond

// headingToRead bounds the gap between a program's last write and its
// terminal wait within which input counts as arriving at a drawn prompt.
const headingToRead = 2 * time.Millisecond

func inputDuring(inputs []time.Time, from, to time.Time) bool {
	i := sort.Search(len(inputs), func(i int) bool { return !inputs[i].Before(from) })
	return i < len(inputs) && !inputs[i].After(to)
}

// Programs whose runtime reads the terminal from whichever thread is free
// (Go: fzf, gum) have no main process to follow: a goroutine blocked on the
// terminal parks in the runtime's netpoller, and whichever thread runs the
// scheduler waits in epoll, woken by timers whether the program is idle or
// not. For them (Scenario.Threads) the truth is read from every traced task
// as one program, which must start no child processes:
//
//   - busy at the end of the first read of a terminal fd that returned the
//     input (a read with data that ended after the input was sent);
//   - ready, for that input, at the end of the program's last write to a
//     terminal fd begun before the input came, or at the previous busy if
//     nothing was written since: the program drew its frame and did
//     nothing visible until the key.
//
// This says when the program had finished drawing, not whether another
// thread was still working: it suits programs whose only work is reacting
// to keys (choosers), not ones that work silently between frames.

// StraceThreadsTruth derives ground truth for a Threads scenario.
func StraceThreadsTruth(path string, inputs []time.Time) ([]Mark, error) {
	calls, err := readStrace(path)
	if err != nil {
		return nil, err
	}
	return threadMarks(calls, inputs), nil
}

func threadMarks(calls []syscall, inputs []time.Time) []Mark {
	sort.Slice(inputs, func(i, j int) bool { return inputs[i].Before(inputs[j]) })
	tty := map[int]bool{0: true, 1: true, 2: true}
	var writes, reads []*syscall // terminal writes and data reads, in entry order
	for i := range calls {
		c := &calls[i]
		if trackFd(c, tty) {
			continue
		}
		switch c.name {
		case "write", "writev", "read":
			m := reFdFirst.FindStringSubmatch(c.args)
			if m == nil || c.pending {
				continue
			}
			fd, _ := strconv.Atoi(m[1])
			n, err := strconv.Atoi(strings.Fields(c.result + " ")[0])
			if !tty[fd] || err != nil || n <= 0 {
				continue
			}
			if c.name != "read" {
				writes = append(writes, c)
			} else {
				reads = append(reads, c)
			}
		}
	}
	var marks []Mark
	var lastBusy time.Time
	ri := 0
	for _, in := range inputs {
		// The read that took this input; inputs typed faster than the
		// program read them share one.
		for ri < len(reads) && reads[ri].end().Add(clockSlack).Before(in) {
			ri++
		}
		if ri == len(reads) {
			break
		}
		r := reads[ri]
		if !r.end().After(lastBusy) {
			continue
		}
		at, why := lastBusy, "nothing written since it took the last input"
		for _, w := range writes {
			if w.entry.After(in) {
				break
			}
			if w.end().After(at) {
				at, why = w.end(), fmt.Sprintf("strace line %d: its last write to the terminal before the input", w.line)
			}
		}
		if at.IsZero() || at.After(r.end()) {
			// Nothing drawn before the input (it came before the first
			// frame), or a write still under way when the read returned:
			// ready only when it took the input.
			at = r.end()
		}
		marks = append(marks,
			Mark{At: at, Ready: true, Why: why},
			Mark{At: r.end(), Why: fmt.Sprintf("strace line %d: read %s from the terminal", r.line, r.result)})
		lastBusy = r.end()
		ri++
	}
	return marks
}

var (
	reSetModes  = regexp.MustCompile(`^\d+, (?:SNDCTL_TMR_STOP or )?TCSETS[WF]?, (.*)$`)
	reLookModes = regexp.MustCompile(`^\d+, (?:TCGETS|TIOCGWINSZ|FIONREAD)\b`)
	reWritten   = regexp.MustCompile(`^(\d+), "((?:[^"\\]|\\.)*)"(\.\.\.)?, \d+$`)
)

// changesNothing says whether c, a write or an ioctl, leaves the screen
// and the terminal as they were: an ioctl that only looks (TCGETS,
// TIOCGWINSZ) or sets the modes set last, a write to the terminal of
// nothing but cursor positioning, keypad and cursor-key modes, colours
// and carriage returns (curses' refresh of an unchanged screen). A write
// strace cut short says nothing of its tail and changes something.
func changesNothing(c *syscall, setModes string) bool {
	if c.name == "ioctl" {
		if reLookModes.MatchString(c.args) {
			return true
		}
		m := reSetModes.FindStringSubmatch(c.args)
		return m != nil && m[1] == setModes
	}
	m := reWritten.FindStringSubmatch(c.args)
	if m == nil || m[3] != "" || (m[1] != "1" && m[1] != "2") {
		return false
	}
	b, ok := unquoteStrace(m[2])
	return ok && drawsNothing(b)
}

// drawsNothing says whether terminal output b prints no character and
// erases, scrolls or switches nothing: only CR, absolute cursor moves
// (CUP, HVP, VPA, CHA), SGR, ESC ( B, the keypad's ESC = and ESC >, and
// cursor-key mode (DECCKM, ?1h / ?1l).
func drawsNothing(b []byte) bool {
	for i := 0; i < len(b); {
		switch {
		case b[i] == '\r':
			i++
		case b[i] == 0x1b && i+1 < len(b) && (b[i+1] == '=' || b[i+1] == '>'):
			i += 2
		case b[i] == 0x1b && i+2 < len(b) && b[i+1] == '(' && b[i+2] == 'B':
			i += 3
		case b[i] == 0x1b && i+1 < len(b) && b[i+1] == '[':
			j := i + 2
			for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == ';' || b[j] == '?') {
				j++
			}
			if j == len(b) {
				return false
			}
			params := string(b[i+2 : j])
			switch b[j] {
			case 'H', 'f', 'd', 'G', 'm':
				if strings.HasPrefix(params, "?") {
					return false
				}
			case 'h', 'l':
				if params != "?1" {
					return false
				}
			default:
				return false
			}
			i = j + 1
		default:
			return false
		}
	}
	return true
}

// unquoteStrace decodes the text of a string strace printed: C escapes
// (\r, \n, \t, \", \\) and octal bytes (\33, \342).
func unquoteStrace(s string) ([]byte, bool) {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			out = append(out, s[i])
			continue
		}
		i++
		if i == len(s) {
			return nil, false
		}
		switch c := s[i]; {
		case c >= '0' && c <= '7':
			n, k := 0, 0
			for ; k < 3 && i+k < len(s) && s[i+k] >= '0' && s[i+k] <= '7'; k++ {
				n = n*8 + int(s[i+k]-'0')
			}
			out = append(out, byte(n))
			i += k - 1
		case c == 'x' && i+2 < len(s):
			n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return nil, false
			}
			out = append(out, byte(n))
			i += 2
		default:
			e, ok := map[byte]byte{'r': '\r', 'n': '\n', 't': '\t', 'v': '\v', 'f': '\f', 'a': '\a', 'b': '\b', '"': '"', '\\': '\\'}[c]
			if !ok {
				return nil, false
			}
			out = append(out, e)
		}
	}
	return out, true
}

// takesInput says whether c, a wait on the terminal, ended with input
// there: a read that returned data, a poll or select that found the
// terminal readable.
func takesInput(c *syscall) bool {
	if c.pending || interrupted(c) || strings.HasPrefix(c.result, "0") || strings.HasPrefix(c.result, "-") {
		return false
	}
	return c.result != ""
}

// inputsFile holds, beside a live run's strace log, the wall-clock times
// the harness sent its inputs (Unix nanoseconds, one a line).
const inputsFile = "inputs.txt"

func writeInputTimes(path string, inputs []time.Time) error {
	var b strings.Builder
	for _, in := range inputs {
		fmt.Fprintf(&b, "%d\n", in.UnixNano())
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// readInputTimes reads a file written by writeInputTimes; errors name the
// line.
func readInputTimes(path string) ([]time.Time, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var inputs []time.Time
	for i, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l == "" {
			continue
		}
		n, err := strconv.ParseInt(l, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: not a time in Unix nanoseconds: %w", path, i+1, err)
		}
		inputs = append(inputs, time.Unix(0, n))
	}
	return inputs, nil
}
