package recordings_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// The profiles learnt from each agent's marked recordings are shipped as
// data beside them (agents/RUNTIME.learnt.json), and their leave-one-out
// check is a golden file. Held out, the learnt profile is never early,
// never misses, decides within 150 ms at the median, is never worse than
// generic, and within 50 ms of the hand-made profile, except where
// notMet says which target a runtime misses and why.
//
// New agent recordings: go test ./recordings -run TestLearnedRuntimes -update
// writes their profiles and tables; read both before committing them.
func TestLearnedRuntimes(t *testing.T) {
	t.Parallel() // the corpus's replays are CPU-bound and share nothing: make test's longest
	for _, set := range []struct {
		dir string
		min int // runtimes expected there
	}{
		// Claude Code, Codex and Gemini, beside their hand-made profiles.
		{"agents", 3},
		// The five agent CLIs of the widened corpus, scored by their own
		// truth.
		{"agents/generic", 5},
	} {
		learnRuntimes(t, set.dir, set.min)
	}
}

// notMet lists, per runtime, the targets its learnt profile misses on
// held-out recordings ("early", "missed", "p50"), with the evidence why.
// A miss not listed fails the test, and so does a listed one that no
// held-out recording shows any more: the list says what is true now.
var notMet = map[string]map[string]string{}

func learnRuntimes(t *testing.T, dir string, min int) {
	t.Helper()
	runtimes, err := recordings.Runtimes(dir, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(runtimes) < min {
		t.Fatalf("runtimes with 3 or more marked recordings in %s/: %v, want %d at least", dir, runtimes, min)
	}
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			t.Parallel()
			rc, err := recordings.LearnRuntime(dir, rt)
			if err != nil {
				t.Fatal(err)
			}
			missed := map[string]bool{}
			for _, h := range rc.HeldOut {
				l, g := h.Learned, h.Generic
				miss := func(target, format string, args ...any) {
					missed[target] = true
					if _, known := notMet[rt][target]; !known {
						t.Errorf(format, args...)
					}
				}
				if l.Premature > 0 {
					miss("early", "%s held out: learnt profile %d early, want 0", h.Recording, l.Premature)
				}
				if l.Missed > 0 {
					miss("missed", "%s held out: learnt profile %d missed, want 0", h.Recording, l.Missed)
				}
				if p50 := time.Duration(l.P50).Round(time.Millisecond); p50 > 150*time.Millisecond {
					miss("p50", "%s held out: learnt p50 %v, want ≤ 150ms", h.Recording, p50)
				}
				if l.Premature > g.Premature || l.Missed > g.Missed || time.Duration(l.P50) > time.Duration(g.P50)+10*time.Millisecond && g.Missed == 0 {
					t.Errorf("%s held out: learnt %+v is worse than generic %+v", h.Recording, l, g)
				}
				if hm := h.Hand; hm != nil {
					if d := time.Duration(l.P50) - time.Duration(hm.P50); d > 50*time.Millisecond || d < -50*time.Millisecond {
						t.Errorf("%s held out: learnt p50 %v, hand-made %v: more than 50ms apart", h.Recording, l.P50, hm.P50)
					}
					if l.Premature > hm.Premature {
						t.Errorf("%s held out: learnt %d early, hand-made %d", h.Recording, l.Premature, hm.Premature)
					}
				}
			}
			for target := range notMet[rt] {
				if !missed[target] {
					t.Errorf("target %q is now met on every held-out recording: remove it from notMet[%q]", target, rt)
				}
			}
			var txt bytes.Buffer
			if err := recordings.WriteRuntimeCheck(&txt, rc); err != nil {
				t.Fatal(err)
			}
			prof, err := json.MarshalIndent(rc.Learned.Profile, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			goldie.New(t, goldie.WithFixtureDir("testdata/golden"), goldie.WithNameSuffix(".txt")).
				Assert(t, "learn-"+rt, txt.Bytes())
			goldie.New(t, goldie.WithFixtureDir(dir), goldie.WithNameSuffix(".learnt.json")).
				Assert(t, rt, append(prof, '\n'))
			// The shipped file loads as a profile, the way WithRuntime reads it.
			if _, err := ready.LoadProfile(dir + "/" + rt + ".learnt.json"); err != nil {
				t.Errorf("shipped profile: %v", err)
			}
		})
	}
}

