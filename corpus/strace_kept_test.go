package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
		var marks []Mark
		if sc.Threads {
			marks, err = StraceThreadsTruth(log, inputs)
		} else {
			marks, err = StraceTruth(log, inputs)
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var b strings.Builder
		for _, m := range marks {
			b.WriteString(" " + m.At.Sub(inputs[0]).Round(time.Millisecond).String() + map[bool]string{true: " ready", false: " busy"}[m.Ready])
		}
		t.Logf("%s:%s", sc.Name, b.String())
	}
}
