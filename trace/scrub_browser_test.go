package trace_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/trace"
)

// A person scrubs the trace page: drags the slider, clicks "decision »",
// presses n, p and →, clicks an event in the list and a point on the
// strip. After each, the screen shown is the replay's at the moment the
// page says it is at.
func TestTracePageScrubbingInBrowser(t *testing.T) {
	bin := chromium(t)
	cast, err := asciicast.ReadFile("../recordings/agents/claude-approval.cast")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "page.html")
	if err := trace.WriteFile(path, cast); err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast)
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var trs []ready.Transition
	var snaps []screen.Snapshot
	for tr, snap := range rep.Transitions() {
		trs = append(trs, tr)
		snaps = append(snaps, snap)
	}
	at, err := recordings.Replay(cast)
	if err != nil {
		t.Fatal(err)
	}
	defer at.Close()
	offset := func(i int) int { return int(trs[i].Time.Sub(rep.Start()).Microseconds()) }

	p := openPage(t, bin, "file://"+path)
	// check compares the page with the replay and returns where it is.
	check := func(what string) (us, decision int) {
		t.Helper()
		s := p.screenDOM()
		us, decision = s.attrs["time"], s.attrs["decision"]
		want := at.At(time.Duration(us) * time.Microsecond)
		if decision > 0 {
			want = snaps[decision-1]
		}
		if diff := s.sameAs(want); diff != "" {
			t.Errorf("%s (at %dµs, decision %d): %s", what, us, decision, diff)
		}
		return us, decision
	}

	if us, _ := check("opened"); us != int(cast.Duration().Microseconds()) {
		t.Errorf("page opened at %dµs, want the last event at %v", us, cast.Duration())
	}
	p.eval(`(s => { s.value = 1600; s.dispatchEvent(new Event("input")); return true })(document.getElementById("slider"))`)
	if us, d := check("slider to 1.6 s"); us != 1_600_000 || d != 0 {
		t.Errorf("slider: at %dµs, decision %d; want 1600000, none", us, d)
	}
	next := 0
	for next < len(trs) && offset(next) <= 1_600_000 {
		next++
	}
	p.eval(`document.getElementById("next-decision").click(); true`)
	if _, d := check(`"decision »"`); d != next+1 {
		t.Errorf(`"decision »" from 1.6 s went to decision %d, want %d`, d, next+1)
	}
	p.key("n")
	if _, d := check("n"); d != next+2 {
		t.Errorf("n went to decision %d, want %d", d, next+2)
	}
	p.key("p")
	p.key("p")
	if _, d := check("p p"); d != next {
		t.Errorf("p p went to decision %d, want %d", d, next)
	}
	p.key("ArrowRight")
	var after time.Duration
	for _, e := range cast.Events {
		if e.Time.Microseconds() > int64(offset(next-1)) {
			after = e.Time
			break
		}
	}
	if us, d := check("→"); us != int(after.Microseconds()) || d != 0 {
		t.Errorf("→ from decision %d went to %dµs (decision %d), want the next event at %v", next, us, d, after)
	}
	// The first input event in the list.
	var input time.Duration
	for _, e := range cast.Events {
		if e.Kind == asciicast.Input {
			input = e.Time
			break
		}
	}
	p.eval(`document.querySelector("#rows td.k-input").closest("tr").click(); true`)
	if us, _ := check("click on the first input"); us != int(input.Microseconds()) {
		t.Errorf("clicking the first input went to %dµs, want %v", us, input)
	}
	p.eval(`(s => { const r = s.getBoundingClientRect();
		s.dispatchEvent(new MouseEvent("mousedown", {clientX: r.left + r.width / 2, clientY: r.top + 5, bubbles: true}));
		window.dispatchEvent(new MouseEvent("mouseup", {})); return true })(document.getElementById("strip"))`)
	check("click in the middle of the strip")
}
