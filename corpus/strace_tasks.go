package corpus

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The program's other threads. The strace truth follows the main thread's
// waits on the terminal, but a program may take a key on its main thread
// and answer it from another: newsboat's `R` starts a reload thread that
// runs the feed's command, parses its output and draws the feed list and
// status line itself, while the main thread sits in poll(tty, 60 s) the
// whole time (docs/CORPUS.md, "Round 10: under load": the engine was
// ready 19–89 ms before the reloaded feed was drawn, right by a truth that
// saw only the main thread). So, read from strace -f's per-task records:
//
//   - a task of the program is a traced task other than the main one that
//     never called execve: a thread, or a fork that did not become another
//     program (children that exec, such as the feed's shell, sleep and
//     cat, write to pipes as often as to the terminal and are left out);
//   - it draws when it writes to the terminal: to fd 1 or 2, or to a
//     terminal fd the main process opened (threads share its fds);
//   - the turn's workers are the tasks first seen after the turn's input
//     was sent and before the next, that end within the trace ("+++
//     exited"): work the key started and that finishes;
//   - a turn's ready (a ready mark, then the busy mark of the read that
//     took the next key) is no earlier than the end of the last write to
//     the terminal its workers began before the next input: the program
//     was not waiting for the key while work the key started was still to
//     land on screen. If that end is not before the busy mark, or a worker
//     writes to the terminal after the next input was sent (its result
//     drawn after the key: the key found the program still at work), the
//     turn had no ready.
//
// Tasks that were there before the turn's input (a clock's thread, a pool)
// and tasks that never end (a thread kept for the program's life) are not
// counted: their writes are no more the turn's than a timer's.
// execve is traced for this (straceArgs); a log without execve records
// counts every other task as the program's.

// taskEnd names the record parseStrace makes of a task's end.
const taskEnd = "+++"

// tasksDraw applies the rule above to marks derived from the main thread.
func tasksDraw(calls []syscall, main int, marks []Mark, inputs []time.Time) []Mark {
	exec := map[int]bool{}
	first, ended := map[int]time.Time{}, map[int]bool{}
	tty := map[int]bool{0: true, 1: true, 2: true}
	for i := range calls {
		c := &calls[i]
		if _, ok := first[c.pid]; !ok {
			first[c.pid] = c.entry
		}
		switch {
		case c.name == taskEnd:
			ended[c.pid] = true
		case c.name == "execve":
			exec[c.pid] = true
		case c.pid == main && trackFd(c, tty): // the terminal's fds (strace_fds.go)
		}
	}
	var draws []*syscall // terminal writes of the program's other tasks, in entry order
	for i := range calls {
		c := &calls[i]
		if c.pid == main || exec[c.pid] || !ended[c.pid] || c.name != "write" && c.name != "writev" || c.pending {
			continue
		}
		m := reFdFirst.FindStringSubmatch(c.args)
		if m == nil {
			continue
		}
		fd, _ := strconv.Atoi(m[1])
		if n, err := strconv.Atoi(strings.Fields(c.result + " ")[0]); !tty[fd] || err != nil || n <= 0 {
			continue
		}
		draws = append(draws, c)
	}
	if len(draws) == 0 {
		return marks
	}
	sort.Slice(inputs, func(i, j int) bool { return inputs[i].Before(inputs[j]) })
	out := make([]Mark, 0, len(marks))
	for k, m := range marks {
		if !m.Ready {
			out = append(out, m)
			continue
		}
		var sent time.Time // the turn's input: the last sent before the ready
		if i := sort.Search(len(inputs), func(i int) bool { return inputs[i].After(m.At) }); i > 0 {
			sent = inputs[i-1]
		}
		until := time.Time{} // the busy mark after, if any
		if k+1 < len(marks) && !marks[k+1].Ready {
			until = marks[k+1].At
		}
		next := time.Time{} // the next input after the ready
		if i := sort.Search(len(inputs), func(i int) bool { return !inputs[i].Before(m.At) }); i < len(inputs) {
			next = inputs[i]
		}
		var last *syscall
		after := false // a worker drew after the next input
		for _, w := range draws {
			if sent.IsZero() || !first[w.pid].After(sent) || !next.IsZero() && !first[w.pid].Before(next) || !w.end().After(m.At) {
				continue
			}
			if !next.IsZero() && !w.entry.Before(next) {
				after = true
				break
			}
			last = w
		}
		if after {
			continue // the key's work still to land when the next key came: no ready
		}
		if last == nil {
			out = append(out, m)
			continue
		}
		if !until.IsZero() && !last.end().Before(until) {
			continue // still drawing when it took the next key: no ready
		}
		out = append(out, Mark{At: last.end(), Ready: true,
			Why: fmt.Sprintf("%s; task %d, started by the input, wrote to the terminal until strace line %d", m.Why, last.pid, last.line)})
	}
	return out
}
