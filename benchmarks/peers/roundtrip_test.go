package peers_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/benchmarks/pairs"
	"github.com/ttyrig/ttyrig/benchmarks/peers"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// rig is the round trip as a ttyrig test writes it: Spawn, Expect the
// prompt, Type the command, Expect its output and the prompt after it,
// Close.
func rig(tb testing.TB) {
	tb.Helper()
	term := termtest.Spawn(tb, peers.Bash, termtest.WithEnv("PS1=$ ", "HISTFILE="), termtest.WithSize(peers.Cols, peers.Rows))
	term.ExpectScreen(expect.Contains("$ "))
	term.Type(peers.Command + "\n")
	term.ExpectScreen(expect.Contains("\nround trip\n$ ")) // the screen of peers.Output and the prompt after it
	term.Close()
}

// scoped is a test's TB whose cleanups run when its round trip ends
// (end), inside the clock: a test pays for its cleanup (Spawn's removes
// the recording), and the other sides have nothing left to do after
// theirs. Run at the benchmark's end, they were not timed at all.
type scoped struct {
	testing.TB
	cleanups []func()
}

func (s *scoped) Cleanup(f func()) { s.cleanups = append(s.cleanups, f) }

// end runs the cleanups, last registered first, as testing does.
func (s *scoped) end() {
	for i := len(s.cleanups) - 1; i >= 0; i-- {
		s.cleanups[i]()
	}
}

// sides are the three ways of doing the round trip, each timed whole
// (start to closed, the test's cleanup included): the work a test does.
func sides(tb testing.TB) (rigMs, bareMs, goexpectMs func() float64) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	tb.Cleanup(cancel)
	timed := func(f func() error) func() float64 {
		return func() float64 {
			t0 := time.Now()
			if err := f(); err != nil {
				tb.Fatal(err)
			}
			return pairs.Ms(time.Since(t0))
		}
	}
	return timed(func() error { s := &scoped{TB: tb}; rig(s); s.end(); return nil }),
		timed(func() error { return peers.Bare(ctx) }),
		timed(func() error { return peers.GoExpect(ctx) })
}

// Each side's round trip works: it sees what it waits for, and ends.
func TestRoundTrip(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rig(t)
	if err := peers.Bare(ctx); err != nil {
		t.Fatal(err)
	}
	if err := peers.GoExpect(ctx); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkRoundTrip is one test's round trip in process (spawn bash, see
// the prompt, echo, see the output, close) done three ways in rotation
// (each takes each place in turn): ttyrig's Spawn, bare creack/pty (the
// limit) and go-expect + vt10x (the Go peer). Issue 22's targets: ≤ 1.15×
// bare, and no slower than go-expect.
//
//	go test -run '^$' -bench RoundTrip -benchtime 1x ./ (in benchmarks/peers)
func BenchmarkRoundTrip(b *testing.B) {
	r, bare, gx := sides(b)
	for range 3 { // warm up: the first spawns pay for page faults and the pools
		r()
		bare()
		gx()
	}
	n := pairs.Count(60)
	var rs, bs, gs []float64
	for i := range n {
		order := []*[]float64{&rs, &bs, &gs}
		fs := []func() float64{r, bare, gx}
		for j := range 3 {
			k := (i + j) % 3
			*order[k] = append(*order[k], fs[k]())
		}
	}
	pairs.Comparison{Name: "round trip Spawn→Expect→Type→Expect→Close", A: "ttyrig", B: "bare creack/pty", Unit: "ms", Target: 1.15}.
		Report(b, pairs.Result{A: rs, B: bs})
	pairs.Comparison{Name: "round trip Spawn→Expect→Type→Expect→Close", A: "ttyrig", B: "go-expect+vt10x", Unit: "ms", Target: 1.0}.
		Report(b, pairs.Result{A: rs, B: gs})
	pairs.Comparison{Name: "round trip (the peer)", A: "go-expect+vt10x", B: "bare creack/pty", Unit: "ms"}.
		Report(b, pairs.Result{A: gs, B: bs})
}

// BenchmarkRoundTripCPU is the test process's CPU time per round trip
// (user and system, bash's not counted), each side doing blockOf round
// trips in a row, the three sides in rotation: what a test costs the
// process that runs it, which the wall clock of a shared machine hides
// (another process's load moves it far less). No target: the wall-clock
// comparisons above have them.
//
//	go test -run '^$' -bench RoundTripCPU -benchtime 1x ./ (in benchmarks/peers)
func BenchmarkRoundTripCPU(b *testing.B) {
	const blockOf = 20
	r, bare, gx := sides(b)
	block := func(side func() float64) func() float64 {
		return func() float64 {
			t0 := processCPU()
			for range blockOf {
				side()
			}
			return pairs.Ms(processCPU()-t0) / blockOf
		}
	}
	fs := []func() float64{block(r), block(bare), block(gx)}
	for _, f := range fs { // warm up
		f()
	}
	n := pairs.Count(12)
	cpu := make([][]float64, len(fs))
	for i := range n {
		for j := range fs {
			k := (i + j) % len(fs)
			cpu[k] = append(cpu[k], fs[k]())
		}
	}
	pairs.Comparison{Name: "round trip, test process CPU per test", A: "ttyrig", B: "bare creack/pty", Unit: "ms"}.
		Report(b, pairs.Result{A: cpu[0], B: cpu[1]})
	pairs.Comparison{Name: "round trip, test process CPU per test", A: "ttyrig", B: "go-expect+vt10x", Unit: "ms"}.
		Report(b, pairs.Result{A: cpu[0], B: cpu[2]})
}

// processCPU is the CPU time this process has used so far, user and
// system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
