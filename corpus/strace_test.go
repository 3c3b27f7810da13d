package corpus

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A trimmed real trace of bash (pid 100) under strace -f -ttt -T: the
// prompt, "ls" typed in one write and Enter in another, the child (pid 101)
// interleaving so bash's wait is split into unfinished/resumed, and the
// final wait still pending when the session ended.
const bashTrace = `100 1000.000000 write(2, "$ ", 2) = 2 <0.000012>
100 1000.000100 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = 1 (in [0]) <0.499900>
100 1000.500100 read(0, "l", 1) = 1 <0.000010>
100 1000.500200 pselect6(1, [0], NULL, [0], {tv_sec=0, tv_nsec=0}, {sigmask=NULL, sigsetsize=8}) = 1 (in [0], left {tv_sec=0, tv_nsec=0}) <0.000011>
100 1000.500300 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = 1 (in [0]) <0.000011>
100 1000.500400 read(0, "s", 1) = 1 <0.000010>
100 1000.500500 write(2, "ls", 2) = 2 <0.000012>
100 1000.500600 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8} <unfinished ...>
101 1000.600000 read(3, "x", 1) = 1 <0.000010>
100 1000.700000 <... pselect6 resumed>) = 1 (in [0]) <0.199400>
100 1000.700100 read(0, "\r", 1) = 1 <0.000010>
101 1000.710000 read(0, "", 4096) = 0 <0.000010>
100 1000.800000 write(1, "a.txt\n", 6) = 6 <0.000010>
100 1000.800100 write(2, "$ ", 2) = 2 <0.000012>
100 1000.800200 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8} <unfinished ...>
100 1001.500000 +++ killed by SIGHUP +++
`

func at(s float64) time.Time { return time.Unix(0, int64(s*1e9)) }

