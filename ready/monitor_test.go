package ready_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

var topWatching = kernel.View{Wait: kernel.Watching, Doing: "top pselect6(tty)", Leader: true}

// dashboard draws a top-like screen: statistics on six rows, the cursor
// hidden and parked at the bottom.
func dashboard(n int) string {
	var b strings.Builder
	b.WriteString("\x1b[?25l\x1b[H")
	for r := 0; r < 6; r++ {
		fmt.Fprintf(&b, "cpu%d  %3d.%d us  %4d sy  %5d total\x1b[K\r\n", r, (n*7+r)%100, n%10, (n*13+r)%1000, n*31+r)
	}
	b.WriteString("\x1b[30;1H")
	return b.String()
}

// A screen of counters refreshed every second while the kernel sees the
// program waiting on the terminal is a monitor waiting for keys: ready once
// the period proved steady, within the quiet window of each refresh.
func TestMonitorRefreshWhileWatchingIsReady(t *testing.T) {
	s := newSim(t, ready.Generic())
	for i := 0; i < 4; i++ {
		s.out(dashboard(i))
		s.advance(2 * ms)
		s.kern(topWatching)
		s.advance(998 * ms)
	}
	s.out(dashboard(4))
	s.advance(2 * ms)
	s.kern(topWatching)
	s.advance(200 * ms)
	s.wantState(ready.Ready)
}

// The same screen refreshed while the kernel sees no thread waiting on the
// terminal, or with no kernel view at all, is not a monitor's: its counters
// could be a job's, and the program reads no key now.
func TestMonitorRefreshNeedsTheKernel(t *testing.T) {
	for _, v := range []*kernel.View{nil, {Wait: kernel.Working, Doing: "job running", Leader: true}} {
		s := newSim(t, ready.Generic())
		for i := 0; i < 5; i++ {
			s.out(dashboard(i))
			s.advance(2 * ms)
			if v != nil {
				s.kern(*v)
			}
			s.advance(998 * ms)
		}
		if s.state() == ready.Ready {
			t.Errorf("kernel %v: ready on a refreshing screen of counters\n%s", v, s.timeline())
		}
	}
}
