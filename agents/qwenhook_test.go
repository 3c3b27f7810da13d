package agents_test

import (
	"path/filepath"
	"slices"
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
// ready moment is decided by notify, or sooner than notify decides it
// without busy-gone's settle after the last busy marker went, and no turn
// is missed.
func TestQwenIdleHookDecides(t *testing.T) {
	prof, err := ready.LoadProfile(filepath.Join(othersDir, "qwen.learnt.json"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(othersDir, "qwen-*.cast"))
	if err != nil || len(files) != 3 {
		t.Fatalf("Qwen Code recordings: %v, %v; want 3", files, err)
	}
	byNotify, sooner := 0, 0
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
		byNotifyAlone := map[time.Duration]turnDecision{}
		for _, d := range decisionsWith(t, f, recordings.WithProfile(withoutGoneSettle(prof))) {
			byNotifyAlone[d.at] = d
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
			switch n := byNotifyAlone[d.at]; {
			case d.by == "notify":
				byNotify++
			case n.by == "notify" && d.latency < n.latency:
				// busy-gone's settle after the last busy marker went
				// decided it sooner than notify would have.
				sooner++
			default:
				t.Errorf("%s: turn at %v, OSC 9 within %v of it, decided by %s (%s) %v after it, want notify (%v without busy-gone's settle) or sooner",
					filepath.Base(f), d.at, hookNear, d.by, d.reason, d.latency, n.latency)
			}
		}
	}
	t.Logf("turns with an OSC 9 within %v: %d decided by notify, %d sooner", hookNear, byNotify, sooner)
	if byNotify < 1 || byNotify+sooner < 2 {
		t.Errorf("%d turns decided by notify and %d sooner than notify would have, want the 2 whose OSC 9 came within %v, notify deciding one at least", byNotify, sooner, hookNear)
	}
}

// withoutGoneSettle is p with busy-gone's settle after the last busy marker
// went left out: its quiet window decides then.
func withoutGoneSettle(p ready.Profile) ready.Profile {
	p.Signals = slices.Clone(p.Signals)
	for i := range p.Signals {
		p.Signals[i].Settle = 0
	}
	return p
}
