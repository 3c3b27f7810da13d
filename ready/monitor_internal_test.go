package ready

import (
	"testing"
	"time"
)

func TestSteadyGaps(t *testing.T) {
	at := func(ms ...int) []time.Time {
		var ts []time.Time
		for _, m := range ms {
			ts = append(ts, time.Unix(0, 0).Add(time.Duration(m)*time.Millisecond))
		}
		return ts
	}
	for _, c := range []struct {
		name string
		ts   []time.Time
		want bool
	}{
		{"top -d 1", at(0, 1000, 2010), true},
		{"a spinner's frames are too fast", at(0, 100, 200), false},
		{"an irregular stream", at(0, 1000, 1500), false},
		{"slower than any period", at(0, 6000, 12000), false},
		{"within a fifth", at(0, 1000, 2190), true},
	} {
		if got := steadyGaps(c.ts); got != c.want {
			t.Errorf("%s: steadyGaps = %v, want %v", c.name, got, c.want)
		}
	}
}
