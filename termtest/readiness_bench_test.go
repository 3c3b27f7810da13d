package termtest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/internal/seeds"
	"github.com/ttyrig/ttyrig/ready"
)

// BenchmarkReadiness runs every trap fixture in a real PTY and measures
// ready latency: from the fixture's own ground truth ("I now read input",
// logged right after the write that completes its prompt) to the moment
// WaitForReady returned. The same event stream is replayed through the
// seed documents' baselines (3 s silence, 1 s polling with 3 equal
// captures, column >= 3 + 150 ms quiet) and through the engine itself, so
// all are judged on identical input; a ready decision made while the
// fixture was not ready counts as premature.
//
// Each fixture runs min(b.N, $TTYRIG_BENCH_RUNS or 5) times; one run takes
// a few seconds, so:
//
//	go test -run '^$' -bench Readiness -benchtime 5x ./termtest
//
// Replay note: when a baseline has not decided by the time this harness
// sent the next input (it waits for ttyrig's engine, which is faster), its
// replay continues as silence until it decides: the fixtures are idle then,
// so a live run driven by the baseline would have seen the same.
func BenchmarkReadiness(b *testing.B) {
	runs := 5
	if s := os.Getenv("TTYRIG_BENCH_RUNS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			runs = n
		}
	}
	var rows []benchRow
	for _, sc := range benchScenarios() {
		b.Run(sc.name, func(b *testing.B) {
			if warmup(b) {
				return // the framework calls again with the real N
			}
			bin := fixtures.Build(b, sc.fixture)
			row := benchRow{scenario: sc}
			for i := 0; i < min(b.N, runs); i++ {
				if err := row.run(b, bin); err != nil {
					b.Fatal(err)
				}
			}
			live := row.stats[0]
			if len(live.lat) > 0 {
				b.ReportMetric(ms(percentile(live.lat, 50)), "p50-ms")
				b.ReportMetric(ms(percentile(live.lat, 95)), "p95-ms")
			}
			b.ReportMetric(float64(live.premature), "premature")
			for _, s := range row.stats[2:] {
				b.ReportMetric(float64(s.premature), "premature-"+metricName(s.name))
			}
			b.ReportMetric(0, "ns/op") // wall time per op is the fixture's own pace, not ours
			rows = append(rows, row)
		})
	}
	if len(rows) > 0 {
		// b.Log of a benchmark with sub-benchmarks is not shown; the table
		// is the point of the run.
		fmt.Println(benchTable(rows))
	}
}

// warmup reports whether this is the framework's first call with N=1
// before the real one, which a run of several seconds should not waste.
func warmup(b *testing.B) bool {
	if b.N != 1 {
		return false
	}
	f := flag.Lookup("test.benchtime")
	if f == nil {
		return false
	}
	v := f.Value.String()
	if n, ok := strings.CutSuffix(v, "x"); ok {
		count, err := strconv.Atoi(n)
		return err == nil && count > 1
	}
	return true // a duration: the next call gets a larger N
}

// benchScenario is one fixture run: its flags and what to do after it is
// first ready (each step returns the moment its input was sent).
type benchScenario struct {
	name, fixture string
	args          []string
	opts          []Option
	steps         []func(*Terminal) (time.Time, error)
	gap           time.Duration // longest repaint gap by design; 0 = no animation
	never         bool          // never ready: only premature decisions are counted
}

func submitStep(text string) func(*Terminal) (time.Time, error) {
	return func(t *Terminal) (time.Time, error) {
		if err := t.TypeContext(context.Background(), text); err != nil {
			return time.Time{}, err
		}
		if _, err := t.WaitForReadyContext(context.Background()); err != nil {
			return time.Time{}, err
		}
		at := time.Now()
		return at, t.NoWait().PressContext(context.Background(), KeyEnter) // at is when it is sent
	}
}

func keyStep(k Key) func(*Terminal) (time.Time, error) {
	return func(t *Terminal) (time.Time, error) {
		at := time.Now()
		return at, t.NoWait().PressContext(context.Background(), k)
	}
}

