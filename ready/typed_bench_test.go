package ready_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// BenchmarkTypeLarge is the engine applying one input of n bytes of
// typed text at a shell prompt (as TypeContext applies a paste or a long
// line), reported per byte: the cost is linear when the 200 kB line costs
// per byte what the 2 kB one does.
//
//	go test -run '^$' -bench TypeLarge -benchtime 20x ./ready/
func BenchmarkTypeLarge(b *testing.B) {
	for _, n := range []int{2_000, 20_000, 200_000} {
		text := strings.Repeat("echo ", n/5)
		b.Run(fmt.Sprintf("%dkB", n/1000), func(b *testing.B) {
			var took time.Duration
			for range b.N {
				s := newSim(b, ready.Generic())
				s.out("$ ")
				s.advance(time.Second)
				t0 := time.Now()
				s.in(text)
				took += time.Since(t0)
			}
			b.ReportMetric(float64(took.Nanoseconds())/float64(b.N)/float64(n), "ns/byte")
			b.ReportMetric(0, "ns/op") // the input's time is the measurement, not the set-up's
		})
	}
}
