package corpus

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func marks(kv ...any) []asciicast.Event {
	var out []asciicast.Event
	for i := 0; i < len(kv); i += 2 {
		out = append(out, asciicast.Event{Time: ms(kv[i].(int)), Kind: asciicast.Marker, Data: kv[i+1].(string)})
	}
	return out
}

func timeline(start time.Time, kv ...any) []ready.Transition {
	var out []ready.Transition
	for i := 0; i < len(kv); i += 2 {
		out = append(out, ready.Transition{Time: start.Add(ms(kv[i].(int))), State: kv[i+1].(ready.State)})
	}
	return out
}

func TestJudge(t *testing.T) {
	start := time.Unix(1000, 0)
	truth := marks(0, "busy", 100, "ready", 500, "busy", 2000, "ready", 2500, "busy", 3000, "ready")
	for _, tc := range []struct {
		name string
		tl   []ready.Transition
		want Score
	}{
		{"on time", timeline(start, 0, ready.Starting, 250, ready.Ready, 500, ready.Busy, 2150, ready.Question, 2500, ready.Busy, 3150, ready.Ready),
			Score{Turns: 3, Latencies: []time.Duration{ms(150), ms(150), ms(150)}}},
		// Ready during the silent work: premature; the true ready finds it
		// still waiting (latency 0, the harm counted once, as premature).
		{"premature", timeline(start, 0, ready.Starting, 250, ready.Ready, 500, ready.Busy, 1500, ready.Ready, 2500, ready.Busy, 3150, ready.Ready),
			Score{Turns: 3, Premature: 1, Latencies: []time.Duration{ms(150), 0, ms(150)}}},
		// Never ready in the second turn: missed; a transition just before
		// the hook's mark (bytes before the log line) is on time.
		{"missed and early tolerance", timeline(start, 0, ready.Starting, 95, ready.Ready, 500, ready.Busy, 2500, ready.Busy, 3150, ready.Ready),
			Score{Turns: 3, Missed: 1, Latencies: []time.Duration{0, ms(150)}}},
		// Start-up is busy: ready before the program's first prompt is premature.
		{"early at start", timeline(start, 0, ready.Starting, 50, ready.Ready, 500, ready.Busy, 2100, ready.Ready, 2500, ready.Busy, 3100, ready.Ready),
			Score{Turns: 3, Premature: 1, Latencies: []time.Duration{0, ms(100), ms(100)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Judge("", tc.tl, start, truth)
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("score (-want +got):\n%s", d)
			}
		})
	}
}

// The previous turn's ready, a few milliseconds before this turn's true
// ready but before the input that ended that turn, is not this turn's.
func TestJudgeStaleReady(t *testing.T) {
	start := time.Unix(1000, 0)
	truth := marks(0, "busy", 100, "ready", 105, "busy", 108, "ready")
	got := Judge("", timeline(start, 0, ready.Starting, 102, ready.Ready, 104, ready.Busy), start, truth)
	want := Score{Turns: 2, Missed: 1, Latencies: []time.Duration{ms(2)}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("score (-want +got):\n%s", d)
	}
}

func TestJudgeNeverReads(t *testing.T) {
	start := time.Unix(1000, 0)
	got := Judge("", timeline(start, 0, ready.Starting, 400, ready.Ready, 500, ready.Exited), start, marks(0, "busy"))
	if got.Premature != 1 || got.Turns != 0 {
		t.Fatalf("a program that never reads and is called ready: want 1 premature, 0 turns; got %+v", got)
	}
}

func TestWriteTable(t *testing.T) {
	rows := []Row{{Scenario: "s", Library: "lib", Truth: Hook, Scores: []Score{
		{Detector: "engine", Turns: 2, Missed: 1, Latencies: []time.Duration{ms(150)}},
		{Detector: "silence 3s", Turns: 2, Premature: 1, Missed: 2},
	}}}
	var b bytes.Buffer
	if err := WriteTable(&b, rows); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"silence 3s (prem/late/p50)", "150ms", "1/2/-", "TOTAL"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

// A selection list the engine calls ready (not a question, no options) is
// found but not parsed; one it calls a question with its options is.
func TestJudgeQuestions(t *testing.T) {
	start := time.Unix(1000, 0)
	truth := marks(0, "busy", 100, "ready", 100, "prompt:question", 500, "busy", 900, "ready", 900, "prompt:question", 1200, "busy", 1500, "ready", 1500, "prompt:text")
	tl := []ready.Transition{
		{Time: start, State: ready.Starting},
		{Time: start.Add(ms(300)), State: ready.Ready},
		{Time: start.Add(ms(500)), State: ready.Busy},
		{Time: start.Add(ms(1000)), State: ready.Question, Prompt: &ready.Prompt{Kind: "options", Options: []string{"a", "b"}}},
		{Time: start.Add(ms(1200)), State: ready.Busy},
		{Time: start.Add(ms(1600)), State: ready.Ready},
	}
	got := Judge("", tl, start, truth)
	if got.Questions != 2 || got.Parsed != 1 || got.Turns != 3 {
		t.Fatalf("want 3 turns, 2 questions, 1 parsed; got %+v", got)
	}
}

// A masked password field is recognised only as a prompt of kind password.
func TestJudgePassword(t *testing.T) {
	start := time.Unix(1000, 0)
	truth := marks(0, "busy", 100, "ready", 100, "prompt:password", 500, "busy", 900, "ready", 900, "prompt:password")
	tl := []ready.Transition{
		{Time: start, State: ready.Starting},
		{Time: start.Add(ms(250)), State: ready.Ready},
		{Time: start.Add(ms(500)), State: ready.Busy},
		{Time: start.Add(ms(1050)), State: ready.Ready, Prompt: &ready.Prompt{Kind: "password"}},
	}
	got := Judge("", tl, start, truth)
	if got.Questions != 2 || got.Parsed != 1 {
		t.Fatalf("want 2 asked, 1 recognised; got %+v", got)
	}
}
