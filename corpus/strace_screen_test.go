package corpus

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// visidata's `overwrite?` window (docs/CORPUS.md, "Round 10: under load",
// run 5), in the shape strace prints it whole: the window drawn, then at
// every 100 ms poll that times out its rows erased (`ESC[K`) in one write
// and drawn again, the same, in the next. `y` comes during the second
// refresh. By each write's bytes the refreshes draw (an erase), the run of
// waits ends at each, and the turn has no ready; on the screen they leave
// it as it was, and visidata was ready at its first poll.
const overwriteTrace = `300 3000.000000 write(1, "\33[3;5Hoverwrite? y/n\33[1;1H", 27) = 27 <0.000050>
300 3000.000100 poll([{fd=0, events=POLLIN}], 1, 100) = 0 (Timeout) <0.100000>
300 3000.100200 write(1, "\33[3;5H\33[K\33[1;1H", 15) = 15 <0.000050>
300 3000.100300 write(1, "\33[3;5Hoverwrite? y/n\33[1;1H", 27) = 27 <0.000050>
300 3000.100400 poll([{fd=0, events=POLLIN}], 1, 100) = 0 (Timeout) <0.100000>
300 3000.205000 write(1, "\33[3;5H\33[K\33[1;1H", 15) = 15 <0.000050>
300 3000.206000 write(1, "\33[3;5Hoverwrite? y/n\33[1;1H", 27) = 27 <0.000050>
300 3000.207000 poll([{fd=0, events=POLLIN}], 1, 100) = 1 ([{fd=0, revents=POLLIN}]) <0.000100>
300 3000.207200 read(0, "y", 1024) = 1 <0.000010>
300 3000.207300 write(1, "\33[3;5H\33[K\33[1;1Hsaved", 20) = 20 <0.000050>
`

func TestStraceMarksOnScreenSeeTheSameRedraw(t *testing.T) {
	calls, err := parseStrace(strings.NewReader(overwriteTrace), "visidata.trace")
	if err != nil {
		t.Fatal(err)
	}
	inputs := []time.Time{at(3000.2055)} // y, during the second refresh
	show := func(marks []Mark) []string {
		var got []string
		for _, k := range marks {
			got = append(got, fmt.Sprintf("%v %v", k.At.Sub(at(3000)).Round(time.Microsecond), k.Ready))
		}
		return got
	}
	if d := cmp.Diff([]string(nil), show(straceMarks(calls, inputs))); d != "" {
		t.Errorf("by the bytes alone, marks (-want +got):\n%s", d)
	}
	want := []string{
		"100µs true",     // the first poll after the window was drawn
		"207.21ms false", // took y
	}
	if d := cmp.Diff(want, show(straceMarksOn(calls, inputs, 20, 5))); d != "" {
		t.Errorf("on a 20×5 screen, marks (-want +got):\n%s", d)
	}
	// A child's output makes the screen unknown from there on: the same
	// refreshes after it are judged by their bytes alone.
	child := strings.Replace(overwriteTrace, "300 3000.000100 poll", "301 3000.000050 write(1, \"x\", 1) = 1 <0.000010>\n300 3000.000100 poll", 1)
	calls, err = parseStrace(strings.NewReader(child), "visidata-child.trace")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string(nil), show(straceMarksOn(calls, inputs, 20, 5))); d != "" {
		t.Errorf("after a child's write, marks (-want +got):\n%s", d)
	}
}
