//go:build linux

package kernel_test

import (
	"testing"

	"github.com/ttyrig/ttyrig/kernel"
)

// A program waiting on its own that catches SIGALRM may be woken by a
// timer no wait's timeout shows (alarm(2), setitimer(2)): View.Alarm says
// so; one that catches none reads false.
func TestAlarmCaughtIsSeen(t *testing.T) {
	for _, c := range []struct {
		name string
		argv []string
		want bool
	}{
		{"bash reading a line", []string{"bash", "--norc", "-c", "read x"}, false},
		{"bash reading a line with a SIGALRM trap", []string{"bash", "--norc", "-c", "trap : ALRM; read x"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, true, c.argv...)
			v := s.await(t, "still", func(v kernel.View) bool { return v.Still })
			if v.Alarm != c.want {
				t.Errorf("%s: Alarm = %v, want %v (%s)", c.name, v.Alarm, c.want, v)
			}
		})
	}
}
