//go:build linux

package termtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/termtest"
)

// BenchmarkKernelReady measures how long after a program's last byte of
// output WaitForReady's state turns ready, per turn (Submit, then wait),
// deciding by the screen alone (the baseline) and with the kernel's view.
// Programs that block reading the terminal are decided by the kernel at
// the first observation after their prompt: the target is ≤ 50 ms.
func BenchmarkKernelReady(b *testing.B) {
	for _, p := range []struct {
		name string
		argv []string
		line string
	}{
		{"python3-input", []string{"python3", "-c", "while True: print('you said', input('name? '))"}, "ada"},
		{"bc", []string{"bc", "-q"}, "2+2"},
		{"sqlite3", []string{"sqlite3"}, "select 6*7;"},
	} {
		for _, mode := range []struct {
			name string
			opts []termtest.Option
		}{
			{"screen", []termtest.Option{termtest.WithoutKernelView()}},
			{"kernel", nil},
		} {
			b.Run(p.name+"/"+mode.name, func(b *testing.B) {
				need(b, p.argv[0])
				// A bound, not a timing: 20 turns decided by the screen's
				// quiet window take 20 s, longer on a loaded machine.
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				term, err := termtest.Start(ctx, p.argv, mode.opts...)
				if err != nil {
					b.Fatal(err)
				}
				defer term.Close()
				if _, err := term.WaitForReadyContext(ctx); err != nil {
					b.Fatal(err)
				}
				var decide, turn time.Duration
				for b.Loop() {
					t0 := time.Now()
					if err := term.SubmitContext(ctx, p.line); err != nil {
						b.Fatal(err)
					}
					tr, err := term.WaitForReadyContext(ctx)
					if err != nil {
						b.Fatal(err)
					}
					decide += tr.Time.Sub(term.Snapshot().Time())
					turn += time.Since(t0)
				}
				ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
				b.ReportMetric(ms(decide), "decide-ms")
				b.ReportMetric(ms(turn), "turn-ms")
			})
		}
	}
}
