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
	t0 := time.Now()
	cmd := exec.CommandContext(ctx, bashArgv[0], bashArgv[1:]...)
	// termtest's environment (WithEnv) and the prompt
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TERM=xterm-256color",
		"COLORTERM=truecolor", "LANG=C.UTF-8", "PS1=$ ", "HISTFILE="}
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 100, Rows: 30})
	if err != nil {
		b.Fatal(err)
	}
	var out []byte
	buf := make([]byte, 4096)
	// until want is there and the prompt after it
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
	if _, err := f.Write([]byte("echo round trip\r")); err != nil {
		b.Fatal(err)
	}
	readUntil("\rround trip\r\n") // bash starts a command's output with \r
	_ = f.Close()
	_ = cmd.Wait()
	return time.Since(t0)
}

// Memory is compared by resident set size, both sides alike, in
// benchmarks/peers (BenchmarkIdleRSS): the live heap counted x/vt's
// untouched 4 MiB parser buffer against the bare side only.