func benchScenarios() []benchScenario {
	return []benchScenario{
		{name: "agent", fixture: "agent", args: []string{"-work", "1500ms"}, steps: steps(submitStep("hello")), gap: 450 * time.Millisecond},
		{name: "agent-claude", fixture: "agent", args: []string{"-work", "1500ms"}, opts: []Option{WithRuntime("claude")}, steps: steps(submitStep("hello")), gap: 450 * time.Millisecond},
		{name: "agent-sync-7501", fixture: "agent", args: []string{"-work", "1500ms", "-sync", "-osc7501", "-queries"}, steps: steps(submitStep("hello")), gap: 450 * time.Millisecond},
		{name: "spinner", fixture: "spinner", args: []string{"-busy", "1s"}, steps: steps(submitStep("build")), gap: 80 * time.Millisecond},
		{name: "slowprompt", fixture: "slowprompt", args: []string{"-gap", "300ms"}, steps: steps(submitStep("hi"))},
		{name: "fullscreen", fixture: "fullscreen", args: []string{"-key-work", "300ms"}, steps: steps(keyStep(Rune('j')))},
		{name: "chevron", fixture: "chevron"},
		{name: "permission", fixture: "permission", args: []string{"-delay", "800ms"}, gap: 120 * time.Millisecond},
		{name: "cpr", fixture: "cpr", steps: steps(submitStep("x"))},
		{name: "osc133", fixture: "osc133", args: []string{"-slow", "300ms"}, steps: steps(submitStep("sleep 0.3"))},
		{name: "yesno", fixture: "yesno", args: []string{"-delay", "400ms"}},
		{name: "password", fixture: "password", args: []string{"-delay", "300ms"}},
		{name: "pause", fixture: "pause", args: []string{"-work", "300ms"}},
		{name: "flush", fixture: "flush", args: []string{"-startup", "500ms"}, steps: steps(submitStep("x"))},
		{name: "never", fixture: "never", args: []string{"-interval", "400ms", "-text", "> "}, never: true, gap: 400 * time.Millisecond},
	}
}

func steps(s ...func(*Terminal) (time.Time, error)) []func(*Terminal) (time.Time, error) { return s }

// tap records every event the terminal's engine sees, for replay.
type tap struct {
	mu  sync.Mutex
	evs []ready.Event
}

func (t *tap) observe(ev ready.Event) {
	ev.Data = bytes.Clone(ev.Data) // the read loop reuses its buffer
	t.mu.Lock()
	t.evs = append(t.evs, ev)
	t.mu.Unlock()
}

func withTap(t *tap) Option { return func(c *config) { c.tap = t.observe } }

// detectorStats is one detector's record on one scenario.
type detectorStats struct {
	name      string
	lat       []time.Duration
	premature int
	turns     int
	undecided int
}

type benchRow struct {
	scenario benchScenario
	stats    []detectorStats // live WaitForReady, engine replay, then the baselines
	mismatch int             // engine replay decisions more than 5 ms from live ones
	maxDiff  time.Duration   // the largest difference between live and replayed decisions
}

// detectorsFor returns fresh detectors to replay: the engine with the
// terminal's profile, then the seed baselines.
func detectorsFor(p ready.Profile) []seeds.Detector {
	e, _ := ready.NewEngine(p)
	return append([]seeds.Detector{e}, seeds.All()...)
}

