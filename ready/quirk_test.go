package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// without returns the built-in profile name without its optional signal
// drop.
func without(t *testing.T, name, drop string) ready.Profile {
	t.Helper()
	p, err := ready.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	var keep []ready.SignalSpec
	for _, s := range p.Signals {
		if s.Name != drop {
			keep = append(keep, s)
		}
	}
	if len(keep) == len(p.Signals) {
		t.Fatalf("profile %s has no signal %q", name, drop)
	}
	p.Signals = keep
	return p
}

func replayAgent(t *testing.T, name string, p ready.Profile) []ready.Transition {
	t.Helper()
	rep, err := recordings.ReplayFile(filepath.Join("..", "recordings", "agents", name+".cast"), recordings.WithProfile(p))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	tl := rep.Run()
	for i := range tl {
		tl[i].Time = time.Time{}.Add(tl[i].Time.Sub(rep.Start()))
	}
	return tl
}

func firstWaiting(tl []ready.Transition) time.Duration {
	for _, tr := range tl {
		if tr.State.Waiting() {
			return tr.Time.Sub(time.Time{})
		}
	}
	return -1
}

// Each optional signal is a runtime's quirk, and its test is the recording
// that motivated it: with the signal the engine decides right, without it
// wrong in the way the signal exists to prevent.
func TestQuirkSignalsOnTheirRecordings(t *testing.T) {
	t.Run("answer-ticked/claude-trust-ticked", func(t *testing.T) {
		// Claude ticks the chosen option and keeps the dialog up while it
		// acts on it: that is not the question asked again.
		questions := func(tl []ready.Transition) int {
			n := 0
			for _, tr := range tl {
				if tr.State == ready.Question {
					n++
				}
			}
			return n
		}
		c := ready.Claude()
		if with, wo := questions(replayAgent(t, "claude-trust-ticked", c)), questions(replayAgent(t, "claude-trust-ticked", without(t, "claude", "answer-ticked"))); with != 1 || wo < 2 {
			t.Errorf("questions declared: %d with answer-ticked (want 1), %d without (want the ticked dialog asked again)", with, wo)
		}
	})
	for _, tc := range []struct{ profile, recording string }{
		{"gemini", "gemini-two-turns"}, // Gemini queues what is typed until its banner is drawn
		{"codex", "codex-two-turns"},   // Codex ignores Enter until it sets its window title
	} {
		t.Run("startup/"+tc.recording, func(t *testing.T) {
			p, _ := ready.Lookup(tc.profile)
			with, wo := firstWaiting(replayAgent(t, tc.recording, p)), firstWaiting(replayAgent(t, tc.recording, without(t, tc.profile, "startup")))
			if with < 0 || wo < 0 || wo >= with {
				t.Errorf("first ready at %v with startup, %v without: want the start-up marker to hold it back", with, wo)
			}
		})
	}
}
