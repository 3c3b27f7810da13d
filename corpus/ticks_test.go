package corpus_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
)

// TestIdleTickHidesWork is round 11's audit (docs/CORPUS.md, "Round 11:
// timers due"): on every committed recording, the looks that find an event
// loop Still with only an idle tick due (corpus.IdleTickLooks), split by
// what the truth said then. A look taken while the program was busy is one
// where a rule "Still, and the only timer due fired before and drew
// nothing, so nothing can come but input" would have been early: the tick
// is the shortest timeout of the wait, and every longer timer hides behind
// it. node-timer-repl holds the case in the corpus: its 1 s query
// (await sleep) is invisible behind the 250 ms keep-alive for the whole
// second, the loop Still throughout, its answer still to come. It fails if
// that stops being so (the audit no longer reads looks), and prints the
// table: go test ./corpus -run TestIdleTickHidesWork -v
func TestIdleTickHidesWork(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	fmt.Fprintf(&b, "%-24s %7s %7s  %s\n", "scenario", "ready", "busy", "readings (busy looks)")
	busyIn := map[string]int{}
	var ready, busy int
	for _, sc := range corpus.Scenarios {
		path := filepath.Join("testdata", sc.Name+".cast")
		cast, err := asciicast.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		looks, err := corpus.IdleTickLooks(cast)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(looks) == 0 {
			continue
		}
		var r, bz int
		readings := map[string]int{}
		for _, l := range looks {
			if l.Busy {
				bz++
				readings[l.Timer]++
			} else {
				r++
			}
		}
		var rs []string
		for k, v := range readings {
			rs = append(rs, fmt.Sprintf("%s %d", k, v))
		}
		slices.Sort(rs)
		fmt.Fprintf(&b, "%-24s %7d %7d  %s\n", sc.Name, r, bz, strings.Join(rs, ", "))
		ready, busy, busyIn[sc.Name] = ready+r, busy+bz, bz
	}
	t.Logf("looks Still with only an idle tick due: %d while ready, %d while busy:\n%s", ready, busy, b.String())
	if busyIn["node-timer-repl"] == 0 {
		t.Error("node-timer-repl: no look Still with its keep-alive's idle tick due while its query ran; want the hidden 1 s timer's stretch")
	}
	if ready == 0 {
		t.Error("no look Still with an idle tick due while ready, in the whole corpus: the looks are not read")
	}
}
