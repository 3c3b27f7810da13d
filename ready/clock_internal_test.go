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
	mm := &matchMemo{}
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
		for i := range 2 { // read, then remembered
			var ms []got
			for _, r := range mm.durations(text) {
				ms = append(ms, got{r.value, r.unit})
			}
			if d := cmp.Diff(want, ms); d != "" {
				t.Errorf("memo's durations(%q), call %d (-want +got):\n%s", text, i+1, d)
			}
		}
	}
}

// A status line turned busy: one phrase replaced by one with a new gerund,
// words kept around it.
func TestTurnedBusy(t *testing.T) {
	for _, c := range []struct {
		old, cur, phrase string
	}{
		{"─ ready · # elapsed", "─ running ls · # elapsed", "running ls"},
		{"mode: idle | main", "mode: compiling… | main", "compiling…"},
		{"─ running 1/3 · #", "─ running 2/3 · #", ""}, // the gerund was there
		{"  3 items", "  4 items", ""},
		{"ready", "running", ""}, // no word kept: a line replaced, not a status changed
		{"│ Apple │", "│ thing │", ""},
		{"─ ready · 3 staged", "─ ready · nothing staged", ""},
		{"─ ready · #", "─ Something · #", ""},
	} {
		phrase, ok := turnedBusy(c.old, c.cur)
		if phrase != c.phrase || ok != (c.phrase != "") {
			t.Errorf("turnedBusy(%q, %q) = %q, %v; want %q", c.old, c.cur, phrase, ok, c.phrase)
		}
	}
}

// Garbage rows never panic the readers of clocks, timers, bars and status
// lines, and a reading's unit is never zero (inStep divides by nothing, but
// a zero unit would make every timer a counter).
func FuzzRowReaders(f *testing.F) {
	for _, s := range []string{"─ ready · 12s elapsed", "✻ Thinking… (1m 05s · ↓ 2 tokens)", "download:  37%|███▋      | 37/100 [00:03<00:05, 1.04s/it]",
		"99999999999999999999h 99m 9999999999.99999999999s", "|      |", "[", "1.s", "0ms"} {
		f.Add(s, "─ running ls · 7s elapsed")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, r := range durations(b, time.Unix(0, 0)) {
			if r.unit <= 0 {
				t.Fatalf("durations(%q): unit %v", b, r.unit)
			}
		}
		inStep(append(durations(a, time.Unix(0, 0)), durations(b, time.Unix(1, 0))...))
		turnedBusy(tickShape(a), tickShape(b))
		classifyFrame(a, b)
		progressBar(b)
		barHead(b)
	})
}
