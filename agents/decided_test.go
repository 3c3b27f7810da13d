package agents_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// turnDecision is what decided one true ready moment of a recording: the
// first waiting transition after it (before the next busy moment), or the
// state the engine was already in.
type turnDecision struct {
	at      time.Duration // the truth's ready moment
	latency time.Duration
	kind    string // the truth's prompt kind: text, question
	by      string // the deciding signal; "" when the turn was missed
	state   ready.State
	reason  string
}

// decisions replays a recording with the generic profile and returns what
// decided each of its true ready moments.
func decisions(t *testing.T, path string) []turnDecision {
	t.Helper()
	return decisionsWith(t, path, recordings.WithRuntime(agents.GenericProfile))
}

// decisionsWith is decisions with the replay's profile chosen by opt.
func decisionsWith(t *testing.T, path string, opt recordings.ReplayOption) []turnDecision {
	t.Helper()
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	timeline := rep.Run()
	truth := corpus.Truth(cast)
	var out []turnDecision
	for i, m := range truth {
		if m.Data != recordings.MarkReady {
			continue
		}
		d := turnDecision{at: m.Time, kind: "text"}
		for _, n := range truth[i+1:] {
			if n.Time == m.Time && strings.HasPrefix(n.Data, corpus.MarkPrompt) {
				d.kind = strings.TrimPrefix(n.Data, corpus.MarkPrompt)
			}
		}
		until := time.Duration(1<<62 - 1)
		for _, n := range truth[i+1:] {
			if n.Data == recordings.MarkBusy {
				until = n.Time
				break
			}
		}
		var cur *ready.Transition
		for j, tr := range timeline {
			at := tr.Time.Sub(rep.Start())
			if at <= m.Time {
				cur = &timeline[j]
				continue
			}
			if cur != nil && cur.State.Waiting() {
				break
			}
			if at > until {
				cur = nil
				break
			}
			if tr.State.Waiting() {
				cur, d.latency = &timeline[j], at-m.Time
				break
			}
			cur = &timeline[j]
		}
		if cur != nil && cur.State.Waiting() {
			d.by, d.state, d.reason = cur.By, cur.State, cur.Reason
		}
		out = append(out, d)
	}
	return out
}

// drawsItsCursor are the others that hide the terminal's cursor and draw
// their own in their input box (issue 20, class 5): each of their turns
// must be decided by the cursor (the drawn cursor in a box is the input
// position) or a signal before it, never left to the silence fallback.
var drawsItsCursor = []string{"grok", "pi", "continue"}

// TestOthersDecidedBy checks, on the others' recordings replayed with the
// generic profile, which signal decided each true ready moment.
func TestOthersDecidedBy(t *testing.T) {
	for _, rt := range drawsItsCursor {
		files, err := filepath.Glob(filepath.Join(othersDir, rt+"-*.cast"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no recordings of %s in %s", rt, othersDir)
		}
		for _, f := range files {
			for _, d := range decisions(t, f) {
				line := fmt.Sprintf("%s at %v (%s): by %q after %v: %s", filepath.Base(f), d.at.Round(time.Millisecond), d.kind, d.by, d.latency.Round(time.Millisecond), d.reason)
				t.Log(line)
				switch {
				case d.by == "":
					t.Errorf("missed: %s", line)
				case d.by == "silence":
					t.Errorf("left to the silence fallback: %s", line)
				case d.kind == "text" && d.by == "cursor" && !strings.Contains(d.reason, "input box") && !strings.Contains(d.reason, "after prompt"):
					t.Errorf("the cursor decided, not in its input box: %s", line)
				}
			}
		}
	}
}

// TestOthersNeverEarlyOnTheScreenAlone replays the others' recordings with
// the kernel's observations left out: what the screen shows must keep the
// engine from being early by itself, start-up included (the kernel's view
// is Linux's only, and an agent's threads may be read wrong). opencode's
// alternate screen stays blank for 25 s of its start-up: the blank hold
// on the alternate screen (tune.BlankAltHold) is what keeps it waiting.
func TestOthersNeverEarlyOnTheScreenAlone(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(othersDir, "*.cast"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		events := cast.Events[:0:0]
		for _, e := range cast.Events {
			if e.Kind != asciicast.Kernel {
				events = append(events, e)
			}
		}
		cast.Events = events
		rep, err := recordings.Replay(cast, recordings.WithRuntime(agents.GenericProfile))
		if err != nil {
			t.Fatal(err)
		}
		timeline := rep.Run()
		start := rep.Start()
		rep.Close()
		truth := corpus.Truth(cast)
		for _, tr := range timeline {
			at := tr.Time.Sub(start)
			if tr.State.Waiting() && !truthWaiting(truth, at) {
				t.Errorf("%s: %s at %v while the agent worked, on the screen alone (by %s: %s)", filepath.Base(f), tr.State, at.Round(time.Millisecond), tr.By, tr.Reason)
			}
		}
	}
}

// truthWaiting says whether the truth has the agent waiting for input at
// t, a ready moment up to 10 ms after t counting (its bytes reach the
// screen a moment before the model's last byte is logged).
func truthWaiting(truth []asciicast.Event, t time.Duration) bool {
	waiting := false
	for _, m := range truth {
		if m.Time > t+10*time.Millisecond {
			break
		}
		switch m.Data {
		case recordings.MarkReady:
			waiting = true
		case recordings.MarkBusy:
			if m.Time <= t {
				waiting = false
			}
		}
	}
	return waiting
}
