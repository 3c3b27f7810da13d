package ready_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// TestSweep moves each tuned duration by ±25 % and replays every recording
// and corpus cast in the repository, printing which decisions flip against
// the ground truth: (scenario, turn, premature or missed). It is a tool, not
// a check (it runs only with TTYRIG_SWEEP=1, and fails only if a replay
// cannot run):
//
//	TTYRIG_SWEEP=1 go test ./ready -run TestSweep -v -timeout 30m
//
// TTYRIG_SWEEP_ONLY=Excursion,Quiet sweeps the parameters named alone.
//
// The durations are the engine's own (params.go) and each profile's
// (Quiet, Settle, Silence, ClearGuard, the markers' Fresh), moved in the
// profile each recording replays with. docs/READINESS.md has the result.
func TestSweep(t *testing.T) {
	if os.Getenv("TTYRIG_SWEEP") == "" {
		t.Skip("a tool: run with TTYRIG_SWEEP=1")
	}
	casts := sweepCasts(t)
	base := sweepAll(t, casts, nil)
	bad := 0
	for _, c := range base {
		for _, o := range c.turns {
			if o.what != "" {
				bad++
				t.Logf("at the defaults: %s %s %s", c.name, o.turn, o.what)
			}
		}
	}
	t.Logf("%d casts, %d turns judged, %d wrong at the defaults", len(casts), countTurns(base), bad)
	var report strings.Builder
	fmt.Fprintf(&report, "%-18s %-9s %-6s %s\n", "parameter", "default", "change", "flips (scenario turn: premature|missed)")
	var fitted []string
	only := os.Getenv("TTYRIG_SWEEP_ONLY") // a comma-separated list of parameters, to sweep those alone
	for _, p := range sweepParams() {
		if only != "" && !slices.Contains(strings.Split(only, ","), p.name) {
			continue
		}
		scen := map[string]bool{}
		for _, k := range []float64{0.75, 1.25} {
			got := sweepAll(t, casts, p.with(k))
			flips := diffTurns(base, got)
			for _, f := range flips {
				if f.now == "premature" || f.now == "missed" {
					scen[f.name] = true
				}
			}
			fmt.Fprintf(&report, "%-18s %-9v %-6s %s\n", p.name, p.def, fmt.Sprintf("×%.2f", k), describeFlips(flips))
		}
		if len(scen) > 1 {
			fitted = append(fitted, fmt.Sprintf("%s (%d scenarios)", p.name, len(scen)))
		}
	}
	t.Logf("sweep:\n%s", report.String())
	t.Logf("parameters whose ±25 %% flips more than one scenario: %v", fitted)
}

// sweepParam is one duration the sweep moves: with(k) returns how to
// replay with it scaled by k (nil: as is).
type sweepParam struct {
	name string
	def  time.Duration
	with func(k float64) func(ready.Profile) (ready.Profile, func())
}

func sweepParams() []sweepParam {
	var out []sweepParam
	for _, n := range ready.TuningNames() {
		def := ready.SetTuning(n, 0)
		ready.SetTuning(n, def)
		out = append(out, sweepParam{name: n, def: def, with: func(k float64) func(ready.Profile) (ready.Profile, func()) {
			return func(p ready.Profile) (ready.Profile, func()) {
				old := ready.SetTuning(n, time.Duration(float64(def)*k))
				return p, func() { ready.SetTuning(n, old) }
			}
		}})
	}
	scaled := func(name string, def time.Duration, move func(p *ready.Profile, k float64)) sweepParam {
		return sweepParam{name: name, def: def, with: func(k float64) func(ready.Profile) (ready.Profile, func()) {
			return func(p ready.Profile) (ready.Profile, func()) {
				p.Busy, p.Idle, p.Question = slices.Clone(p.Busy), slices.Clone(p.Idle), slices.Clone(p.Question)
				move(&p, k)
				return p, func() {}
			}
		}}
	}
	sc := func(d *ready.Duration, k float64) { *d = ready.Duration(float64(*d) * k) }
	g := ready.Generic()
	out = append(out,
		scaled("Profile.Quiet", g.Quiet.D(), func(p *ready.Profile, k float64) { sc(&p.Quiet, k) }),
		scaled("Profile.Settle", g.Settle.D(), func(p *ready.Profile, k float64) { sc(&p.Settle, k) }),
		scaled("Profile.Silence", g.Silence.D(), func(p *ready.Profile, k float64) { sc(&p.Silence, k) }),
		scaled("Profile.ClearGuard", g.ClearGuard.D(), func(p *ready.Profile, k float64) { sc(&p.ClearGuard, k) }),
		scaled("Marker.Fresh", 0, func(p *ready.Profile, k float64) {
			for _, ms := range [][]ready.Marker{p.Busy, p.Idle, p.Question} {
				for i := range ms {
					sc(&ms[i].Fresh, k)
				}
			}
		}),
	)
	return out
}

type sweepCast struct {
	name string
	cast *asciicast.Cast
}

// sweepCasts reads every recording and corpus cast with ground truth.
func sweepCasts(t *testing.T) []sweepCast {
	var out []sweepCast
	for _, pattern := range []string{"../recordings/testdata/corpus/*.cast", "../recordings/agents/*.cast", "../recordings/agents/generic/*.cast", "../corpus/testdata/*.cast"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			c, err := asciicast.ReadFile(f)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			out = append(out, sweepCast{name: strings.TrimSuffix(filepath.Base(f), ".cast"), cast: c})
		}
	}
	if len(out) == 0 {
		t.Fatal("no casts found")
	}
	return out
}