func TestStraceMarks(t *testing.T) {
	calls, err := parseStrace(strings.NewReader(bashTrace), "bash.trace")
	if err != nil {
		t.Fatal(err)
	}
	// Inputs: "ls" at 1000.5, Enter at 1000.7.
	marks := straceMarks(calls, []time.Time{at(1000.5), at(1000.7)})
	type m struct {
		At    time.Duration // from 1000 s
		Ready bool
	}
	var got []m
	for _, k := range marks {
		got = append(got, m{k.At.Sub(at(1000)).Round(time.Microsecond), k.Ready})
	}
	want := []m{
		{100 * time.Microsecond, true},     // blocked on the prompt when "ls" came
		{500110 * time.Microsecond, false}, // took "l"
		{500600 * time.Microsecond, true},  // blocked after echoing "ls" (unfinished/resumed)
		{700110 * time.Microsecond, false}, // took Enter
		{800200 * time.Microsecond, true},  // the next prompt, pending at the end
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
}

// A child's read of a pipe on fd 0 is not the program reading its terminal,
// and a zero-timeout select is a poll, not a wait.
func TestStraceMarksIgnoreChildrenAndPolls(t *testing.T) {
	const trace = `200 10.000000 write(1, "> ", 2) = 2 <0.000010>
200 10.000100 select(1, [0], NULL, NULL, {tv_sec=0, tv_usec=0}) = 0 (Timeout) <0.000010>
201 10.100000 read(0, "data", 4096) = 4 <0.300000>
200 10.500000 poll([{fd=0, events=POLLIN}], 1, -1) = 1 ([{fd=0, revents=POLLIN}]) <0.200000>
200 10.700100 read(0, "y\n", 1024) = 2 <0.000010>
`
	calls, err := parseStrace(strings.NewReader(trace), "t")
	if err != nil {
		t.Fatal(err)
	}
	marks := straceMarks(calls, []time.Time{at(10.2), at(10.7)})
	if len(marks) != 2 || !marks[0].Ready || !marks[0].At.Equal(at(10.5)) || marks[1].Ready {
		t.Fatalf("want ready at 10.5 (the poll that waited for the input at 10.7) then busy, got %+v", marks)
	}
}

// A wait that followed waits that timed out with nothing written between
// (an ncurses escape timer) counts from the first of them; a terminal
// opened as /dev/tty is a terminal too.
func TestStraceMarksTimedWaitsAndDevTTY(t *testing.T) {
	const trace = `300 5.000000 openat(AT_FDCWD, "/dev/tty", O_RDONLY) = 3 <0.000010>
300 5.100000 write(1, "--More--", 8) = 8 <0.000010>
300 5.100100 poll([{fd=3, events=POLLIN}], 1, 100) = 0 (Timeout) <0.100000>
300 5.200200 poll([{fd=3, events=POLLIN}], 1, 100) = 0 (Timeout) <0.100000>
300 5.300300 read(3, " ", 1) = 1 <0.200000>
`
	calls, err := parseStrace(strings.NewReader(trace), "t")
	if err != nil {
		t.Fatal(err)
	}
	marks := straceMarks(calls, []time.Time{at(5.45)})
	if len(marks) != 2 || !marks[0].At.Equal(at(5.1001)) || !marks[1].At.Equal(at(5.5003)) {
		t.Fatalf("want ready at 5.1001 and busy at 5.5003, got %+v", marks)
	}
}

func TestParseStraceErrorNamesLine(t *testing.T) {
	_, err := parseStrace(strings.NewReader("100 1.0 read(0, \"\", 1) = 0 <0.1>\ngarbage\n"), "x.trace")
	if err == nil || !strings.Contains(err.Error(), "x.trace:2:") {
		t.Fatalf("want an error naming x.trace:2, got %v", err)
	}
}

// Input that lands between the prompt's write and the read just after it
// (an OSC 133 detector answers there) found the program ready; input that
// lands while it computes, long before its next write, did not.
func TestStraceMarksInputJustBeforeRead(t *testing.T) {
	const trace = `400 1.000000 write(2, "$ ", 2) = 2 <0.000010>
400 1.000100 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = 1 (in [0]) <0.000010>
400 1.000200 read(0, "x", 1) = 1 <0.000010>
400 1.000300 write(2, "x", 1) = 1 <0.000010>
400 2.000000 write(1, "result\n", 7) = 7 <0.000010>
400 2.000100 write(2, "$ ", 2) = 2 <0.000010>
400 2.000200 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = 1 (in [0]) <0.000010>
400 2.000300 read(0, "y", 1) = 1 <0.000010>
`
	calls, err := parseStrace(strings.NewReader(trace), "t")
	if err != nil {
		t.Fatal(err)
	}
	// "x" at 1.00005, between the prompt and the wait; "y" at 1.5, while it computes.
	marks := straceMarks(calls, []time.Time{at(1.00005), at(1.5)})
	if len(marks) != 2 || !marks[0].Ready || !marks[0].At.Equal(at(1.00001)) || marks[1].Ready {
		t.Fatalf("want ready at 1.00001 (end of the prompt's write), busy after reading x, and nothing for y; got %+v", marks)
	}
}

// A wait that lasted and returned a moment before the input's stamp (the
// two clocks disagree by that much) waited for it; one that returned at
// once found queued input, however close the next input came.
func TestStraceMarksClockSlack(t *testing.T) {
	const trace = `500 1.000000 write(1, "> ", 2) = 2 <0.000010>
500 1.000100 pselect6(1, [0], NULL, NULL, NULL, NULL) = 1 (in [0]) <0.150000>
500 1.150200 read(0, "a", 1) = 1 <0.000010>
500 1.150300 pselect6(1, [0], NULL, NULL, NULL, NULL) = 1 (in [0]) <0.000010>
500 1.150400 read(0, "b", 1) = 1 <0.000010>
`
	calls, err := parseStrace(strings.NewReader(trace), "t")
	if err != nil {
		t.Fatal(err)
	}
	// "ab" stamped 0.5 ms after the first wait returned; Enter 1 ms after the second.
	marks := straceMarks(calls, []time.Time{at(1.1506), at(1.1513)})
	if len(marks) != 2 || !marks[0].Ready || !marks[0].At.Equal(at(1.0001)) || marks[1].Ready {
		t.Fatalf("want ready at 1.0001 and busy after a, nothing for the queued b; got %+v", marks)
	}
}

// A trimmed trace of top -d 1 (pid 200): it draws, waits for keys with a
// one-second timeout, redraws when it times out, and takes "q".
const topTrace = `200 2000.000000 write(1, "top - 10:00:00", 14) = 14 <0.000012>
200 2000.000100 pselect6(1, [0], NULL, NULL, {tv_sec=1, tv_nsec=0}, NULL) = 0 (Timeout) <1.000000>
200 2001.000200 openat(AT_FDCWD, "/proc/stat", O_RDONLY) = 3 <0.000010>
200 2001.000300 read(3, "cpu 1 2 3", 1024) = 9 <0.000010>
200 2001.000400 write(1, "top - 10:00:01", 14) = 14 <0.000012>
200 2001.000500 pselect6(1, [0], NULL, NULL, {tv_sec=1, tv_nsec=0}, NULL) = 1 (in [0], left {tv_sec=0, tv_nsec=500000000}) <0.500000>
200 2001.500600 read(0, "q", 1) = 1 <0.000010>
200 2001.600000 write(1, "\x1b[?1049l", 8) = 8 <0.000012>
`

func TestStraceMarksIdleRefresh(t *testing.T) {
	calls, err := parseStrace(strings.NewReader(topTrace), "top.trace")
	if err != nil {
		t.Fatal(err)
	}
	marks := straceMarks(calls, []time.Time{at(2001.5)})
	var got []string
	for _, k := range marks {
		got = append(got, k.At.Sub(at(2000)).Round(time.Microsecond).String()+map[bool]string{true: " ready", false: " busy"}[k.Ready])
	}
	want := []string{
		"100µs ready",   // the first wait for keys, which timed out: top was ready through its redraw
		"1.50061s busy", // took "q"
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
}

// A trimmed trace of dialog's menu (pid 400, ncurses): it draws, blocks
// reading, takes Down as ESC O B (the tail read after polls with a 1 s
// escape timeout), checks for typeahead with zero-timeout polls around its
// redraw, and blocks reading again until Enter.
const dialogTrace = `400 3000.000000 write(1, "menu", 4) = 4 <0.000050>
400 3000.000100 read(0, "\33", 1) = 1 <0.000900>
400 3000.001100 poll([{fd=0, events=POLLIN}], 1, 1000) = 1 ([{fd=0, revents=POLLIN}]) <0.000050>
400 3000.001200 read(0, "O", 1) = 1 <0.000050>
400 3000.001300 poll([{fd=0, events=POLLIN}], 1, 1000) = 1 ([{fd=0, revents=POLLIN}]) <0.000050>
400 3000.001400 read(0, "B", 1) = 1 <0.000050>
400 3000.001500 poll([{fd=0, events=POLLIN}], 1, 0) = 0 (Timeout) <0.000050>
400 3000.001600 write(1, "bash", 4) = 4 <0.000050>
400 3000.001700 poll([{fd=0, events=POLLIN}], 1, 0) = 0 (Timeout) <0.000050>
400 3000.001800 read(0, "\r", 1) = 1 <0.049200>
`

// Each key is one busy after one ready: the zero-timeout polls are no
// waits, and the input that came after a write, once read, does not make
// the program ready again back at that write.
func TestStraceMarksEscapeKeyAndTypeaheadPolls(t *testing.T) {
	calls, err := parseStrace(strings.NewReader(dialogTrace), "dialog.trace")
	if err != nil {
		t.Fatal(err)
	}
	marks := straceMarks(calls, []time.Time{at(3000.0009), at(3000.051)})
	var got []string
	for _, k := range marks {
		got = append(got, k.At.Sub(at(3000)).Round(time.Microsecond).String()+map[bool]string{true: " ready", false: " busy"}[k.Ready])
	}
	want := []string{
		"100µs ready", // blocked reading when Down came
		"1ms busy",    // took its ESC
		"1.8ms ready", // blocked reading again after the redraw
		"51ms busy",   // took Enter
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
}

// Trimmed from a real trace (corpus/live, bash-ctrl-c, one run in six):
// ^C lands while bash (100) forks "sleep 7"; bash takes the terminal back,
// then its child (101) takes it again and waits on bash's sync pipe. bash
// draws its prompt and waits on the terminal, and the next key gets it
// EIO: it is in the background, and it exits. That wait was no ready.
const bashBackgroundTrace = `100 1000.000000 write(2, "$ ", 2) = 2 <0.000012>
100 1000.000100 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = 1 (in [0]) <0.099900>
100 1000.100100 read(0, "\r", 1) = 1 <0.000010>
100 1000.100200 write(2, "\n", 1) = 1 <0.000010>
100 1000.110000 ioctl(255, TIOCSPGRP, [100]) = 0 <0.000009>
101 1000.110100 ioctl(255, TIOCSPGRP, [101]) = 0 <0.000032>
101 1000.110200 read(3,  <unfinished ...>
100 1000.110300 write(2, "$ ", 2) = 2 <0.000056>
100 1000.110400 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = 1 (in [0]) <5.997666>
100 1006.108100 read(0, 0x7ffc5c984aff, 1) = -1 EIO (Input/output error) <0.000011>
100 1006.108200 write(2, "exit\n", 5) = 5 <0.000029>
100 1006.108300 +++ exited with 130 +++
101 1006.108400 <... read resumed>"", 1) = 0 <5.998200>
`

func TestStraceMarksBackgroundReadIsNoReady(t *testing.T) {
	calls, err := parseStrace(strings.NewReader(bashBackgroundTrace), "bash.trace")
	if err != nil {
		t.Fatal(err)
	}
	// Inputs: Enter at 1000.1, "echo after" at 1006.108.
	marks := straceMarks(calls, []time.Time{at(1000.1), at(1006.108)})
	var got []string
	for _, k := range marks {
		got = append(got, fmt.Sprintf("%v %v", k.At.Sub(at(1000)).Round(time.Microsecond), k.Ready))
	}
	want := []string{
		"100µs true",     // the first prompt
		"100.11ms false", // took Enter
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
}

// The hangup that ends a session fails a read with EIO too, with nothing
// typed: a program idle at its refresh interval (top) was ready until then.
func TestStraceMarksHangupKeepsReady(t *testing.T) {
	const trace = `200 2000.000000 write(1, "top", 3) = 3 <0.000050>
200 2000.000100 pselect6(1, [0], NULL, NULL, {tv_sec=1, tv_nsec=0}, NULL) = 0 (Timeout) <1.000000>
200 2001.000200 write(1, "top", 3) = 3 <0.000050>
200 2001.000300 pselect6(1, [0], NULL, NULL, {tv_sec=1, tv_nsec=0}, NULL) = 1 (in [0], left {tv_sec=0, tv_nsec=500000000}) <0.500000>
200 2001.500400 read(0, 0x7ffc5c984aff, 1) = -1 EIO (Input/output error) <0.000011>
`
	calls, err := parseStrace(strings.NewReader(trace), "top.trace")
	if err != nil {
		t.Fatal(err)
	}
	marks := straceMarks(calls, nil)
	if len(marks) != 1 || !marks[0].Ready {
		t.Errorf("marks %+v, want ready until the end", marks)
	}
}

// A wait interrupted by a signal (SIGWINCH: tmux split the pane) was a
// wait all along: bash at its prompt from before the resize is ready when
// input comes, whether it came before the signal or after the wait began
// again; the interrupted wait is not taken for one that returned at once.
func TestStraceMarksInterruptedWait(t *testing.T) {
	const trace = `400 3000.000000 write(2, "$ ", 2) = 2 <0.000012>
400 3000.000100 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = ? ERESTARTNOHAND (To be restarted if no handler) <4.500000>
400 3004.500100 --- SIGWINCH {si_signo=SIGWINCH, si_code=SI_KERNEL} ---
400 3004.500200 pselect6(1, [0], NULL, NULL, NULL, {sigmask=[], sigsetsize=8}) = 1 (in [0]) <1.499800>
400 3006.000100 read(0, "l", 1) = 1 <0.000010>
`
	calls, err := parseStrace(strings.NewReader(trace), "tmux-bash.trace")
	if err != nil {
		t.Fatal(err)
	}
	if c := calls[1]; c.pending || c.dur != 4500*time.Millisecond {
		t.Errorf("interrupted wait: pending %v, lasted %v; want returned after 4.5s", c.pending, c.dur)
	}
	for _, tc := range []struct {
		name  string
		input float64
	}{{"input during the interrupted wait", 3002}, {"input after it", 3006}} {
		marks := straceMarks(calls, []time.Time{at(tc.input)})
		if len(marks) < 1 || !marks[0].Ready || !marks[0].At.Equal(at(3000.0001)) {
			t.Errorf("%s: marks %+v, want ready at the first wait (3000.0001)", tc.name, marks)
		}
	}
}

// A Go chooser: threads 300 and 301 of one program, the frame written by
// one, the terminal read by another through the netpoller (EAGAIN, then
// data once epoll woke), and a timer wake-up that writes nothing.
func TestThreadMarks(t *testing.T) {
	const trace = `300 20.000000 openat(AT_FDCWD, "/dev/tty", O_RDONLY|O_CLOEXEC) = 5 <0.000010>
301 20.000100 read(5, 0xc000, 64) = -1 EAGAIN (Resource temporarily unavailable) <0.000010>
300 20.010000 write(2, "> a\n  b", 7) = 7 <0.000020>
300 20.020000 epoll_pwait(4, [], 128, 16, NULL, 0) = 0 <0.016000>
301 20.500000 read(5, "\x1b[B", 64) = 3 <0.000010>
300 20.501000 write(2, "  a\n> b", 7) = 7 <0.000020>
301 20.502000 read(5, 0xc000, 64) = -1 EAGAIN (Resource temporarily unavailable) <0.000010>
301 20.800000 read(5, "\r", 64) = 1 <0.000010>
300 20.801000 write(1, "b\n", 2) = 2 <0.000010>
`
	calls, err := parseStrace(strings.NewReader(trace), "t")
	if err != nil {
		t.Fatal(err)
	}
	marks := threadMarks(calls, []time.Time{at(20.5), at(20.8)})
	type m struct {
		At    time.Duration // from 20 s
		Ready bool
	}
	var got []m
	for _, k := range marks {
		got = append(got, m{k.At.Sub(at(20)).Round(time.Microsecond), k.Ready})
	}
	want := []m{
		{10020 * time.Microsecond, true},   // the first frame written
		{500010 * time.Microsecond, false}, // took Down
		{501020 * time.Microsecond, true},  // the frame with b selected
		{800010 * time.Microsecond, false}, // took Enter
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
}

// Input that came before the first frame finds nothing drawn: ready only
// when the program took it, so any earlier "ready" is premature.
func TestThreadMarksInputBeforeFirstFrame(t *testing.T) {
	const trace = `400 30.000000 read(0, "q", 64) = 1 <0.000010>
401 30.100000 write(2, "> a", 3) = 3 <0.000010>
`
	calls, err := parseStrace(strings.NewReader(trace), "t")
	if err != nil {
		t.Fatal(err)
	}
	marks := threadMarks(calls, []time.Time{at(29.9)})
	if len(marks) != 2 || !marks[0].Ready || !marks[0].At.Equal(at(30.00001)) || marks[1].Ready || !marks[1].At.Equal(at(30.00001)) {
		t.Fatalf("want ready and busy at the read's end (30.00001), got %+v", marks)
	}
}

// Trimmed from a real trace of visidata (pid 500, python curses; corpus/live,
// the `l` turn): the answer drawn, then a poll of the terminal with a 100 ms
// timeout that times out, a refresh that draws nothing (the cursor parked
// again, the same modes set), and the next poll. In the committed recording
// the next key (`]`) came during that refresh, between the polls; the
// second trace is the same with the refresh ticking a digit (its sort's
// progress), which is drawing.
const visidataIdleTrace = `500 4000.000000 read(0, "l", 1) = 1 <0.000011>
500 4000.000300 poll([{fd=0, events=POLLIN}], 1, 0) = 0 (Timeout) <0.000010>
500 4000.012000 write(1, "\33(B\33[0m\33[37m\33[40m item27 \33[38;5;"..., 79) = 79 <0.000008>
500 4000.014000 write(1, "\33[1;83H", 7) = 7 <0.000011>
500 4000.014200 ioctl(1, SNDCTL_TMR_STOP or TCSETSW, {c_iflag=, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST, c_cflag=B38400|CS8|CREAD, c_lflag=ECHOE|ECHOK|ECHOCTL|ECHOKE, ...}) = 0 <0.000020>
500 4000.014300 write(1, "\33[?1h\33=", 7) = 7 <0.000014>
500 4000.014400 write(1, "\r", 1) = 1 <0.000096>
500 4000.014600 poll([{fd=0, events=POLLIN}], 1, 100) = 0 (Timeout) <0.100163>
500 4000.115100 poll([{fd=0, events=POLLIN}], 1, 0) = 0 (Timeout) <0.001674>
500 4000.125400 ioctl(1, TCGETS, {c_iflag=, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST, c_cflag=B38400|CS8|CREAD, c_lflag=ECHOE|ECHOK|ECHOCTL|ECHOKE, ...}) = 0 <0.000010>
500 4000.125500 write(1, "\33[29;19H", 8) = 8 <0.000015>
500 4000.125600 write(1, "\33[1;83H", 7) = 7 <0.000008>
500 4000.125700 ioctl(1, SNDCTL_TMR_STOP or TCSETSW, {c_iflag=, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST, c_cflag=B38400|CS8|CREAD, c_lflag=ECHOE|ECHOK|ECHOCTL|ECHOKE, ...}) = 0 <0.000020>
500 4000.125800 write(1, "\33[?1h\33=", 7) = 7 <0.000008>
500 4000.125900 write(1, "\r", 1) = 1 <0.000008>
500 4000.126000 poll([{fd=0, events=POLLIN}], 1, 100) = 1 ([{fd=0, revents=POLLIN}]) <0.000020>
500 4000.126100 read(0, "]", 1) = 1 <0.000028>
`

func TestStraceMarksKeyDuringARefreshThatDrawsNothing(t *testing.T) {
	marksOf := func(trace string, inputs ...float64) []string {
		t.Helper()
		calls, err := parseStrace(strings.NewReader(trace), "visidata.trace")
		if err != nil {
			t.Fatal(err)
		}
		var in []time.Time
		for _, s := range inputs {
			in = append(in, at(s))
		}
		var got []string
		for _, k := range straceMarks(calls, in) {
			got = append(got, k.At.Sub(at(4000)).Round(time.Microsecond).String()+map[bool]string{true: " ready", false: " busy"}[k.Ready])
		}
		return got
	}
	// `]` at 4000.12: after the first poll timed out, before the second.
	want := []string{
		"14.6ms ready",   // the first poll after the answer: the refresh after it drew nothing
		"126.128ms busy", // took `]`
	}
	if d := cmp.Diff(want, marksOf(visidataIdleTrace, 3999.9999, 4000.12)); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
	// The same key inside the second poll: ready at the first one too
	// (before, at the second: the refresh's writes ended the run).
	inside := strings.Replace(visidataIdleTrace, "<0.000020>\n500 4000.126100 read", "<0.010000>\n500 4000.136000 read", 1)
	if d := cmp.Diff([]string{"14.6ms ready", "136.028ms busy"}, marksOf(inside, 3999.9999, 4000.13)); d != "" {
		t.Errorf("key inside the second poll: marks (-want +got):\n%s", d)
	}
	// A refresh that draws (a digit of its progress) ends the run: no
	// ready before the key, as before.
	ticking := strings.Replace(visidataIdleTrace, `write(1, "\33[29;19H", 8) = 8`, `write(1, "\33[30;88H6", 9) = 9`, 1)
	if ticking == visidataIdleTrace {
		t.Fatal("the ticking variant changed nothing")
	}
	if got := marksOf(ticking, 3999.9999, 4000.12); len(got) != 0 {
		t.Errorf("a refresh that ticks a digit: marks %v, want none (the key came between two polls with drawing between)", got)
	}
	// Modes set anew (raw to cooked) are a change too.
	cooked := strings.Replace(visidataIdleTrace, "c_lflag=ECHOE|ECHOK|ECHOCTL|ECHOKE, ...}) = 0 <0.000020>\n500 4000.125800", "c_lflag=ICANON|ECHO|ECHOE|ECHOK|ECHOCTL|ECHOKE, ...}) = 0 <0.000020>\n500 4000.125800", 1)
	if cooked == visidataIdleTrace {
		t.Fatal("the cooked variant changed nothing")
	}
	if got := marksOf(cooked, 3999.9999, 4000.12); len(got) != 0 {
		t.Errorf("modes set anew in the refresh: marks %v, want none", got)
	}
}

func TestDrawsNothing(t *testing.T) {
	for _, tc := range []struct {
		out  string
		want bool
	}{
		{"\x1b[29;19H\x1b[1;83H\x1b[?1h\x1b=\r", true},
		{"\x1b[39;49m\x1b(B\x1b[m", true},
		{"\x1b[30;88H6", false}, // a digit
		{"\x1b[K", false},       // erase
		{"\x1b[?25h", false},    // the cursor shown
		{"\x1b[?1049h", false},  // the alternate screen
		{"\x1b[2A", false},      // a relative move: where to is unknown here
		{"\x1b[1;83", false},    // cut short
		{"\n", false},           // may scroll
		{"", true},
	} {
		if got := drawsNothing([]byte(tc.out)); got != tc.want {
			t.Errorf("drawsNothing(%q) = %v, want %v", tc.out, got, tc.want)
		}
	}
	if b, ok := unquoteStrace(`\33[1;83H\342\224\202\r\"x\\`); !ok || string(b) != "\x1b[1;83H│\r\"x\\" {
		t.Errorf("unquoteStrace: %q %v", b, ok)
	}
}