// A recording without markers is refused with its name and what it lacks.
func TestLearnUnmarked(t *testing.T) {
	recs, err := recordings.ReadMarked("agents/claude-two-turns.cast", "agents/claude-approval.cast")
	if err != nil {
		t.Fatal(err)
	}
	_, err = recordings.Learn("x", recs)
	if err == nil || !strings.Contains(err.Error(), "claude-approval") || !strings.Contains(err.Error(), `no "ready" markers`) {
		t.Fatalf("Learn with an unmarked recording: got %v, want an error naming claude-approval and its missing ready markers", err)
	}
	if strings.Contains(err.Error(), "claude-two-turns") {
		t.Errorf("the error names the marked recording too: %v", err)
	}
	// Busy markers but no ready one.
	c := &asciicast.Cast{Header: asciicast.Header{Width: 80, Height: 24}, Events: []asciicast.Event{
		{Time: 0, Kind: asciicast.Marker, Data: recordings.MarkBusy},
		{Time: time.Second, Kind: asciicast.Output, Data: "hi"},
	}}
	_, err = recordings.Learn("x", []recordings.Marked{{Name: "half.cast", Cast: c}})
	if err == nil || !strings.Contains(err.Error(), "half.cast") || !strings.Contains(err.Error(), `no "ready" markers`) {
		t.Fatalf("Learn with busy markers only: got %v, want an error naming half.cast and its missing ready markers", err)
	}
}

// Every rule names its recordings; one seen in a single recording is
// refused or marked.
func TestLearnRulesNameTheirEvidence(t *testing.T) {
	recs, err := recordings.ReadMarked("agents/gemini-two-turns.cast", "agents/gemini-trust.cast")
	if err != nil {
		t.Fatal(err)
	}
	l, err := recordings.Learn("g", recs)
	if err != nil {
		t.Fatal(err)
	}
	if l.Profile.Extends != "generic" {
		t.Errorf("extends %q, want generic", l.Profile.Extends)
	}
	for _, r := range l.Rules {
		if len(r.Recordings) == 0 {
			t.Errorf("rule %s = %s names no recording", r.Field, r.Value)
		}
		if len(r.Recordings) < 2 && r.Kept && !r.OneRecording {
			t.Errorf("rule %s = %s is kept on one recording (%v) unmarked", r.Field, r.Value, r.Recordings)
		}
	}
	one, err := recordings.Learn("g", recs[:1])
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range one.Rules {
		if r.Kept && !r.OneRecording {
			t.Errorf("from one recording, rule %s = %s was kept unmarked", r.Field, r.Value)
		}
	}
}