// turnOutcome is one judged stretch of a recording's ground truth: "busy
// 2" (the second busy stretch) is premature if the engine entered a
// waiting state inside it, "ready 2" missed if it never waited during it.
type turnOutcome struct {
	turn string
	what string // "", "premature", "missed", or "late" (input came first)
}

type castOutcome struct {
	name  string
	turns []turnOutcome
}

// sweepAll replays every cast, with the profile (and tuning) that move
// returns if not nil, and judges each turn.
func sweepAll(t *testing.T, casts []sweepCast, move func(ready.Profile) (ready.Profile, func())) []castOutcome {
	out := make([]castOutcome, len(casts))
	for i, c := range casts {
		var opts []recordings.ReplayOption
		restore := func() {}
		if move != nil {
			rep, err := recordings.Replay(c.cast)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			p := rep.Profile()
			rep.Close()
			p, restore = move(p)
			opts = append(opts, recordings.WithProfile(p))
		}
		rep, err := recordings.Replay(c.cast, opts...)
		if err != nil {
			restore()
			t.Fatalf("%s: %v", c.name, err)
		}
		tl := rep.Run()
		out[i] = castOutcome{name: c.name, turns: judgeTurns(tl, rep.Start(), c.cast)}
		rep.Close()
		restore()
	}
	return out
}

// early: a waiting state this soon before the ready mark is on time (the
// hooks log right after the prompt's bytes are written).
const early = 10 * time.Millisecond

// judgeTurns judges the timeline stretch by stretch of the ground truth,
// from its first mark on.
func judgeTurns(tl []ready.Transition, start time.Time, cast *asciicast.Cast) []turnOutcome {
	type mark struct {
		at    time.Duration
		ready bool
	}
	var marks []mark
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && (e.Data == recordings.MarkReady || e.Data == recordings.MarkBusy) {
			marks = append(marks, mark{e.Time, e.Data == recordings.MarkReady})
		}
	}
	var out []turnOutcome
	nb, nr := 0, 0
	for i, m := range marks {
		end := time.Duration(1<<62 - 1)
		if i+1 < len(marks) {
			end = marks[i+1].at
		}
		if m.ready {
			nr++
			found := false
			for j, tr := range tl {
				at := tr.Time.Sub(start)
				next := end
				if j+1 < len(tl) {
					next = tl[j+1].Time.Sub(start)
				}
				// waiting at some instant of [m.at-early, end)
				if tr.State.Waiting() && at < end && next > m.at-early {
					found = true
					break
				}
			}
			o := turnOutcome{turn: fmt.Sprintf("ready %d", nr)}
			if !found {
				o.what = "missed"
				// Input replayed before the stretch ended was typed when
				// the engine that drove the recording said ready: a
				// slower decision finds the program gone busy again on
				// input it was never shown waiting for. That is late by
				// more than the recording can tell, not missed. So is a
				// last stretch: the driver closed the terminal once its
				// engine said ready.
				if i+1 == len(marks) {
					o.what = "late"
				}
				for _, e := range cast.Events {
					if e.Kind == asciicast.Input && e.Time >= m.at && e.Time < end {
						o.what = "late"
						break
					}
				}
			}
			out = append(out, o)
			continue
		}
		nb++
		o := turnOutcome{turn: fmt.Sprintf("busy %d", nb)}
		stop := end
		if i+1 < len(marks) && marks[i+1].ready {
			stop = end - early
		}
		for _, tr := range tl {
			if at := tr.Time.Sub(start); tr.State.Waiting() && at > m.at && at < stop {
				o.what = "premature"
				break
			}
		}
		out = append(out, o)
	}
	return out
}

type flip struct {
	name, turn, was, now string
}

// diffTurns lists the turns judged otherwise than at the defaults.
func diffTurns(base, got []castOutcome) []flip {
	var out []flip
	for i := range base {
		for j, o := range base[i].turns {
			if j < len(got[i].turns) && got[i].turns[j].what != o.what {
				out = append(out, flip{base[i].name, o.turn, o.what, got[i].turns[j].what})
			}
		}
	}
	return out
}

// describeFlips lists the premature and missed flips by turn, and counts
// the late ones (input came before the slower decision) by scenario.
func describeFlips(fs []flip) string {
	var parts []string
	late := map[string]int{}
	for _, f := range fs {
		switch f.now {
		case "late":
			late[f.name]++
		case "":
			parts = append(parts, fmt.Sprintf("%s %s: right (was %s)", f.name, f.turn, f.was))
		default:
			parts = append(parts, fmt.Sprintf("%s %s: %s", f.name, f.turn, f.now))
		}
	}
	if len(late) > 0 {
		n := 0
		for _, k := range late {
			n += k
		}
		parts = append(parts, fmt.Sprintf("late (input or the end came first) on %d turns of %d scenarios", n, len(late)))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, "; ")
}

func countTurns(cs []castOutcome) int {
	n := 0
	for _, c := range cs {
		n += len(c.turns)
	}
	return n
}
