package ready

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Duration tokens read as a timer's value and resolution; rates are not
// timers.
func TestDurations(t *testing.T) {
	at := time.Unix(0, 0)
	type got struct{ Value, Unit time.Duration }
	for text, want := range map[string][]got{
		"─ ready · 12s elapsed":             {{12 * time.Second, time.Second}},
		"✻ Thinking… (1m 05s · ↓ 2 tokens)": {{65 * time.Second, time.Second}},
		"took 3.25s":                     {{3250 * time.Millisecond, 10 * time.Millisecond}},
		"1h 2m 3s":                       {{time.Hour + 2*time.Minute + 3*time.Second, time.Second}},
		"ping 450ms":                     {{450 * time.Millisecond, time.Millisecond}},
		"5/8 [00:04<00:01, 1.04s/chunk]": nil,
		"37% 12/100 v2s 3sec":            nil,
	} {
		var gs []got
		for _, r := range durations(text, at) {
			gs = append(gs, got{r.value, r.unit})
		}
		if d := cmp.Diff(want, gs); d != "" {
			t.Errorf("durations(%q) (-want +got):\n%s", text, d)
		}
	}
}
