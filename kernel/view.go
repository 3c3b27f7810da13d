package kernel

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrUnsupported is returned by Open where the kernel's view is not
// available (systems other than Linux, architectures without a syscall
// table here).
// AmongThreads ends a process's part of View.Doing when the process has
// more than one thread: the recordings carry Doing, not a thread count,
// so this is how a replay knows a reader had company.
const AmongThreads = " among threads"

var ErrUnsupported = errors.New("kernel: the kernel's view of a terminal is not available on this system")

// Wait says what the terminal's foreground process group is waiting for.
type Wait string

// The answers, from strongest evidence to none.
const (
	// Reading: every process of the foreground group is single-threaded
	// and blocked, and one waits for the terminal's input and nothing
	// else, with no timeout (read(2) on it, or a poll, select or epoll
	// whose only entry is the terminal: readline's pselect). The others,
	// if any, wait on a pipe or a child. Or: one process, one thread of it
	// blocked in read(2) on the terminal, every other thread idle (an
	// untimed futex, an event loop whose set holds only the program's own
	// wake-ups: a Go runtime parked beside its reader goroutine). Such a
	// program can do nothing until input (or a signal) arrives: what it
	// drew is all it will draw.
	Reading Wait = "read"
	// Watching: some thread waits on the terminal among other things
	// (poll, select or epoll with the terminal in its set, or a blocking
	// read beside threads that are not idle), or polls it (the terminal
	// open non-blocking, a thread sleeping on a short timer). Event loops (node, Go, asyncio) look
	// like this both when idle and between two frames of an animation, so
	// it says neither ready nor busy.
	Watching Wait = "watch"
	// Working: no thread of the foreground group waits on the terminal:
	// each is running, sleeping, or waiting on something else (a child, a
	// pipe, a lock). Whatever the screen shows, input now is not read.
	Working Wait = "work"
	// Unknown: the group could not be read, or a thread waits in a way
	// this package cannot see into (io_uring, an unreadable set).
	Unknown Wait = ""
)

// View is one observation of a terminal by the kernel. The zero value
// means nothing is known. Its fields are stable across runs (no process
// ids), so identical states compare equal and a recording keeps only
// changes.
type View struct {
	// Wait is what the foreground process group waits for.
	Wait Wait `json:"wait,omitempty"`
	// Doing says briefly what the foreground group's processes were
	// doing, for reasons and reports: "sqlite3 running",
	// "python3 read(tty)", "sleep clock_nanosleep".
	Doing string `json:"doing,omitempty"`
	// Leader is true when the foreground group is the spawned program's
	// own (a shell at its prompt), false when another group has the
	// terminal (a command the shell runs).
	Leader bool `json:"leader,omitempty"`
	// Pending is true when the program has written output the terminal
	// has not read yet.
	Pending bool `json:"pending,omitempty"`
	// Unread is how many bytes of input the program has not read yet
	// (in canonical mode, complete lines only, as the kernel counts).
	Unread int `json:"unread,omitempty"`
	// Canonical and Echo are the terminal's ICANON and ECHO flags: the
	// kernel edits lines and echoes typed input itself. Echo off in
	// canonical mode is how password prompts read.
	Canonical bool `json:"icanon,omitempty"`
	Echo      bool `json:"echo,omitempty"`
	// Timer says a timer of the program's own is due: the shortest
	// timeout a thread of the foreground group waits with (an event
	// loop's epoll_wait, poll or select, a futex, a sleep), at most 10 s,
	// rounded up to 1, 2 or 5 times a power of ten milliseconds ("500ms").
	// Empty: every thread waits for an event with no timeout (or runs), so
	// nothing the program scheduled itself will wake it. Linux only.
	Timer string `json:"timer,omitempty"`
	// Still says that every thread of the foreground group waits for the
	// terminal or for the program's own wake-ups (an eventfd, a signalfd,
	// a self-pipe, a unix socketpair it holds both ends of as asyncio's
	// self-pipe, a timerfd not armed, a lock, a child of the group; a
	// timer is in Timer), at least one for the terminal, and that none
	// has run since the previous observation. An event loop found so can
	// act on nothing but input, a signal, or the timer Timer names: no
	// socket, pipe or file of another process is in its sets, and no
	// callback ran between the two looks (a loop caught waiting between
	// two callbacks has run by the next look). Linux only; absent from
	// recordings made before it was observed. For a relay (Doing holds
	// RelayDoing: relay_linux.go), every thread of the relay and of its
	// panes' foreground groups, none run since the previous observation.
	Still bool `json:"still,omitempty"`
	// CPU is how much CPU time the foreground group's threads used, or
	// waited on a run queue to use (a loaded machine gives a burning loop
	// a part of a core), over the looks of the last 50 ms or so, as a
	// share of the wall time, in percent of one core rounded to ten: "0%"
	// for a loop asleep,
	// "100%" for one thread that ran throughout, more for several. A loop
	// that polls the terminal between chunks of work (bpython loading its
	// completion index) reads Watching at every look and burns a core.
	// Empty: not known (the first look of a group, a thread unreadable,
	// systems other than Linux, recordings made before it was observed).
	CPU string `json:"cpu,omitempty"`
	// Alarm says a process of a group found waiting on its own catches
	// SIGALRM, SIGVTALRM or SIGPROF: a timer armed with alarm(2) or
	// setitimer(2) may wake it, and such timers are in no wait's timeout
	// (Timer cannot name them). Go's runtime catches every signal, so Go
	// programs read true. Linux only; absent from recordings made before
	// it was observed.
	Alarm bool `json:"alarm,omitempty"`
}

