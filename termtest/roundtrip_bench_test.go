package termtest_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/benchmarks/pairs"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// BenchmarkRoundTripVsBare is one whole test's life, "spawn bash, see the
// prompt, type echo, see the output, close", done with termtest.Spawn (what
// a test calls) and with bare creack/pty, in interleaved pairs (each goes
// first in every other pair), each timed from its start to its close.
// Issue 22's target: ≤ 1.15× bare. benchmarks/peers compares the same with
// go-expect + vt10x too.
//
//	go test -run '^$' -bench RoundTripVsBare -benchtime 1x ./termtest/
func BenchmarkRoundTripVsBare(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rig := func() float64 { return pairs.Ms(rigRoundTrip(b)) }
	bare := func() float64 { return pairs.Ms(bareRoundTrip(ctx, b)) }
	pairs.Compare(3, rig, bare) // warm up: the first spawns pay for page faults
	pairs.Comparison{Name: "round trip Spawn→Expect→Type→Expect→Close", A: "termtest.Spawn", B: "bare creack/pty", Unit: "ms", Target: 1.15}.
		Report(b, pairs.Compare(pairs.Count(60), rig, bare))
}

// rigRoundTrip is the round trip as a test writes it, its cleanup
// included (see scoped).
func rigRoundTrip(b *testing.B) time.Duration {
	t0 := time.Now()
	s := &scoped{TB: b}
	term := termtest.Spawn(s, bashArgv, bashEnv)
	term.ExpectScreen(expect.Contains("$ "))
	term.NoWait().Type("echo round trip\n") // the round trip alone, as the bare PTY side does it
	term.ExpectScreen(expect.Contains("\nround trip\n$ "))
	term.Close()
	s.end()
	return time.Since(t0)
}

// scoped is a test's TB whose cleanups run when the round trip ends
// (end), inside the clock: a test pays for its cleanup (Spawn's removes
// the recording), and the bare side has nothing left to do after its
// round trip. Run at the benchmark's end, they were not timed at all.
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

// bareRoundTrip is the same with creack/pty alone: read until the text is
// there, close the PTY (bash gets SIGHUP) and wait for bash.
func bareRoundTrip(ctx context.Context, b *testing.B) time.Duration {
	ts := bareStamps(ctx, b)
	return ts[len(ts)-1].Sub(ts[0])
}

// Memory is compared by resident set size, both sides alike, in
// benchmarks/peers (BenchmarkIdleRSS): the live heap counted x/vt's
// untouched 4 MiB parser buffer against the bare side only.

// roundTripPhases are the stages of a round trip, in order, as
// BenchmarkRoundTripPhases times them on both sides.
var roundTripPhases = []string{"start", "prompt", "type", "output", "close", "cleanup"}

// BenchmarkRoundTripPhases times each stage of the round trip of
// BenchmarkRoundTripVsBare on both sides, in interleaved pairs, and logs
// each stage's median: start (Spawn; pty.StartWithSize), the prompt seen,
// the line typed (without waiting for readiness, as the bare side types),
// its output and the prompt after it seen, Close (the program ended and
// reaped), and the test's cleanup (Spawn's; nothing on the bare side).
// Where the whole round trip's ratio says how much, this says where.
//
//	go test -run '^$' -bench RoundTripPhases -benchtime 1x ./termtest/
func BenchmarkRoundTripPhases(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	for range 3 { // warm up
		rigPhases(b)
		barePhases(ctx, b)
	}
	var rig, bare [][]time.Duration
	for i := range pairs.Count(60) {
		if i%2 == 0 {
			bare = append(bare, barePhases(ctx, b))
			rig = append(rig, rigPhases(b))
		} else {
			rig = append(rig, rigPhases(b))
			bare = append(bare, barePhases(ctx, b))
		}
	}
	spread := func(runs [][]time.Duration, k int) pairs.Spread {
		var ms []float64
		for _, r := range runs {
			ms = append(ms, pairs.Ms(r[k]))
		}
		return pairs.Of(ms)
	}
	// The p75 too: a stage can have two modes (a close where bash missed
	// the first SIGHUP took a millisecond more) that the median hides.
	for k, name := range roundTripPhases {
		r, s := spread(rig, k), spread(bare, k)
		b.Logf("round trip stage %-8s termtest.Spawn %.3f ms | bare creack/pty %.3f ms (p50 of %d pairs; p75 %.3f | %.3f)", name, r.P50, s.P50, len(rig), r.P75, s.P75)
		b.ReportMetric(r.P50, name+"-ms")
		b.ReportMetric(s.P50, name+"-bare-ms")
	}
	b.ReportMetric(0, "ns/op") // the pairs are the measurement, not b.N's loop
}

// stages returns the durations between consecutive times of ts.
func stages(ts []time.Time) []time.Duration {
	var d []time.Duration
	for i := 1; i < len(ts); i++ {
		d = append(d, ts[i].Sub(ts[i-1]))
	}
	return d
}

// rigPhases is rigRoundTrip, timed stage by stage.
func rigPhases(b *testing.B) []time.Duration {
	ts := []time.Time{time.Now()}
	s := &scoped{TB: b}
	term := termtest.Spawn(s, bashArgv, bashEnv)
	ts = append(ts, time.Now())
	term.ExpectScreen(expect.Contains("$ "))
	ts = append(ts, time.Now())
	term.NoWait().Type("echo round trip\n")
	ts = append(ts, time.Now())
	term.ExpectScreen(expect.Contains("\nround trip\n$ "))
	ts = append(ts, time.Now())
	term.Close()
	ts = append(ts, time.Now())
	s.end()
	return stages(append(ts, time.Now()))
}

// barePhases is bareRoundTrip, timed stage by stage.
func barePhases(ctx context.Context, b *testing.B) []time.Duration {
	return stages(append(bareStamps(ctx, b), time.Now())) // no cleanup
}

// bareStamps is the bare round trip, the time taken at its start and after
// each stage of roundTripPhases but the cleanup: the clock is read five
// times more than the round trip needs, some 100 ns of 2 ms.
func bareStamps(ctx context.Context, b *testing.B) []time.Time {
	ts := []time.Time{time.Now()}
	cmd := exec.CommandContext(ctx, bashArgv[0], bashArgv[1:]...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TERM=xterm-256color",
		"COLORTERM=truecolor", "LANG=C.UTF-8", "PS1=$ ", "HISTFILE="}
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 100, Rows: 30})
	if err != nil {
		b.Fatal(err)
	}
	ts = append(ts, time.Now())
	var out []byte
	buf := make([]byte, 4096)
	readUntil := func(want string) {
		for i := bytes.Index(out, []byte(want)); i < 0 || !bytes.Contains(out[i+len(want):], []byte("$ ")); i = bytes.Index(out, []byte(want)) {
			n, err := f.Read(buf)
			if err != nil {
				b.Fatalf("bare PTY: %v before %q in %q", err, want, out)
			}
			out = append(out, buf[:n]...)
		}
	}
	readUntil("")
	ts = append(ts, time.Now())
	if _, err := f.Write([]byte("echo round trip\r")); err != nil {
		b.Fatal(err)
	}
	ts = append(ts, time.Now())
	readUntil("\rround trip\r\n")
	ts = append(ts, time.Now())
	_ = f.Close()
	_ = cmd.Wait()
	return append(ts, time.Now())
}
