package ready_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/internal/racesample"
	"github.com/ttyrig/ttyrig/ready"
)

// visidata, live under strace (corpus scenario visidata, recorded on an idle
// machine in round 11): after each answer its curses loop polls the terminal
// for 100 ms and, at every timeout, parks the cursor at the cell it drew
// last and brings it back in three writes (`ESC[29;19H`, `ESC[1;83H`,
// `ESC[?1h ESC=` `\r`) that the terminal reads apart. Counted as changes,
// they began the quiet window again every 100 ms and the engine said ready
// only when a refresh came in one read: 266 ms after `j`, 416 ms after `d`,
// 830 ms after the save's `y`, where the truth was ready at the first
// poll. With the moves taken back (perceive_excursion.go) every turn is
// ready one quiet window after the truth, and none before it.
func TestCursorExcursionIsNoChange(t *testing.T) {
	const file = "testdata/visidata-refresh-moves.cast"
	cast, err := asciicast.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r := tapFiles(t, []string{file})[0]
	// The quiet window of a full-screen frame, and the time a replay's
	// ticks and the events' own spacing add to it.
	bound := ready.Generic().Quiet.D() + 25*time.Millisecond
	with := readyAfterTruth(t, cast, r.start, feed(t, r))
	without := readyAfterTruth(t, cast, r.start, feed(t, r, ready.WithoutExcursions()))
	if len(with) < 7 {
		t.Fatalf("%d turns judged, want the recording's 7 or more", len(with))
	}
	for i, d := range with {
		if d < -early || d > bound {
			t.Errorf("turn %d: ready %v after the truth, want within [%v, %v]", i+1, d, -early, bound)
		}
	}
	late := 0
	for _, d := range without {
		if d > bound {
			late++
		}
	}
	if late == 0 {
		t.Errorf("every turn ready within %v of the truth without the part too (%v): the recording no longer shows the refreshes", bound, without)
	}
	t.Logf("after the truth's ready, with the part: %v; without: %v", with, without)
	// Its bound moved by ±25 % (the sweep's step) changes no turn here:
	// the refreshes' moves took 4-13 ms.
	for _, k := range []float64{0.75, 1.25} {
		def := ready.SetTuning("Excursion", 0)
		ready.SetTuning("Excursion", time.Duration(float64(def)*k))
		moved := readyAfterTruth(t, cast, r.start, feed(t, r))
		ready.SetTuning("Excursion", def)
		if fmt.Sprint(moved) != fmt.Sprint(with) {
			t.Errorf("Excursion ×%.2f: %v after the truth, %v at the default", k, moved, with)
		}
	}
}

// readyAfterTruth returns, for every ready mark of the cast followed by an
// input, how long after the mark the engine's timeline first waited
// (negative: before it; the input's time if it never did).
func readyAfterTruth(t *testing.T, cast *asciicast.Cast, start time.Time, tl []ready.Transition) []time.Duration {
	t.Helper()
	var out []time.Duration
	for i, ev := range cast.Events {
		if ev.Kind != asciicast.Marker || ev.Data != "ready" {
			continue
		}
		in := time.Duration(-1)
		for _, n := range cast.Events[i+1:] {
			if n.Kind == asciicast.Input {
				in = n.Time
				break
			}
		}
		if in < 0 {
			continue
		}
		// The engine's state over [mark-early, input): the transition in
		// force at mark-early, then each one until the input.
		got := in - ev.Time
		for j, tr := range tl {
			at := tr.Time.Sub(start)
			next := time.Duration(1<<62 - 1)
			if j+1 < len(tl) {
				next = tl[j+1].Time.Sub(start)
			}
			if tr.State.Waiting() && at < in && next > ev.Time-early {
				got = max(at, ev.Time-early) - ev.Time
				break
			}
		}
		out = append(out, got)
	}
	return out
}