// Question markers come from the ready moments marked "prompt:question":
// two recordings of one prompt library (inquirer) teach its list
// questions' key hint, seen on no other screen.
func TestLearnQuestionShapes(t *testing.T) {
	recs, err := recordings.ReadMarked("../corpus/testdata/inquirer.cast", "../corpus/testdata/inquirer-more.cast")
	if err != nil {
		t.Fatal(err)
	}
	l, err := recordings.Learn("inquirer", recs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range l.Profile.Question {
		got = append(got, m.Pattern)
	}
	if len(got) == 0 || !strings.Contains(strings.Join(got, " "), "navigate") {
		t.Errorf("question patterns %q, want the list questions' key hint (↑↓ navigate)", got)
	}
	for _, s := range l.Fit {
		if s.Premature > 0 || s.Missed > 0 {
			t.Errorf("%s: %d early, %d missed with the learnt profile", s.Recording, s.Premature, s.Missed)
		}
	}
}

// The corpus's "prompt:question:N" (a question drawing N choices) marks a
// question as "prompt:question" does: the same recordings with counted
// marks teach the same question patterns.
func TestLearnCountedQuestionMarks(t *testing.T) {
	learn := func(counted bool) []string {
		recs, err := recordings.ReadMarked("../corpus/testdata/inquirer.cast", "../corpus/testdata/inquirer-more.cast")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range recs {
			for i, e := range r.Cast.Events {
				if counted && e.Kind == asciicast.Marker && e.Data == "prompt:question" {
					r.Cast.Events[i].Data = "prompt:question:3"
					n++
				}
			}
		}
		if counted && n == 0 {
			t.Fatal("no prompt:question marker to count in the inquirer recordings")
		}
		l, err := recordings.Learn("inquirer", recs)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range l.Profile.Question {
			got = append(got, m.Pattern)
		}
		return got
	}
	plain, counted := learn(false), learn(true)
	if len(plain) == 0 || strings.Join(plain, "\n") != strings.Join(counted, "\n") {
		t.Errorf("question patterns from counted marks %q, want those from plain ones %q", counted, plain)
	}
}

// Markers in odd orders (ready twice, busy twice, a marker past the last
// output, a question with no ready beside it) neither panic nor fail: the
// learner reads the turns they make.
func TestLearnOddMarkers(t *testing.T) {
	mk := func(evs ...asciicast.Event) recordings.Marked {
		return recordings.Marked{Name: "odd", Cast: &asciicast.Cast{Header: asciicast.Header{Width: 40, Height: 10}, Events: evs}}
	}
	ms := time.Millisecond
	o := func(at time.Duration, s string) asciicast.Event {
		return asciicast.Event{Time: at, Kind: asciicast.Output, Data: s}
	}
	m := func(at time.Duration, s string) asciicast.Event {
		return asciicast.Event{Time: at, Kind: asciicast.Marker, Data: s}
	}
	in := func(at time.Duration, s string) asciicast.Event {
		return asciicast.Event{Time: at, Kind: asciicast.Input, Data: s}
	}
	a := mk(m(0, "question"), o(0, "> "), m(10*ms, "ready"), m(10*ms, "ready"), in(500*ms, "x\r"), m(500*ms, "busy"),
		m(510*ms, "busy"), o(600*ms, "\r\n⠋ Working (esc to interrupt)"), o(700*ms, "\r⠙ Working (esc to interrupt)"),
		o(800*ms, "\r\x1b[2Kdone\r\n> "), m(820*ms, "ready"), m(5*time.Second, "ready"))
	b := mk(in(0, "y\r"), m(0, "busy"), o(100*ms, "⠋ Working (esc to interrupt)"), o(200*ms, "\r\x1b[2Kok\r\n> "),
		m(210*ms, "ready"), m(210*ms, "prompt:question"))
	b.Name = "odd-b"
	a2 := a
	a2.Name = "odd-2"
	l, err := recordings.Learn("odd", []recordings.Marked{a, b, a2})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Profile.Validate(); err != nil {
		t.Errorf("learnt profile is invalid: %v", err)
	}
	if _, err := recordings.LeaveOneOut("odd", []recordings.Marked{a, b, a2}, nil); err != nil {
		t.Errorf("leave-one-out: %v", err)
	}
}

// Save replaces a regular file atomically and refuses anything else (a
// rename over a device or a directory would replace it).
func TestSaveRefusesWhatIsNotARegularFile(t *testing.T) {
	recs, err := recordings.ReadMarked("agents/codex-two-turns.cast")
	if err != nil {
		t.Fatal(err)
	}
	l, err := recordings.Learn("one", recs)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := l.Save(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Save over a directory: %v, want an error saying it is not a regular file", err)
	}
	path := dir + "/one.json"
	if err := l.Save(path); err != nil {
		t.Fatal(err)
	}
	if p, err := ready.LoadProfile(path); err != nil || p.Name != "one" {
		t.Errorf("saved profile loads as %q, %v", p.Name, err)
	}
}

// busy-gone is learnt where the cursor is parked at the ready moments and
// busy markers were learnt (grok), not where the cursor shows the input
// position (Codex); its quiet window is then the shortest tried that was
// never early on the recordings, plus the margin.
func TestLearnBusyGone(t *testing.T) {
	for _, c := range []struct {
		files []string
		want  bool
	}{
		{[]string{"agents/generic/grok-two-turns.cast", "agents/generic/grok-slow-stream.cast"}, true},
		{[]string{"agents/codex-two-turns.cast", "agents/codex-notify.cast"}, false},
	} {
		recs, err := recordings.ReadMarked(c.files...)
		if err != nil {
			t.Fatal(err)
		}
		l, err := recordings.Learn("x", recs)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, s := range l.Profile.Signals {
			got = got || s.Name == "busy-gone"
		}
		if got != c.want {
			t.Errorf("%v: busy-gone selected %v, want %v (rules %+v)", c.files, got, c.want, l.Rules)
		}
		if !got {
			continue
		}
		if q := l.Profile.Quiet.D(); q >= 150*time.Millisecond || q < 50*time.Millisecond {
			t.Errorf("%v: quiet %v, want the shortened window, 50ms or more and below generic's 150ms", c.files, q)
		}
		for _, s := range l.Fit {
			if s.Premature > 0 || s.Missed > 0 {
				t.Errorf("%s: %d early, %d missed with the learnt profile", s.Recording, s.Premature, s.Missed)
			}
		}
	}
}

// busy-gone at the input position is tried only where the profile without
// it is slower than 150 ms on a training recording: Qwen Code's (its cursor
// stays in its input box while it works) takes it, with its quiet window
// shortened; Codex's, whose cursor stays in its box too but whose cursor
// window decides in time, does not.
func TestLearnBusyGoneAtInputOnlyWhenSlow(t *testing.T) {
	qwen, err := recordings.ReadMarked("agents/generic/qwen-approval.cast", "agents/generic/qwen-slow-stream.cast",
		"agents/generic/qwen-two-turns.cast")
	if err != nil {
		t.Fatal(err)
	}
	codex, err := recordings.ReadMarked("agents/codex-two-turns.cast", "agents/codex-notify.cast", "agents/codex-long-session.cast")
	if err != nil {
		t.Fatal(err)
	}
	gone := func(l *recordings.Learned) bool {
		for _, s := range l.Profile.Signals {
			if s.Name == "busy-gone" {
				return true
			}
		}
		return false
	}
	q, err := recordings.Learn("qwen", qwen)
	if err != nil {
		t.Fatal(err)
	}
	taken := false
	for _, r := range q.Rules {
		taken = taken || r.Field == "signals" && r.Value == "busy-gone" && r.Kept && strings.HasPrefix(r.Why, "taken:")
	}
	if !gone(q) || !taken || q.Profile.Quiet.D() >= ready.Generic().Quiet.D() {
		t.Errorf("qwen: busy-gone %v, a rule saying why it was taken %v, quiet %v; want busy-gone taken with a quiet window under generic's", gone(q), taken, q.Profile.Quiet)
	}
	for _, s := range q.Fit {
		if s.Premature > 0 {
			t.Errorf("qwen: %d early on its training recording %s", s.Premature, s.Recording)
		}
	}
	c, err := recordings.Learn("codex", codex)
	if err != nil {
		t.Fatal(err)
	}
	if gone(c) {
		t.Errorf("codex: busy-gone selected (%v), want none: its cursor's window decides within 150 ms", c.Profile.Signals)
	}
}
