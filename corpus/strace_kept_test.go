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
		if sc.Threads {
			marks, err := StraceThreadsTruth(log, inputs)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			t.Logf("%s:%s", sc.Name, keptMarks(marks, inputs[0]))
			continue
		}
		// Derived three ways: round 10's (the main process's waits, each
		// write by its bytes alone), with the writes replayed on a screen
		// of the run's size (strace_screen.go), and with the other
		// threads' drawing too (strace_tasks.go, the truth as it is); a
		// line says where each differs from the one before.
		calls, err := readStrace(log)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		raw, err := asciicast.ReadFile(filepath.Join(dir, "raw.cast"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		w, h := raw.Header.Width, raw.Header.Height
		bytes := keptMarks(mainMarks(calls, inputs, 0, 0), inputs[0])
		screen := keptMarks(mainMarks(calls, inputs, w, h), inputs[0])
		tasks := keptMarks(straceMarksOn(calls, inputs, w, h), inputs[0])
		t.Logf("%s:%s", sc.Name, bytes)
		if screen != bytes {
			t.Logf("%s, on its screen (differs):%s", sc.Name, screen)
		}
		if tasks != screen {
			t.Logf("%s, with its threads (differs):%s", sc.Name, tasks)
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
