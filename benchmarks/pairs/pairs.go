// Package pairs compares two ways of doing the same work fairly: in
// interleaved pairs, alternating which side goes first, each side timing
// only its own work (set-up stays outside both clocks alike), and reports
// the median of the per-pair ratios with its spread beside the baseline
// and the target. The benchmarks of ttyrig print their comparisons with
// it, and make bench gathers its summary lines into docs/BENCHMARKS.md.
package pairs

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"
)

// Result is n pairs of measurements: A is the side measured (ttyrig), B
// the baseline it is compared with.
type Result struct {
	A, B []float64 // each pair's measurement, in the unit the sides return
}

// Compare runs a and b in n interleaved pairs, b first in even pairs and
// a first in odd ones, so neither always runs on the heap or the caches
// the other left. Each returns what it measured (a duration, in
// milliseconds, or any other cost where lower is better).
func Compare(n int, a, b func() float64) Result {
	var r Result
	for i := range n {
		var x, y float64
		if i%2 == 0 {
			y = b()
			x = a()
		} else {
			x = a()
			y = b()
		}
		r.A = append(r.A, x)
		r.B = append(r.B, y)
	}
	return r
}

// Count is how many pairs a comparison runs: $TTYRIG_BENCH_PAIRS when it
// is a positive number, else def. The pairs are the measurement, so a
// benchmark runs them once whatever b.N is (make bench uses -benchtime 1x).
func Count(def int) int {
	if n, err := strconv.Atoi(os.Getenv("TTYRIG_BENCH_PAIRS")); err == nil && n > 0 {
		return n
	}
	return def
}

// Ms returns d in milliseconds, for the sides of Compare.
func Ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Ratios returns each pair's A/B.
func (r Result) Ratios() []float64 {
	out := make([]float64, len(r.A))
	for i := range r.A {
		out[i] = r.A[i] / r.B[i]
	}
	return out
}

// Spread is a sample's quartiles and extremes.
type Spread struct{ Min, P25, P50, P75, Max float64 }

// Of returns the spread of xs (all zero for none).
func Of(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	q := func(p float64) float64 { return s[int(p*float64(len(s)-1)+0.5)] }
	return Spread{Min: s[0], P25: q(0.25), P50: q(0.5), P75: q(0.75), Max: s[len(s)-1]}
}

// Comparison names what a Result compares, for its report.
type Comparison struct {
	Name    string  // what was measured, e.g. "round trip Spawn→Expect→Close"
	A, B    string  // the two sides, e.g. "ttyrig", "bare creack/pty"
	Unit    string  // of the measurements, e.g. "ms", "MiB"
	Target  float64 // the ratio A/B must not exceed; 0 for none
	AtLeast bool    // the target is a floor (A/B ≥ Target), as for throughput
}

// Line is the one-line summary make bench gathers: both sides' medians,
// the median ratio with its interquartile range and extremes, and
// whether the target is met.
func (c Comparison) Line(r Result) string {
	a, b, q := Of(r.A), Of(r.B), Of(r.Ratios())
	verdict := ""
	if c.Target > 0 {
		op, met := "≤", q.P50 <= c.Target
		if c.AtLeast {
			op, met = "≥", q.P50 >= c.Target
		}
		verdict = fmt.Sprintf(" | target %s %.2f× | %s", op, c.Target, map[bool]string{true: "met", false: "NOT met"}[met])
	} else {
		verdict = " | no target | —"
	}
	return fmt.Sprintf("BENCH | %s | %s %.3g %s | %s %.3g %s | %.2f× (p25–p75 %.2f–%.2f, min–max %.2f–%.2f, %d pairs)%s",
		c.Name, c.A, a.P50, c.Unit, c.B, b.P50, c.Unit, q.P50, q.P25, q.P75, q.Min, q.Max, len(r.A), verdict)
}

// Report logs c's summary line for make bench and reports the medians
// and the ratio's quartiles as benchmark metrics.
func (c Comparison) Report(tb testing.TB, r Result) {
	tb.Helper()
	tb.Log(c.Line(r))
	if b, ok := tb.(*testing.B); ok {
		a, bb, q := Of(r.A), Of(r.B), Of(r.Ratios())
		b.ReportMetric(a.P50, "A-p50-"+c.Unit)
		b.ReportMetric(bb.P50, "B-p50-"+c.Unit)
		b.ReportMetric(q.P25, "ratio-p25")
		b.ReportMetric(q.P50, "ratio-p50")
		b.ReportMetric(q.P75, "ratio-p75")
		if c.Target > 0 {
			b.ReportMetric(c.Target, "ratio-target")
		}
		b.ReportMetric(0, "ns/op") // the pairs are the measurement, not b.N's loop
	}
}
