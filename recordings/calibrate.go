package recordings

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/internal/seeds"
	"github.com/ttyrig/ttyrig/ready"
)

// Ground truth in a recording: markers labelled MarkReady where the program
// truly started waiting for input, and MarkBusy where it truly started
// working. Fixtures announce these moments themselves; real-agent
// recordings get them from the fake model server (answer end) and the
// input. Calibration works without them but cannot then measure latency or
// count premature decisions.
const (
	MarkReady = "ready"
	MarkBusy  = "busy"
)

// Calibration is what one recording says about its runtime: where the
// cursor sits when idle and when busy, how long the busy screen stays
// silent between repaints, and how the readiness engine fared against the
// ground truth.
type Calibration struct {
	Recording  string `json:"recording"`
	Runtime    string `json:"runtime"` // the profile used
	Command    string `json:"command"`
	Size       string `json:"size"`
	Turns      int    `json:"turns"`                 // ground-truth ready moments
	IdleCols   []int  `json:"idle_cols"`             // cursor columns at ground-truth ready
	IdleRowUp  []int  `json:"idle_rows_from_bottom"` // cursor row counted from the last text row (0 = on it)
	IdleHidden bool   `json:"idle_cursor_hidden"`    // the cursor was hidden at some ready moment
	BusyCols   []int  `json:"busy_cols"`             // cursor columns after busy output
	Distinct   bool   `json:"distinct"`              // no idle column is also a busy column
	// LongestBusyGap is the longest silence between two outputs while the
	// program was busy: the shortest quiet window that is never early for a
	// rule "cursor at an input column and quiet" is just above it.
	LongestBusyGap Duration   `json:"longest_busy_gap"`
	MinQuiet       Duration   `json:"min_quiet_never_early"`
	Signals        []string   `json:"signals"`         // the signals that decided ready, by name (ready.Transition.By)
	Latencies      []Duration `json:"ready_latencies"` // per turn: ground truth → engine ready
	Missed         int        `json:"missed_turns"`    // ground-truth ready never declared
	Premature      int        `json:"premature"`       // engine ready while truly busy
	// Baselines are the usual rules (3 s silence, poll 1 s × 3, cursor
	// column ≥ 3 + 150 ms quiet) judged on the same recording.
	Baselines []BaselineResult `json:"baselines,omitempty"`
}

// BaselineResult is how one of the usual rules (internal/seeds) fares on
// a recording with ground truth: how often it would have declared ready
// while the program was busy. (Its latency is not measured: the recording
// was driven by ttyrig's own decisions, so the next input usually arrives
// before a slow recipe would have decided.)
type BaselineResult struct {
	Name      string `json:"name"`
	Premature int    `json:"premature"`
}

// Duration is a time.Duration that reads well in tables and JSON ("150ms").
type Duration time.Duration

func (d Duration) String() string { return time.Duration(d).Round(time.Millisecond).String() }

