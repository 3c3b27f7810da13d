package termtest_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/benchmarks/pairs"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/fixtures/streams"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// BenchmarkBashRoundTrip is one whole test's life per iteration: spawn
// bash, wait until it is ready, echo a line and see it, close. It reports
// the total and each phase in milliseconds, side by side for how readiness
// is decided: "screen" is the screen alone (the generic quiet window after
// the prompt: the baseline), "kernel" adds the kernel's view (bash blocks
// in pselect on the terminal), "marks" adds the OSC 133 prompt marks
// termtest installs (the default). "decide-ms" is from the last byte of
// output to the ready transition, for the echoed command's prompt.
func BenchmarkBashRoundTrip(b *testing.B) {
	for _, c := range []struct {
		name string
		opts []termtest.Option
	}{
		{"screen", []termtest.Option{bashEnv, termtest.WithoutKernelView(), termtest.WithoutShellIntegration()}},
		{"kernel", []termtest.Option{bashEnv, termtest.WithoutShellIntegration()}},
		{"marks", []termtest.Option{bashEnv}},
	} {
		b.Run(c.name, func(b *testing.B) { bashRoundTrip(b, c.opts) })
	}
}

func bashRoundTrip(b *testing.B, opts []termtest.Option) {
	ctx := context.Background()
	var ready, echo, closing, decide time.Duration
	for range b.N {
		t0 := time.Now()
		term, err := termtest.Start(ctx, bashArgv, opts...)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := term.WaitForReadyContext(ctx); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := term.NoWait().TypeContext(ctx, "echo round trip\n"); err != nil { // the round trip alone, as the bare PTY side
			b.Fatal(err)
		}
		if err := expect.Wait(ctx, term, expect.Contains("\nround trip\n$ ")); err != nil {
			b.Fatal(err)
		}
		tr, err := term.WaitForReadyContext(ctx)
		if err != nil {
			b.Fatal(err)
		}
		decide += tr.Time.Sub(term.Snapshot().Time())
		t2 := time.Now()
		if err := term.Close(); err != nil {
			b.Fatal(err)
		}
		ready += t1.Sub(t0)
		echo += t2.Sub(t1)
		closing += time.Since(t2)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
	b.ReportMetric(ms(b.Elapsed()), "ms/op")
	b.ReportMetric(ms(ready), "ready-ms")
	b.ReportMetric(ms(echo), "echo-ms")
	b.ReportMetric(ms(decide), "decide-ms")
	b.ReportMetric(ms(closing), "close-ms")
}

// BenchmarkFlood runs cat over 1 MiB of agent-style output (streams.Mixed)
// in a real PTY and reports how the read loop batched it and how fast the
// whole harness (screen, engine, recording) took it in, beside two
// baselines: the same cat in a bare PTY read by a loop that discards the
// bytes (how fast the kernel's PTY moves them), and raw vt.Emulator.Write
// over the same batches. The batch sizes ground the "batch" case of the
// screen's throughput benchmark.
func BenchmarkFlood(b *testing.B) {
	const cols, rows = 100, 30
	data := streams.Mixed(cols, rows)
	file := filepath.Join(b.TempDir(), "flood.txt")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	// Bounds, not timings: a 1 MiB cat that takes a minute is broken.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	argv := []string{"sh", "-c", "stty raw -echo; exec cat " + file} // bytes as written, no \n → \r\n
	var batches []int
	var live, run, bare, raw, ptyVT time.Duration
	var pair pairs.Result // the harness and bare PTY + x/vt, by iteration
	for i := range b.N {
		bare += barePTY(ctx, b, argv, len(data), io.Discard)
		var pv time.Duration
		if i%2 == 0 { // the pair alternates which goes first
			pv = barePTYVT(ctx, b, argv, len(data), cols, rows)
		}

		rec := filepath.Join(b.TempDir(), fmt.Sprintf("flood-%d.cast", i))
		term, err := termtest.Start(ctx, argv, termtest.WithSize(cols, rows), termtest.WithRecording(rec))
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		if _, err := term.WaitExitContext(ctx); err != nil {
			_ = term.Close()
			b.Fatal(err)
		}
		end := time.Now()
		run += end.Sub(t0)
		if err := term.Close(); err != nil {
			b.Fatal(err)
		}
		cast, err := asciicast.ReadFile(rec)
		if err != nil {
			b.Fatal(err)
		}
		// The flood path: from the first output read (the recording's
		// first event, stamped as it was fed) to the end seen.
		first := slices.IndexFunc(cast.Events, func(e asciicast.Event) bool { return e.Kind == asciicast.Output })
		if first < 0 {
			b.Fatal("the recording holds no output")
		}
		l := end.Sub(term.Started().Add(cast.Events[first].Time))
		live += l
		if i%2 == 1 {
			pv = barePTYVT(ctx, b, argv, len(data), cols, rows)
		}
		ptyVT += pv
		pair.A, pair.B = append(pair.A, pairs.Ms(l)), append(pair.B, pairs.Ms(pv))
		emu := vt.NewEmulator(cols, rows)
		go func() { _, _ = io.Copy(io.Discard, emu) }() // x/vt blocks on unread replies
		got := 0
		for _, e := range cast.Events {
			if e.Kind != asciicast.Output {
				continue
			}
			batches = append(batches, len(e.Data))
			got += len(e.Data)
			t1 := time.Now()
			_, _ = emu.Write([]byte(e.Data))
			raw += time.Since(t1)
		}
		_ = emu.Close()
		if got < len(data) {
			b.Fatalf("recorded %d bytes of output, want at least the %d written", got, len(data))
		}
	}
	// The batch size half the bytes arrived in (or in larger ones): what
	// throughput depends on, unlike the median over batches, which the
	// small batches of the flood's start and end pull down.
	slices.Sort(batches)
	var total, half int
	for _, n := range batches {
		total += n
	}
	byteMedian := 0
	for i := len(batches) - 1; i >= 0 && half < total/2; i-- {
		half += batches[i]
		byteMedian = batches[i]
	}
	mb := float64(len(data)) * float64(b.N) / 1e6
	b.ReportMetric(float64(len(batches))/float64(b.N), "batches/op")
	b.ReportMetric(float64(batches[len(batches)/2])/1024, "p50-batch-KiB")
	b.ReportMetric(float64(byteMedian)/1024, "byte-p50-batch-KiB")
	b.ReportMetric(mb/live.Seconds(), "harness-MB/s")
	b.ReportMetric(mb/bare.Seconds(), "bare-pty-MB/s")
	b.ReportMetric(mb/raw.Seconds(), "vt-MB/s")
	// Issue 9's target: the flood path within 1.2x of raw vt, a throughput
	// ratio of at least 1/1.2. run/vt counts the whole run from Start's
	// return, the program's own start (sh, stty, cat: 5-10 ms) included.
	b.ReportMetric(raw.Seconds()/live.Seconds(), "harness/vt")
	b.ReportMetric(raw.Seconds()/run.Seconds(), "run/vt")
	b.ReportMetric(1/1.2, "harness/vt-target")
	// The same comparison against the simplest live terminal: x/vt fed
	// straight from a bare PTY's reads, on the same machine at the same
	// time, so what the live machine costs both (the other core's work,
	// the kernel's) is in both.
	b.ReportMetric(mb/ptyVT.Seconds(), "pty-vt-MB/s")
	b.ReportMetric(ptyVT.Seconds()/live.Seconds(), "harness/pty-vt")
	b.Log(pairs.Comparison{Name: "1 MiB flood through a live PTY, first byte to last fed", A: "ttyrig", B: "bare PTY + x/vt", Unit: "ms", Target: 1.2}.Line(pair))
}

// barePTY runs argv in a PTY, reads until it ends (or ctx does), copying
// the bytes to w, and returns how long that took from the first byte read.
func barePTY(ctx context.Context, b *testing.B, argv []string, want int, w io.Writer) time.Duration {
	b.Helper()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...) // killed at ctx's end, which ends the read with EIO
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 100, Rows: 30})
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 32<<10)
	m, err := f.Read(buf)
	if err != nil {
		b.Fatal(err)
	}
	t0 := time.Now()
	_, _ = w.Write(buf[:m])
	n, _ := io.CopyBuffer(w, f, buf) // ends with EIO when cat exits
	n += int64(m)
	took := time.Since(t0)
	_ = f.Close()
	_ = cmd.Wait()
	if int(n) < want {
		b.Fatalf("bare PTY read %d bytes, want %d", n, want)
	}
	return took
}

