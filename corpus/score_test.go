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

// A question whose hook counts its choices is parsed only with exactly
// that many options: a modal's one button, a closed drop-down's one drawn
// choice, a checkbox's none; a wrong count is not parsed, whichever way.
func TestJudgeQuestionCount(t *testing.T) {
	start := time.Unix(1000, 0)
	opts := func(o ...string) *ready.Prompt { return &ready.Prompt{Kind: "options", Options: o} }
	for _, tc := range []struct {
		name   string
		mark   string
		state  ready.State
		prompt *ready.Prompt
		parsed int
	}{
		{"one button, one option", "prompt:question:1", ready.Question, opts("Okay"), 1},
		{"one button, two options read", "prompt:question:1", ready.Question, opts("Okay", "Cancel"), 0},
		{"three drawn, two read", "prompt:question:3", ready.Question, opts("a", "b"), 0},
		{"three drawn, four read", "prompt:question:3", ready.Question, opts("a", "b", "c", "d"), 0},
		{"three drawn, three read", "prompt:question:3", ready.Question, opts("a", "b", "c"), 1},
		{"checkbox, no options", "prompt:question:0", ready.Question, &ready.Prompt{Kind: "toggle"}, 1},
		{"checkbox, no prompt", "prompt:question:0", ready.Question, nil, 1},
		{"checkbox, an option read", "prompt:question:0", ready.Question, opts("Admin"), 0},
		{"checkbox, called ready", "prompt:question:0", ready.Ready, nil, 0},
		{"right count, called ready", "prompt:question:2", ready.Ready, opts("Yes", "No"), 0},
		{"no count, one option", "prompt:question", ready.Question, opts("Okay"), 0},
		{"no count, two options", "prompt:question", ready.Question, opts("Yes", "No"), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			truth := marks(0, "busy", 100, "ready", 100, tc.mark, 500, "busy")
			tl := []ready.Transition{
				{Time: start, State: ready.Starting},
				{Time: start.Add(ms(120)), State: tc.state, Prompt: tc.prompt},
				{Time: start.Add(ms(500)), State: ready.Busy},
			}
			got := Judge("", tl, start, truth)
			if got.Questions != 1 || got.Parsed != tc.parsed || got.Missed != 0 {
				t.Fatalf("want 1 question, %d parsed, none missed; got %+v", tc.parsed, got)
			}
		})
	}
}

// Prompt markers are read strictly: a count only on a question, a
// non-negative number; CheckTruth names the bad one and its time.
func TestParsePromptMark(t *testing.T) {
	for data, want := range map[string]PromptMark{
		"prompt:question":    {Kind: "question", Options: -1},
		"prompt:question:0":  {Kind: "question", Options: 0},
		"prompt:question:12": {Kind: "question", Options: 12},
		"prompt:password":    {Kind: "password", Options: -1},
		"prompt:text":        {Kind: "text", Options: -1},
	} {
		got, err := ParsePromptMark(data)
		if err != nil || got != want {
			t.Errorf("ParsePromptMark(%q) = %+v, %v; want %+v", data, got, err, want)
		}
	}
	for _, data := range []string{"prompt:", "question", "prompt:question:", "prompt:question:-1", "prompt:question:two", "prompt:text:2", "prompt:question:1:2"} {
		if got, err := ParsePromptMark(data); err == nil {
			t.Errorf("ParsePromptMark(%q) = %+v, want an error", data, got)
		}
	}
	err := CheckTruth(marks(0, "busy", 100, "ready", 100, "prompt:question:x"))
	if err == nil || !strings.Contains(err.Error(), "100ms") || !strings.Contains(err.Error(), `"prompt:question:x"`) {
		t.Errorf("CheckTruth: want an error naming 100ms and the marker, got %v", err)
	}
	if err := CheckTruth(marks(0, "busy", 100, "ready", 100, "prompt:question:3")); err != nil {
		t.Errorf("CheckTruth on good marks: %v", err)
	}
}