// MarshalText writes the duration rounded to the millisecond.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// Calibrate replays a recording and measures it. name is how the table
// refers to the recording.
func Calibrate(name string, cast *asciicast.Cast, opts ...ReplayOption) (*Calibration, error) {
	rep, err := Replay(cast, opts...)
	if err != nil {
		return nil, err
	}
	defer rep.Close()
	c := &Calibration{
		Recording: name,
		Runtime:   rep.Profile().Name,
		Command:   cast.Header.Command,
		Size:      fmt.Sprintf("%dx%d", cast.Header.Width, cast.Header.Height),
	}

	// Walk the recording, sampling the screen at ground-truth moments and
	// after each output while busy.
	busy, pendingIdle := false, false
	var lastOut time.Duration = -1
	idle, rowsUp, busyCols := map[int]bool{}, map[int]bool{}, map[int]bool{}
	var truth []truthMark
	// sampleIdle records where the cursor waits: the screen just before the
	// first input after a true ready, so typed text does not move it.
	sampleIdle := func(before time.Duration) {
		if !pendingIdle {
			return
		}
		pendingIdle = false
		snap := rep.At(max(before-time.Microsecond, 0))
		cur := snap.Cursor()
		idle[cur.Col] = true
		rowsUp[len(snap.Lines())-cur.Row] = true
		if !snap.CursorVisible() {
			c.IdleHidden = true
		}
	}
	for _, e := range cast.Events {
		switch {
		case e.Kind == asciicast.Marker && (e.Data == MarkReady || e.Data == MarkBusy):
			sampleIdle(e.Time)
			truth = append(truth, truthMark{at: e.Time, ready: e.Data == MarkReady})
			if e.Data == MarkReady {
				busy, pendingIdle = false, true
				c.Turns++
			} else {
				busy, lastOut = true, -1
			}
		case e.Kind == asciicast.Input:
			sampleIdle(e.Time)
		case e.Kind == asciicast.Output && busy:
			// Hidden or not: agents hide their cursor and draw their own.
			busyCols[rep.At(e.Time).Cursor().Col] = true
			if lastOut >= 0 && e.Time-lastOut > time.Duration(c.LongestBusyGap) {
				c.LongestBusyGap = Duration(e.Time - lastOut)
			}
			lastOut = e.Time
		}
	}
	// The last ready moment has no input after it: the session ended there,
	// and what the program drew while exiting is not its prompt. Look
	// shortly after the ready marker, before the last output.
	if pendingIdle && len(truth) > 0 {
		at := truth[len(truth)-1].at + 50*time.Millisecond
		for i := len(cast.Events) - 1; i >= 0; i-- {
			if e := cast.Events[i]; e.Kind == asciicast.Output {
				if e.Time <= at {
					at = e.Time + time.Microsecond
				}
				break
			}
		}
		sampleIdle(at)
	}
	timeline := rep.Run()
	c.IdleCols, c.IdleRowUp, c.BusyCols = keys(idle), keys(rowsUp), keys(busyCols)
	c.Distinct = len(c.IdleCols) > 0
	for _, col := range c.IdleCols {
		if busyCols[col] {
			c.Distinct = false
		}
	}
	if c.LongestBusyGap > 0 {
		c.MinQuiet = c.LongestBusyGap + Duration(time.Millisecond)
	}
	c.judge(timeline, truth, rep.Start())
	if len(truth) > 0 {
		// The usual rules, on the events the engine is fed, from a
		// replay of their own (rep has moved back and forth).
		var evs []ready.Event
		brep, err := Replay(cast, append(slices.Clone(opts), WithTap(func(ev ready.Event) { evs = append(evs, ev) }))...)
		if err != nil {
			return nil, err
		}
		defer brep.Close()
		brep.Run()
		end := brep.Start().Add(brep.End())
		for _, d := range seeds.All() {
			seeds.Run(d, evs, end)
			var j Calibration
			j.judge(d.Timeline(), truth, brep.Start())
			c.Baselines = append(c.Baselines, BaselineResult{Name: d.Name(), Premature: j.Premature})
		}
	}
	return c, nil
}

type truthMark struct {
	at    time.Duration
	ready bool
}

// judge compares the engine's timeline with the ground truth: latency from
// each true ready to the engine's next waiting state, and waiting states
// declared while the program was truly busy.
func (c *Calibration) judge(timeline []ready.Transition, truth []truthMark, start time.Time) {
	if len(truth) == 0 {
		return
	}
	signals := map[string]bool{}
	// waiting says whether the program is truly waiting at t. Fixtures
	// announce ready just after writing the prompt, so the prompt's bytes
	// can be read a moment before the announcement: a ready marker within
	// 10 ms after t counts.
	waiting := func(t time.Duration) bool {
		state := false
		for _, m := range truth {
			if m.at > t+10*time.Millisecond {
				break
			}
			if m.at <= t || m.ready {
				state = m.ready
			}
		}
		return state
	}
	for _, tr := range timeline {
		// Before the first marker nothing is known: real-agent recordings
		// start their ground truth at the first prompt.
		if tr.State.Waiting() && tr.Time.Sub(start) >= truth[0].at {
			signals[tr.By] = true // the signal by name (ready.Transition.By)
			if !waiting(tr.Time.Sub(start)) {
				c.Premature++
			}
		}
	}
	for i, m := range truth {
		if !m.ready {
			continue
		}
		until := time.Duration(1<<62 - 1)
		if i+1 < len(truth) {
			until = truth[i+1].at
		}
		found := false
		for _, tr := range timeline {
			at := tr.Time.Sub(start)
			if tr.State.Waiting() && at+10*time.Millisecond >= m.at && at <= until {
				c.Latencies = append(c.Latencies, Duration(max(at-m.at, 0)))
				found = true
				break
			}
		}
		if !found {
			c.Missed++
		}
	}
	c.Signals = keys(signals)
}

// Percentile returns the p-th percentile (0–100) of the turn latencies.
func (c *Calibration) Percentile(p float64) time.Duration {
	if len(c.Latencies) == 0 {
		return 0
	}
	ls := make([]time.Duration, len(c.Latencies))
	for i, l := range c.Latencies {
		ls[i] = time.Duration(l)
	}
	slices.Sort(ls)
	i := int(float64(len(ls)-1)*p/100 + 0.5)
	return ls[i]
}

func keys[K interface{ ~int | ~string }](m map[K]bool) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