// barePTYVT is the simplest live terminal doing the work termtest's read
// loop does (output.go), without ttyrig: argv in a PTY, one goroutine
// reading batches (64 KiB, everything the PTY holds, growing to 256 KiB
// under a flood), another feeding them to a stock x/vt emulator keeping as
// many scrollback lines as a Screen does. It returns how long that took
// from the first byte read to the last fed.
func barePTYVT(ctx context.Context, b *testing.B, argv []string, want, cols, rows int) time.Duration {
	b.Helper()
	emu := vt.NewEmulator(cols, rows)
	emu.SetScrollbackSize(screen.ScrollbackLines)
	go func() { _, _ = io.Copy(io.Discard, emu) }() // x/vt blocks on unread replies
	defer emu.Close()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...) // killed at ctx's end, which ends the read with EIO
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)})
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cmd.Wait() }()
	defer f.Close()
	raw, err := f.SyscallConn()
	if err != nil {
		b.Fatal(err)
	}
	batches, free := make(chan []byte, 1), make(chan []byte, 2)
	var first time.Time
	go func() { // as readLoop: take what the PTY holds, up to the batch size
		defer close(batches)
		size := 64 << 10
		for made := 0; ; {
			var buf []byte
			select {
			case buf = <-free:
			default:
				if made < 2 {
					buf, made = make([]byte, size), made+1
				} else {
					buf = <-free
				}
			}
			if len(buf) != size {
				buf = make([]byte, size)
			}
			n, err := f.Read(buf)
			if first.IsZero() {
				first = time.Now()
			}
			for n > 0 && err == nil && n < len(buf) {
				var m int
				var rerr error
				if cerr := raw.Read(func(fd uintptr) bool { m, rerr = syscall.Read(int(fd), buf[n:]); return true }); cerr != nil || rerr != nil || m <= 0 {
					break
				}
				n += m
			}
			switch {
			case n == len(buf):
				size = 256 << 10
			case n < 16<<10:
				size = 64 << 10
			}
			if n > 0 {
				batches <- buf[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	got := 0
	for p := range batches { // as feedLoop
		_, _ = emu.Write(p)
		got += len(p)
		free <- p[:cap(p)]
	}
	took := time.Since(first)
	if got < want {
		b.Fatalf("bare PTY + x/vt read %d bytes, want %d", got, want)
	}
	return took
}
