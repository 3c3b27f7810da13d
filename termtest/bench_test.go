package termtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/termtest"
)

// BenchmarkBashRoundTrip is one whole test's life per iteration: spawn
// bash, wait until it is ready, echo a line and see it, close. It reports
// the total and each phase in milliseconds; "ready" is mostly the readiness
// engine's quiet window.
func BenchmarkBashRoundTrip(b *testing.B) {
	ctx := context.Background()
	var ready, echo, closing time.Duration
	for range b.N {
		t0 := time.Now()
		term, err := termtest.Start(ctx, bashArgv, bashEnv)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := term.WaitForReadyContext(ctx); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := term.Type("echo round trip\n"); err != nil {
			b.Fatal(err)
		}
		if err := term.ExpectScreen().ToContain("\nround trip\n$ ").Wait(ctx); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		if err := term.Close(); err != nil {
			b.Fatal(err)
		}
		ready += t1.Sub(t0)
		echo += time.Since(t1) - time.Since(t2)
		closing += time.Since(t2)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
	b.ReportMetric(ms(b.Elapsed()), "ms/op")
	b.ReportMetric(ms(ready), "ready-ms")
	b.ReportMetric(ms(echo), "echo-ms")
	b.ReportMetric(ms(closing), "close-ms")
}
