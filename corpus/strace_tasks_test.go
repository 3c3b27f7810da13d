package corpus

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Trimmed from a live trace of corpus newsboat (round 11): `R` read by the
// main thread (12337), which draws "Loading" and waits in poll(tty, 60 s);
// a reload thread (12362) starts, runs the feed's command (12364, a shell
// that execs; its cat 12457 writes the feed to a pipe on its fd 1), and
// draws the feed list at +39.6 ms and ends; Enter comes at +190.4 ms.
const newsboatReloadTrace = `12337 100.000000 execve("/usr/bin/newsboat", ["newsboat"], 0x7ffd /* 20 vars */) = 0 <0.000300>
12337 100.000200 read(0, "R", 1) = 1 <0.000014>
12337 100.001800 write(1, "(1/1) Loading exec:feed.sh...", 29) = 29 <0.000011>
12362 100.001800 poll([{fd=0, events=POLLIN}], 1, 0) = 0 (Timeout) <0.000026>
12337 100.001900 poll([{fd=0, events=POLLIN}], 1, 60000 <unfinished ...>
12362 100.005000 poll([{fd=5, events=POLLIN}, {fd=7, events=POLLIN}], 2, -1 <unfinished ...>
12364 100.007000 execve("/bin/sh", ["sh", "feed.sh"], 0x7ffd /* 20 vars */) = 0 <0.000300>
12457 100.020000 execve("/bin/cat", ["cat", "feed.xml"], 0x7ffd /* 20 vars */) = 0 <0.000300>
12457 100.024700 write(1, "<?xml version=\"1.0\"?>", 21) = 21 <0.000020>
12362 100.024700 <... poll resumed>) = 1 ([{fd=5, revents=POLLIN}]) <0.019667>
12362 100.025000 read(5, "<?xml version=\"1.0\"?>", 32) = 21 <0.000032>
12362 100.039600 write(1, "\33[30d\33[J\33[1;31HProject news", 27) = 27 <0.000025>
12362 100.044600 +++ exited with 0 +++
12337 100.190600 <... poll resumed>) = 1 ([{fd=0, revents=POLLIN}]) <0.188764>
12337 100.190700 read(0, "\r", 1) = 1 <0.000013>
12337 100.192400 poll([{fd=0, events=POLLIN}], 1, 60000) = 1 ([{fd=0, revents=POLLIN}]) <0.151545>
`

func TestStraceMarksWaitForTheThreadsDrawing(t *testing.T) {
	calls, err := parseStrace(strings.NewReader(newsboatReloadTrace), "newsboat.trace")
	if err != nil {
		t.Fatal(err)
	}
	inputs := []time.Time{at(100), at(100.1904), at(100.3438)}
	var got []string
	for _, k := range straceMarks(calls, inputs) {
		got = append(got, fmt.Sprintf("%v %v", k.At.Sub(at(100)).Round(time.Microsecond), k.Ready))
	}
	want := []string{
		"39.625ms true",   // the reload thread's feed list drawn (the main thread waited from 1.9 ms)
		"190.713ms false", // took Enter
		"192.4ms true",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
	// Enter before the thread drew (the feed list drawn 40 ms after the
	// key, as in two live runs of six under load): the key found newsboat
	// still at work, and the turn had no ready.
	calls, err = parseStrace(strings.NewReader(strings.Replace(newsboatReloadTrace, "100.039600 write", "100.230000 write", 1)), "newsboat-late.trace")
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, k := range straceMarks(calls, inputs) {
		got = append(got, fmt.Sprintf("%v %v", k.At.Sub(at(100)).Round(time.Microsecond), k.Ready))
	}
	if d := cmp.Diff(want[1:], got); d != "" {
		t.Errorf("drawn after the next key, marks (-want +got):\n%s", d)
	}
	// The same trace with the thread's draw gone: the main thread's truth.
	calls, err = parseStrace(strings.NewReader(strings.Replace(newsboatReloadTrace,
		`12362 100.039600 write(1, "\33[30d\33[J\33[1;31HProject news", 27) = 27 <0.000025>`+"\n", "", 1)), "newsboat-nodraw.trace")
	if err != nil {
		t.Fatal(err)
	}
	if m := straceMarks(calls, inputs); len(m) == 0 || m[0].At.Sub(at(100)).Round(time.Microsecond) != 1900*time.Microsecond {
		t.Errorf("without the thread's draw, the first ready is %v, want at the main thread's poll (1.9 ms)", m)
	}
}
