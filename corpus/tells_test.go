package corpus_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
)

// TestKernelTellsFast holds issue 20's target on every committed recording:
// a turn whose kernel looks said the program can act on nothing but input
// (corpus.Tells) is decided within corpus.KernelTarget. It prints the audit
// per scenario (docs/CORPUS.md, "Round 10: the quiet window where the
// kernel can tell"): go test ./corpus -run TestKernelTellsFast -v
func TestKernelTellsFast(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	fmt.Fprintf(&b, "%-24s %5s %5s %9s %9s  %s\n", "scenario", "turns", "told", "told max", "else p50", "not told, why (last look)")
	var all, told int
	for _, sc := range corpus.Scenarios {
		turns := kernelTurns(t, sc.Name)
		var tl, el []time.Duration
		why := map[string]int{}
		for _, tu := range turns {
			if !tu.Found {
				if tu.Told {
					t.Errorf("%s: ready at %v, the kernel told (%s) yet the engine missed it", sc.Name, tu.Ready, tu.Look)
				}
				continue // else a missed turn is the golden's to report
			}
			if !tu.Told {
				el = append(el, tu.Latency)
				why[tu.Why]++
				continue
			}
			tl = append(tl, tu.Latency)
			if tu.Latency > corpus.KernelTarget {
				t.Errorf("%s: ready at %v, the kernel told (%s) yet the engine took %v (want ≤ %v)", sc.Name, tu.Ready, tu.Look, tu.Latency, corpus.KernelTarget)
			}
		}
		all += len(turns)
		told += len(tl)
		var reasons []string
		for k, v := range why {
			reasons = append(reasons, fmt.Sprintf("%s %d", k, v))
		}
		slices.Sort(reasons)
		fmt.Fprintf(&b, "%-24s %5d %5d %9s %9s  %s\n", sc.Name, len(turns), len(tl), maxOf(tl), p50(el), strings.Join(reasons, ", "))
	}
	t.Logf("kernel told %d of %d turns:\n%s", told, all, b.String())
	if told == 0 {
		t.Error("no turn told by the kernel in the whole corpus: the looks are not read")
	}
}

// TestKernelTurns checks the audit's reading of looks on recordings whose
// looks are known: nnn's blocking reads tell, bubbletea's runtime timers and
// WeeChat's 500 ms–1 s timers (still loops with a timer due) do not.
func TestKernelTurns(t *testing.T) {
	t.Parallel()
	count := func(name string) (told int, why map[string]int) {
		why = map[string]int{}
		for _, tu := range kernelTurns(t, name) {
			if tu.Told {
				told++
			} else {
				why[tu.Why]++
			}
		}
		return told, why
	}
	if told, _ := count("nnn"); told != 2 {
		t.Errorf("nnn: %d turns told by the kernel, want 2 (its blocking reads)", told)
	}
	for _, name := range []string{"bubbletea-chat", "weechat"} {
		told, why := count(name)
		if told != 0 || why["timer due"] == 0 {
			t.Errorf("%s: %d turns told, reasons %v; want none told, a timer due", name, told, why)
		}
	}
	if _, why := count("bubbletea-status"); why["never still"] == 0 {
		t.Errorf("bubbletea-status (recorded before View.Still): reasons %v, want never still", why)
	}
}

func kernelTurns(t *testing.T, name string) []corpus.Turn {
	t.Helper()
	path := filepath.Join("testdata", name+".cast")
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	turns, err := corpus.KernelTurns(cast)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return turns
}

func maxOf(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	return slices.Max(ds).Round(100 * time.Microsecond).String()
}

func p50(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	return median(slices.Clone(ds)).String()
}
