package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
)

// TestStraceKept derives the strace truth again from live runs kept under
// TTYRIG_STRACE_KEPT (a TTYRIG_CORPUS_KEEP directory: each scenario's
// strace.log and inputs.txt) and logs every mark, from the first input.
// Run at two commits and compared, it says what a change to the truth
// moves on real traces (docs/CORPUS.md, "Round 10: under load").
func TestStraceKept(t *testing.T) {
	root := os.Getenv("TTYRIG_STRACE_KEPT")
	if root == "" {
		t.Skip("set TTYRIG_STRACE_KEPT to a TTYRIG_CORPUS_KEEP directory")
	}
	logs, err := filepath.Glob(filepath.Join(root, "*", "strace.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, log := range logs {
		dir := filepath.Dir(log)
		name := filepath.Base(dir)
		inputs, err := readInputTimes(filepath.Join(dir, inputsFile))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var sc *Scenario
		for i := range Scenarios {
			if strings.HasPrefix(name, Scenarios[i].Name+"-") && (sc == nil || len(Scenarios[i].Name) > len(sc.Name)) {
				sc = &Scenarios[i]
			}
		}
		if sc == nil || len(inputs) == 0 {
			continue
		}
		var marks, onScreen []Mark
		if sc.Threads {
			marks, err = StraceThreadsTruth(log, inputs)
			onScreen = marks
		} else {
			// Derived twice: by the bytes of each write alone, and with
			// the writes replayed on a screen of the run's size
			// (strace_screen.go); a line says where they differ.
			marks, err = StraceTruth(log, inputs)
			if err == nil {
				var raw *asciicast.Cast
				raw, err = asciicast.ReadFile(filepath.Join(dir, "raw.cast"))
				if err == nil {
					onScreen, err = StraceTruth(log, inputs, OnScreen(raw.Header.Width, raw.Header.Height))
				}
			}
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		t.Logf("%s:%s", sc.Name, keptMarks(marks, inputs[0]))
		if a, b := keptMarks(marks, inputs[0]), keptMarks(onScreen, inputs[0]); a != b {
			t.Logf("%s, on its screen (differs):%s", sc.Name, b)
		}
	}
}

func keptMarks(marks []Mark, from time.Time) string {
	var b strings.Builder
	for _, m := range marks {
		b.WriteString(" " + m.At.Sub(from).Round(time.Millisecond).String() + map[bool]string{true: " ready", false: " busy"}[m.Ready])
	}
	return b.String()
}