// The part on every recording in the repository: where taking a cursor's
// excursion back changes the engine's decisions, no turn judged by the
// recording's truth becomes early or missed with it. The recordings where
// it moves a decision are logged.
//
// One recording's truth is older than the rule that judges visidata's
// refreshes: visidata-confirm-over-sheet.cast was marked by the strace
// truth before round 10 kept a run of terminal waits through a refresh
// that draws nothing (7a856bd, docs/CORPUS.md "Round 10: under load",
// item 1), so its turns after `d` and `]` end at a refresh that came in
// one write, 330 and 460 ms after the frame. There the engine's ready is
// checked against the kernel instead: its last look at that moment must
// find visidata in its poll on the terminal, still (nothing ran since the
// look before).
func TestCursorExcursionsOnEveryRecording(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("replays every recording twice")
	}
	staleTruth := map[string]bool{"visidata-confirm-over-sheet.cast": true}
	files := racesample.Files(t, ready.RepositoryCasts(t))
	var moved []string
	for _, r := range tapFiles(t, files) {
		with, without := feed(t, r), feed(t, r, ready.WithoutExcursions())
		if sameTimeline(with, without) {
			continue
		}
		cast, err := asciicast.ReadFile(r.name)
		if err != nil {
			t.Fatal(err)
		}
		turns := judgeTurns(with, r.start, cast)
		before := judgeTurns(without, r.start, cast)
		var changed []string
		for i, o := range turns {
			if i >= len(before) || before[i].what == o.what {
				continue
			}
			changed = append(changed, fmt.Sprintf("%s %q→%q", o.turn, before[i].what, o.what))
			if o.what != "premature" && o.what != "missed" {
				continue
			}
			if o.what == "premature" && staleTruth[filepath.Base(r.name)] {
				if why := stillPollAtReady(cast, with, r.start, o.turn); why != "" {
					t.Errorf("%s: %s premature by its old truth, and %s", r.name, o.turn, why)
				}
				continue
			}
			t.Errorf("%s: %s %s with the part (%q without)", r.name, o.turn, o.what, before[i].what)
		}
		moved = append(moved, fmt.Sprintf("%s (%d transitions without, %d with; %s)", r.name, len(without), len(with), strings.Join(changed, ", ")))
	}
	t.Logf("%d recordings, %d where the part moves a decision:\n%s", len(files), len(moved), strings.Join(moved, "\n"))
}

// stillPollAtReady checks the engine's first waiting transition inside the
// busy stretch named turn ("busy 3") against the kernel: the cast's last
// kernel look at or before it must say the program waits on the terminal
// in a poll, still. It returns what was found otherwise.
func stillPollAtReady(cast *asciicast.Cast, tl []ready.Transition, start time.Time, turn string) string {
	var n int
	if _, err := fmt.Sscanf(turn, "busy %d", &n); err != nil {
		return err.Error()
	}
	var from, to time.Duration = -1, 1 << 62
	for _, e := range cast.Events {
		if e.Kind != asciicast.Marker || e.Data != "busy" && e.Data != "ready" {
			continue
		}
		if from >= 0 {
			to = e.Time
			break
		}
		if e.Data == "busy" {
			if n--; n == 0 {
				from = e.Time
			}
		}
	}
	for _, tr := range tl {
		at := tr.Time.Sub(start)
		if !tr.State.Waiting() || at <= from || at >= to {
			continue
		}
		look := ""
		for _, e := range cast.Events {
			if e.Time > at {
				break
			}
			if e.Kind == asciicast.Kernel {
				look = e.Data
			}
		}
		if !strings.Contains(look, `"wait":"watch"`) || !strings.Contains(look, "poll(tty)") || !strings.Contains(look, `"still":true`) {
			return fmt.Sprintf("the kernel's look before the engine's ready at %v is %s", at, look)
		}
		return ""
	}
	return "no waiting transition found in it"
}

func sameTimeline(a, b []ready.Transition) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Time.Equal(b[i].Time) || a[i].State != b[i].State {
			return false
		}
	}
	return true
}

// While a busy sign stands on the screen the refreshes' moves stay
// changes (showsBusySign): visidata's sort in the corpus recording of
// round 11 left `100% sorting…` unrepainted for 1.93 s, the status word
// holds for the silence window, and at ×0.75 of it (the sweep's step) the
// moves taken back let the quiet window call the sort ready, early.
func TestCursorExcursionsKeptWhileBusyIsShown(t *testing.T) {
	const file = "../corpus/testdata/visidata.cast"
	cast, err := asciicast.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r := tapFiles(t, []string{file})[0]
	r.prof.Silence = ready.Duration(r.prof.Silence.D() * 3 / 4)
	for _, o := range judgeTurns(feed(t, r), r.start, cast) {
		if o.what == "premature" || o.what == "missed" {
			t.Errorf("silence window ×0.75: %s %s", o.turn, o.what)
		}
	}
}
