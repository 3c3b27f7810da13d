package agents_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// hookNear is how soon after the true ready moment Qwen Code's hook must
// have written its notification for the turn to count as one it decides.
const hookNear = 100 * time.Millisecond

// Qwen Code's idle_prompt hook (fixtures/agents/qwen.go) writes an OSC 9
// once its turn is over: never while it is busy, by the recordings' truth.
// Replayed with the profile learnt from those recordings (it selects
// notify), every turn whose notification came within hookNear of the true
// ready moment is decided by notify, and no turn is missed.
func TestQwenIdleHookDecides(t *testing.T) {
	prof, err := ready.LoadProfile(filepath.Join(othersDir, "qwen.learnt.json"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(othersDir, "qwen-*.cast"))
	if err != nil || len(files) != 3 {
		t.Fatalf("Qwen Code recordings: %v, %v; want 3", files, err)
	}
	byNotify := 0
	for _, f := range files {
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		truth := corpus.Truth(cast)
		var notes []time.Duration
		for _, e := range cast.Events {
			if e.Kind == asciicast.Output && strings.Contains(e.Data, "\x1b]9;") {
				notes = append(notes, e.Time)
			}
		}
		if len(notes) == 0 {
			t.Errorf("%s: no OSC 9 from the idle_prompt hook", filepath.Base(f))
		}
		for _, at := range notes {
			last := ""
			for _, m := range truth {
				if m.Time <= at && (m.Data == recordings.MarkReady || m.Data == recordings.MarkBusy) {
					last = m.Data
				}
			}
			if last != recordings.MarkReady {
				t.Errorf("%s: OSC 9 at %v while Qwen Code was %q, want only once it waits", filepath.Base(f), at, last)
			}
		}
		for _, d := range decisionsWith(t, f, recordings.WithProfile(prof)) {
			if d.by == "" {
				t.Errorf("%s: turn at %v missed with the learnt profile", filepath.Base(f), d.at)
				continue
			}
			near := false
			for _, at := range notes {
				near = near || at >= d.at && at-d.at <= hookNear
			}
			if !near || d.kind != "text" {
				continue
			}
			if d.by != "notify" {
				t.Errorf("%s: turn at %v, OSC 9 within %v of it, decided by %s (%s), want notify", filepath.Base(f), d.at, hookNear, d.by, d.reason)
				continue
			}
			byNotify++
		}
	}
	if byNotify < 2 {
		t.Errorf("%d turns decided by notify, want the 2 whose OSC 9 came within %v", byNotify, hookNear)
	}
}
