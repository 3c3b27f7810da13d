package ready_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// grok parks its hidden cursor at column 1 and draws its own input box:
// with the busy markers learnt from its recordings, busy-gone calls each
// turn's end ready once the screen is still without them for its learnt
// quiet window: it decides before the cursor signal (which finds the
// cursor grok draws in its input box, inputbox.go, after the same quiet
// window), never later than the profile would without it. Never while a
// busy marker marks the turn busy.
func TestBusyGoneDecidesAParkedCursorProgram(t *testing.T) {
	cast, err := asciicast.ReadFile("../recordings/agents/generic/grok-two-turns.cast")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ready.LoadProfile("../recordings/agents/generic/grok.learnt.json")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(p.Signals, func(s ready.SignalSpec) bool { return s.Name == "busy-gone" }) {
		t.Fatalf("grok.learnt.json selects %+v, want busy-gone among them", p.Signals)
	}
	without := p
	without.Signals = slices.DeleteFunc(slices.Clone(p.Signals), func(s ready.SignalSpec) bool { return s.Name == "busy-gone" })

	with := readyAfterMarks(t, cast, p)
	slow := readyAfterMarks(t, cast, without)
	for i, d := range with {
		// Within 600 ms: grok redraws its banner ~330 ms after the
		// start-up turn's marker; later turns end within 200 ms.
		if d.by != "busy-gone" || d.after < 0 || d.after > 600*time.Millisecond {
			t.Errorf("turn %d: ready %v after its marker by %q, want busy-gone within 600ms", i+1, d.after, d.by)
		}
		if s := slow[i]; s.by == "busy-gone" || s.after < d.after {
			t.Errorf("turn %d without busy-gone: ready %v after its marker by %q, want a decision by another signal no sooner than busy-gone's %v", i+1, s.after, s.by, d.after)
		}
	}
}

// grok's approval recording keeps its busy line ("Decrypting… esc to
// interrupt") on screen 96.5 ms after its second turn's last byte, and the
// frame that takes it off is the last one. With the learnt profile's
// settle, busy-gone calls that turn ready the settle after that frame, not
// the quiet window after it; without the settle the same signal waits the
// quiet window; never early either way.
func TestBusyGoneSettlesAfterTheLastBusyMarkerWent(t *testing.T) {
	cast, err := asciicast.ReadFile("../recordings/agents/generic/grok-approval.cast")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ready.LoadProfile("../recordings/agents/generic/grok.learnt.json")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(p.Signals, func(s ready.SignalSpec) bool { return s.Name == "busy-gone" })
	if i < 0 || p.Signals[i].Settle <= 0 || p.Signals[i].Settle >= p.Quiet {
		t.Fatalf("grok.learnt.json selects %+v (quiet %v), want busy-gone with a settle shorter than the quiet window", p.Signals, p.Quiet)
	}
	settle := p.Signals[i].Settle.D()
	without := p
	without.Signals = slices.Clone(p.Signals)
	without.Signals[i].Settle = 0

	const gone = 96 * time.Millisecond // the busy line taken off 96.5 ms after turn 2's marker
	with, slow := readyAfterMarks(t, cast, p), readyAfterMarks(t, cast, without)
	if len(with) != 4 || len(slow) != 4 {
		t.Fatalf("decisions %+v and %+v, want 4 turns each", with, slow)
	}
	if d := with[1]; d.by != "busy-gone" || d.after < gone+settle || d.after > gone+settle+5*time.Millisecond {
		t.Errorf("turn 2: ready %v after its marker by %q, want busy-gone %v after it (the busy line gone at %v, + settle)", d.after, d.by, gone+settle, gone)
	}
	if d := slow[1]; d.by != "busy-gone" || d.after < gone+p.Quiet.D() {
		t.Errorf("turn 2 without the settle: ready %v after its marker by %q, want busy-gone %v or later (the quiet window)", d.after, d.by, gone+p.Quiet.D())
	}
}

// A profile selecting busy-gone needs busy markers: without them every
// still screen would be ready.
func TestBusyGoneNeedsBusyMarkers(t *testing.T) {
	p := ready.Generic()
	p.Busy = nil
	p.Signals = append(p.Signals, ready.SignalSpec{Name: "busy-gone"})
	if _, err := ready.NewEngine(p); err == nil || !strings.Contains(err.Error(), "busy markers") {
		t.Errorf("NewEngine with busy-gone and no busy markers: %v, want an error saying it needs busy markers", err)
	}
}

type decided struct {
	after time.Duration
	by    string
}

// readyAfterMarks replays cast with p and returns, per ready marker, the
// first ready decision after it; it fails on a ready decision between a
// busy marker and the next ready marker.
func readyAfterMarks(t *testing.T, cast *asciicast.Cast, p ready.Profile) []decided {
	t.Helper()
	rep, err := recordings.Replay(cast, recordings.WithProfile(p))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	trs := rep.Run()
	var out []decided
	busy := time.Duration(-1)
	for _, m := range cast.Events {
		if m.Kind != asciicast.Marker {
			continue
		}
		switch m.Data {
		case recordings.MarkBusy:
			busy = m.Time
		case recordings.MarkReady:
			for _, tr := range trs {
				at := tr.Time.Sub(rep.Start())
				if tr.State == ready.Ready && busy >= 0 && at > busy && at < m.Time {
					t.Errorf("%s: ready at %v, while busy (%v to %v): %s", p.Name, at, busy, m.Time, tr.Reason)
				}
			}
			d := decided{after: -1}
			for _, tr := range trs {
				if at := tr.Time.Sub(rep.Start()); tr.State == ready.Ready && at >= m.Time {
					d = decided{after: at - m.Time, by: tr.By}
					break
				}
			}
			out = append(out, d)
			busy = -1
		}
	}
	return out
}
