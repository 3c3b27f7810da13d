package termtest_test

import (
	"bytes"
	"context"
	"os/exec"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// BenchmarkRoundTripVsBare is one whole test's life, "spawn bash, see the
// prompt, type echo, see the output, close", done with bare creack/pty and
// with ttyrig in turns in the same run, and reports both and their ratio
// (target: ratio ≤ 1.5), the slowest close, and how many closes took over
// 100 ms (a close that waits out its grace period).
//
//	go test -run XXX -bench RoundTripVsBare -benchtime 200x ./termtest/
func BenchmarkRoundTripVsBare(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var bare, rig []time.Duration
	var slowest time.Duration
	slow := 0
	for range b.N {
		bare = append(bare, bareRoundTrip(ctx, b))
		d, closing := rigRoundTrip(ctx, b)
		rig = append(rig, d)
		slowest = max(slowest, closing)
		if closing > 100*time.Millisecond {
			slow++
		}
	}
	ms := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2]) / float64(time.Millisecond)
	}
	mean := func(ds []time.Duration) float64 {
		var sum time.Duration
		for _, d := range ds {
			sum += d
		}
		return float64(sum) / float64(len(ds)) / float64(time.Millisecond)
	}
	b.ReportMetric(mean(bare), "bare-mean-ms")
	b.ReportMetric(mean(rig), "ttyrig-mean-ms")
	b.ReportMetric(mean(rig)/mean(bare), "mean-ratio")
	b.ReportMetric(ms(bare), "bare-p50-ms")
	b.ReportMetric(ms(rig), "ttyrig-p50-ms")
	b.ReportMetric(float64(slowest)/float64(time.Millisecond), "slowest-close-ms")
	b.ReportMetric(float64(slow), "closes-over-100ms")
}

// rigRoundTrip is the round trip through ttyrig, and how long Close took.
func rigRoundTrip(ctx context.Context, b *testing.B) (total, closing time.Duration) {
	t0 := time.Now()
	term, err := termtest.Start(ctx, bashArgv, bashEnv)
	if err != nil {
		b.Fatal(err)
	}
	if err := expect.Wait(ctx, term, expect.Contains("$ ")); err != nil {
		_ = term.Close()
		b.Fatal(err)
	}
	if err := term.NoWait().TypeContext(ctx, "echo round trip\n"); err != nil { // the round trip alone, as the bare PTY side
		b.Fatal(err)
	}
	if err := expect.Wait(ctx, term, expect.Contains("\nround trip\n$ ")); err != nil {
		_ = term.Close()
		b.Fatal(err)
	}
	t1 := time.Now()
	if err := term.Close(); err != nil {
		b.Fatal(err)
	}
	return time.Since(t0), time.Since(t1)
}

// bareRoundTrip is the same with creack/pty alone: read until the text is
// there, close the PTY (bash gets SIGHUP) and wait for bash.
func bareRoundTrip(ctx context.Context, b *testing.B) time.Duration {
	t0 := time.Now()
	cmd := exec.CommandContext(ctx, bashArgv[0], bashArgv[1:]...)
	cmd.Env = []string{"PS1=$ ", "HISTFILE=", "TERM=xterm-256color", "LANG=C.UTF-8"}
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 100, Rows: 30})
	if err != nil {
		b.Fatal(err)
	}
	var out []byte
	buf := make([]byte, 4096)
	// until want is there and the prompt after it
	readUntil := func(want string) {
		for i := bytes.Index(out, []byte(want)); i < 0 || !bytes.HasSuffix(out[i:], []byte("$ ")); i = bytes.Index(out, []byte(want)) {
			n, err := f.Read(buf)
			if err != nil {
				b.Fatalf("bare PTY: %v before %q in %q", err, want, out)
			}
			out = append(out, buf[:n]...)
		}
	}
	readUntil("")
	if _, err := f.Write([]byte("echo round trip\r")); err != nil {
		b.Fatal(err)
	}
	readUntil("round trip\r\n")
	_ = f.Close()
	_ = cmd.Wait()
	runtime.Gosched()
	return time.Since(t0)
}

// BenchmarkIdleHeap reports the live heap each idle terminal holds (bash
// at its prompt, 100x30), beside the target of 1.5 MiB. x/vt alone
// allocates 5 MiB per emulator, 4 MiB of it a parser buffer the screen
// shrinks to 64 KiB.
//
//	go test -run XXX -bench IdleHeap -benchtime 1x ./termtest/
func BenchmarkIdleHeap(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const n = 10
	for range b.N {
		var before, after runtime.MemStats
		// Twice: the emulators of closed terminals wait in a sync.Pool
		// for the next screen through one collection; counted here as
		// they were before, not taken from the previous round's.
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&before)
		terms := make([]*termtest.Terminal, n)
		for i := range terms {
			term, err := termtest.Start(ctx, bashArgv, bashEnv)
			if err != nil {
				b.Fatal(err)
			}
			terms[i] = term
			if err := expect.Wait(ctx, term, expect.Contains("$ ")); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		for _, term := range terms {
			_ = term.Close()
		}
		b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/n/(1<<20), "MiB/terminal")
		b.ReportMetric(1.5, "target-MiB/terminal")
	}
}
