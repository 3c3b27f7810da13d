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
	"github.com/ttyrig/ttyrig/termtest"
)

// opencode's attention notifications (fixtures/agents/opencode.go), in its
// recordings made with the window unfocused once its input box was up
// (termtest.SetFocus): "Session done" ends every prompt turn, written once
// its session goes idle, within hookNear of the true ready moment (the
// answer drawn after the model's last byte; up to 40 ms before it, while
// the last frame is drawn), never earlier while it works; "Permission
// needs input" within hookNear before its approval dialog's ready moment.
// Replayed with the profile learnt from those recordings (it selects
// notify), each prompt turn with its "Session done" is decided by notify,
// the approval is still a question, and no turn is missed.
func TestOpencodeSessionDoneDecides(t *testing.T) {
	prof, err := ready.LoadProfile(filepath.Join(othersDir, "opencode.learnt.json"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(othersDir, "opencode-*.cast"))
	if err != nil || len(files) != 3 {
		t.Fatalf("opencode recordings: %v, %v; want 3", files, err)
	}
	const done, asks = "\x1b]9;OK: Session done", "\x1b]9;OK: Permission needs input"
	byNotify, questions := 0, 0
	for _, f := range files {
		name := filepath.Base(f)
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		truth := corpus.Truth(cast)
		focused := false
		var notes []time.Duration
		for _, e := range cast.Events {
			switch {
			case e.Kind == asciicast.Marker && e.Data == termtest.FocusMarker+": out, reported":
				focused = true
			case e.Kind == asciicast.Output && strings.Contains(e.Data, "\x1b]9;"):
				if !focused {
					t.Errorf("%s: OSC 9 at %v before the focus-out", name, e.Time)
				}
				state, next := "", time.Duration(-1)
				for _, m := range truth {
					if m.Data != recordings.MarkReady && m.Data != recordings.MarkBusy {
						continue
					}
					if m.Time <= e.Time {
						state = m.Data
					} else if next < 0 {
						next = m.Time
					}
				}
				// At the end of a turn: after its ready moment, or
				// within hookNear before it.
				atEnd := state == recordings.MarkReady || next >= 0 && next-e.Time <= hookNear
				switch {
				case strings.Contains(e.Data, done):
					notes = append(notes, e.Time)
					if !atEnd {
						t.Errorf("%s: Session done at %v while opencode was %q (next ready at %v), want at a turn's end", name, e.Time, state, next)
					}
				case strings.Contains(e.Data, asks):
					if state == recordings.MarkReady || !atEnd {
						t.Errorf("%s: Permission needs input at %v, want it within %v before its dialog's ready moment (%v)", name, e.Time, hookNear, next)
					}
				default:
					t.Errorf("%s: unexpected notification %q at %v", name, e.Data, e.Time)
				}
			}
		}
		if len(notes) == 0 {
			t.Errorf("%s: no Session done", name)
		}
		for _, d := range decisionsWith(t, f, recordings.WithProfile(prof)) {
			t.Logf("%s: %s turn at %v: %v %v later by %s (%s)", name, d.kind, d.at, d.state, d.latency, d.by, d.reason)
			if d.by == "" {
				t.Errorf("%s: turn at %v missed with the learnt profile", name, d.at)
				continue
			}
			if d.kind != "text" {
				if d.state != ready.Question {
					t.Errorf("%s: %s turn at %v: %v by %s (%s), want a question", name, d.kind, d.at, d.state, d.by, d.reason)
				}
				questions++
				continue
			}
			near := false
			for _, at := range notes {
				near = near || at-d.at <= hookNear && d.at-at <= hookNear
			}
			if !near {
				continue
			}
			if d.by != "notify" {
				t.Errorf("%s: turn at %v, Session done within %v of it, decided by %s (%s), want notify", name, d.at, hookNear, d.by, d.reason)
				continue
			}
			byNotify++
		}
	}
	if byNotify < 6 || questions != 1 {
		t.Errorf("%d turns decided by notify, want the 6 prompt turns; %d questions, want 1", byNotify, questions)
	}
}