// CPUShare returns CPU as a share of one core (1 for a core's worth);
// false when it is not known.
func (v View) CPUShare() (float64, bool) {
	if v.CPU == "" {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(v.CPU, "%"))
	if err != nil || n < 0 || !strings.HasSuffix(v.CPU, "%") {
		return 0, false
	}
	return float64(n) / 100, true
}

// TimerDue returns Timer as a duration: how soon, at most, the program
// acts by itself; false when no timer is due.
func (v View) TimerDue() (time.Duration, bool) {
	if v.Timer == "" {
		return 0, false
	}
	d, err := time.ParseDuration(v.Timer)
	return d, err == nil
}

// Known reports whether the view holds any observation.
func (v View) Known() bool { return v != View{} }

func (v View) String() string {
	if !v.Known() {
		return "nothing known"
	}
	var b strings.Builder
	w := v.Wait
	if w == Unknown {
		w = "unknown"
	}
	fmt.Fprintf(&b, "%s", w)
	if v.Doing != "" {
		fmt.Fprintf(&b, " (%s)", v.Doing)
	}
	if !v.Leader {
		b.WriteString(", another group in the foreground")
	}
	if v.Pending {
		b.WriteString(", output pending")
	}
	if v.Unread > 0 {
		fmt.Fprintf(&b, ", %d bytes unread", v.Unread)
	}
	if v.Timer != "" {
		fmt.Fprintf(&b, ", a timer due within %s", v.Timer)
	}
	if v.Still {
		b.WriteString(", still")
	}
	if v.CPU != "" {
		fmt.Fprintf(&b, ", %s of a core", v.CPU)
	}
	switch {
	case v.Canonical && v.Echo:
		b.WriteString(", cooked")
	case v.Canonical:
		b.WriteString(", cooked without echo")
	default:
		b.WriteString(", raw")
	}
	return b.String()
}

// Encode writes the view as compact JSON, as a recording's kernel event
// holds it: {"wait":"read","doing":"bc read(tty)","leader":true}.
func (v View) Encode() string {
	b, _ := json.Marshal(v) // plain fields: cannot fail
	return string(b)
}

// ParseView reads a view written by Encode, and rejects one no observation
// could have made.
func ParseView(data string) (View, error) {
	var v View
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		return View{}, fmt.Errorf("kernel: view %.40q is not a JSON object of the kernel's view: %w", data, err)
	}
	switch v.Wait {
	case Reading, Watching, Working, Unknown:
	default:
		return View{}, fmt.Errorf("kernel: wait %q is not one of %q, %q, %q or empty", v.Wait, Reading, Watching, Working)
	}
	if v.Unread < 0 {
		return View{}, fmt.Errorf("kernel: unread %d is negative", v.Unread)
	}
	if d, err := time.ParseDuration(v.Timer); v.Timer != "" && (err != nil || d < 0) {
		return View{}, fmt.Errorf("kernel: timer %q is not a duration like \"500ms\"", v.Timer)
	}
	if _, ok := v.CPUShare(); v.CPU != "" && !ok {
		return View{}, fmt.Errorf("kernel: cpu %q is not a share of a core like \"90%%\"", v.CPU)
	}
	return v, nil
}