func (r *benchRow) run(b *testing.B, bin string) error {
	sc := r.scenario
	log := filepath.Join(b.TempDir(), "truth.jsonl")
	tp := &tap{}
	timeout := 10 * time.Second
	if sc.never {
		timeout = 3 * time.Second
	}
	opts := append([]Option{WithEnv(fixtures.LogEnv + "=" + log), WithTimeout(timeout), withTap(tp)}, sc.opts...)
	start := time.Now()
	term, err := Start(context.Background(), append([]string{bin}, sc.args...), opts...)
	if err != nil {
		return err
	}
	defer term.Close()
	starts, returns := []time.Time{start}, []time.Time{}
	if _, err := term.WaitForReadyContext(context.Background()); err != nil {
		if !sc.never {
			return err
		}
	} else {
		returns = append(returns, time.Now())
	}
	if !sc.never {
		for _, step := range sc.steps {
			at, err := step(term)
			if err != nil {
				return err
			}
			starts = append(starts, at)
			if _, err := term.WaitForReadyContext(context.Background()); err != nil {
				return err
			}
			returns = append(returns, time.Now())
		}
	}
	time.Sleep(60 * time.Millisecond) // let the fixture's log catch up
	end := time.Now()
	tp.mu.Lock()
	evs := slices.Clone(tp.evs)
	tp.mu.Unlock()
	live := term.Timeline()
	prof := term.Profile()
	truth, err := fixtures.ReadLog(log)
	if err != nil {
		return err
	}
	gts := turnTruth(truth, starts)

	if r.stats == nil {
		r.stats = append(r.stats, detectorStats{name: "ttyrig WaitForReady"})
		for _, d := range detectorsFor(prof) {
			name := d.Name()
			if strings.HasPrefix(name, "ttyrig/") {
				name = "engine replay"
			}
			r.stats = append(r.stats, detectorStats{name: name})
		}
	}
	// Live: WaitForReady's return against the truth, and every ready state
	// the engine ever took.
	st := &r.stats[0]
	st.turns += len(starts)
	for k, ret := range returns {
		if !gts[k].IsZero() && truthReady(truth, ret) {
			st.lat = append(st.lat, ret.Sub(gts[k]))
		}
	}
	for _, tr := range live {
		if tr.State.Waiting() && (sc.never || !truthReady(truth, tr.Time)) {
			st.premature++
		}
	}
	// Replays: one fresh detector per turn, fed everything up to the next
	// input, then silence until it decides.
	for i := range detectorsFor(prof) {
		st := &r.stats[i+1]
		for k := range starts {
			d := detectorsFor(prof)[i]
			next := end
			if k+1 < len(starts) {
				next = starts[k+1]
			}
			first, ok := replayTurn(d, evs, starts[k], next, !sc.never)
			st.turns++
			switch {
			case sc.never:
				if ok {
					st.premature++
				}
			case !ok:
				st.undecided++
			case !truthReady(truth, first):
				st.premature++
			default:
				st.lat = append(st.lat, first.Sub(gts[k]))
			}
			if i == 0 && k < len(returns) && ok && !sc.never {
				diff := firstWaiting(live, starts[k]).Sub(first).Abs()
				r.maxDiff = max(r.maxDiff, diff)
				if diff > 5*time.Millisecond {
					r.mismatch++
				}
			}
		}
	}
	return nil
}

// turnTruth returns, per turn, when the fixture became ready: turn 0 from
// the start, later turns after the busy event their input caused.
func turnTruth(evs []fixtures.LogEvent, starts []time.Time) []time.Time {
	out := make([]time.Time, len(starts))
	for k, s := range starts {
		from := s
		if k > 0 {
			if busy, ok := fixtures.Next(evs, fixtures.EventBusy, s); ok {
				from = busy.Time()
			}
		}
		if e, ok := fixtures.Next(evs, fixtures.EventReady, from); ok {
			out[k] = e.Time()
		}
	}
	return out
}

// benchLogLag forgives a decision this much before the fixture's log line,
// which it writes right after the write that completes its prompt.
const benchLogLag = 10 * time.Millisecond

// truthReady reports whether the fixture was ready at t (or became ready
// within benchLogLag after it).
func truthReady(evs []fixtures.LogEvent, t time.Time) bool {
	state := ""
	for _, e := range evs {
		switch e.Event {
		case fixtures.EventStart, fixtures.EventBusy, fixtures.EventReady, fixtures.EventExit:
			if !e.Time().After(t) {
				state = e.Event
			} else if e.Event == fixtures.EventReady && !e.Time().After(t.Add(benchLogLag)) && state != fixtures.EventReady {
				return true
			}
		}
	}
	return state == fixtures.EventReady
}

// replayTurn feeds d the events before until on a virtual clock, ticking it
// at its deadlines, and returns its first Ready or Question decision at or
// after from. With extend, silence continues after until (up to 10 s) if
// it has not decided yet.
func replayTurn(d seeds.Detector, evs []ready.Event, from, until time.Time, extend bool) (time.Time, bool) {
	clk := clock.NewVirtual(evs[0].Time)
	tick := func(to time.Time) {
		for {
			dl, ok := d.Deadline()
			if !ok || dl.After(to) {
				return
			}
			clk.Set(dl)
			d.Tick(clk.Now())
		}
	}
	found := func() (time.Time, bool) {
		t := firstWaiting(d.Timeline(), from)
		return t, !t.IsZero()
	}
	for _, ev := range evs {
		if !ev.Time.Before(until) {
			break
		}
		tick(ev.Time)
		clk.Set(ev.Time)
		d.Observe(ev)
	}
	tick(until)
	if t, ok := found(); ok || !extend {
		return t, ok
	}
	tick(until.Add(10 * time.Second))
	return found()
}

func firstWaiting(trs []ready.Transition, from time.Time) time.Time {
	for _, tr := range trs {
		if tr.State.Waiting() && !tr.Time.Before(from) {
			return tr.Time
		}
	}
	return time.Time{}
}

func percentile(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return -1
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := (p*len(s)+99)/100 - 1
	return s[max(i, 0)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func metricName(s string) string {
	return strings.NewReplacer(" ", "", ">=", "col", "+", "", ".", "", "x", "x").Replace(s)
}

func fmtLat(d []time.Duration, p int) string {
	if len(d) == 0 {
		return "-"
	}
	return strconv.Itoa(int(ms(percentile(d, p))))
}

// benchTable renders the side-by-side table: per fixture, p50/p95 ready
// latency in milliseconds and premature decisions for each detector.
func benchTable(rows []benchRow) string {
	var b strings.Builder
	names := []string{}
	for _, s := range rows[0].stats {
		if s.name != "engine replay" {
			names = append(names, s.name)
		}
	}
	fmt.Fprintf(&b, "ready latency after the fixture's true ready, ms p50/p95 (premature decisions / turns)\n")
	fmt.Fprintf(&b, "%-16s %-6s", "fixture", "gap")
	for _, n := range names {
		fmt.Fprintf(&b, " | %-24s", n)
	}
	fmt.Fprintf(&b, " | target\n")
	for _, r := range rows {
		gap := "-"
		if r.scenario.gap > 0 {
			gap = strconv.Itoa(int(ms(r.scenario.gap)))
		}
		fmt.Fprintf(&b, "%-16s %-6s", r.scenario.name, gap)
		for _, s := range r.stats {
			if s.name == "engine replay" {
				continue
			}
			cell := fmt.Sprintf("%s/%s (%d/%d)", fmtLat(s.lat, 50), fmtLat(s.lat, 95), s.premature, s.turns)
			if s.undecided > 0 {
				cell += fmt.Sprintf(" %d undecided", s.undecided)
			}
			fmt.Fprintf(&b, " | %-24s", cell)
		}
		live := r.stats[0]
		target, ok := "0 premature", live.premature == 0
		switch {
		case r.scenario.never:
		case r.scenario.gap > 0:
			target += fmt.Sprintf(", p50 <= %dms", 2*int(ms(r.scenario.gap)))
			ok = ok && percentile(live.lat, 50) <= 2*r.scenario.gap
		default:
			target += ", p50 <= 200ms"
			ok = ok && percentile(live.lat, 50) <= 200*time.Millisecond
		}
		mark := "met"
		if !ok {
			mark = "MISSED"
		}
		fmt.Fprintf(&b, " | %s: %s", target, mark)
		fmt.Fprintf(&b, "; replay-live max %.1fms", ms(r.maxDiff))
		if r.mismatch > 0 {
			fmt.Fprintf(&b, ", %d over 5ms", r.mismatch)
		}
		b.WriteString("\n")
	}
	return b.String()
}
