package corpus

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/internal/seeds"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// Score is how one detector fared on one scenario against its ground truth.
type Score struct {
	Detector  string
	Turns     int             // ground-truth ready moments
	Premature int             // waiting states entered while truly busy
	Missed    int             // true ready moments with no waiting state before the next busy one
	Latencies []time.Duration // per found turn: true ready → detector waiting
	// Questions counts true ready moments where the program asked a
	// question with choices or for a password (a "prompt:question",
	// "prompt:question:N" or "prompt:password" marker); Parsed, those the
	// detector recognised (PromptMark.ParsedBy).
	Questions, Parsed int
}

// MarkPrompt prefixes the marker that follows a hook's ready mark and
// names the prompt's kind ("prompt:question", "prompt:text", …). A
// question's kind may carry the number of choices the program draws when
// it asks: "prompt:question:3" (its hook counts them from the widget's own
// options; 0 for a lone checkbox drawn as "[ ]").
const MarkPrompt = "prompt:"

// PromptMark is a prompt marker read.
type PromptMark struct {
	Kind    string // fixtures.Prompt*: "question", "password", "text", …
	Options int    // choices drawn, for a question that says; -1 if unsaid
}

// ParsePromptMark reads a marker's data: "prompt:<kind>", or
// "prompt:question:<n>" with n ≥ 0.
func ParsePromptMark(data string) (PromptMark, error) {
	rest, ok := strings.CutPrefix(data, MarkPrompt)
	if !ok || rest == "" {
		return PromptMark{}, fmt.Errorf("marker %q: want %s<kind>", data, MarkPrompt)
	}
	kind, count, counted := strings.Cut(rest, ":")
	m := PromptMark{Kind: kind, Options: -1}
	if !counted {
		return m, nil
	}
	if kind != fixtures.PromptQuestion {
		return PromptMark{}, fmt.Errorf("marker %q: only a %q counts its choices, not %q", data, fixtures.PromptQuestion, kind)
	}
	n, err := strconv.Atoi(count)
	if err != nil || n < 0 {
		return PromptMark{}, fmt.Errorf("marker %q: want a count of choices (0 or more) after %q, got %q", data, MarkPrompt+kind+":", count)
	}
	m.Options = n
	return m, nil
}

// Asks says whether the mark is a question or a password: the turns
// counted in Score.Questions.
func (m PromptMark) Asks() bool {
	return m.Kind == fixtures.PromptQuestion || m.Kind == fixtures.PromptPassword
}

// ParsedBy says whether a detector's waiting transition recognised what
// the program asked. A question with its count of choices: State Question
// with exactly that many options (a count of 0: State Question). A
// question without one: State Question with at least two options. A
// password: a prompt of kind password.
func (m PromptMark) ParsedBy(tr ready.Transition) bool {
	switch m.Kind {
	case fixtures.PromptQuestion:
		if tr.State != ready.Question {
			return false
		}
		n := 0
		if tr.Prompt != nil {
			n = len(tr.Prompt.Options)
		}
		if m.Options < 0 {
			return n >= 2
		}
		return n == m.Options
	case fixtures.PromptPassword:
		return tr.Prompt != nil && tr.Prompt.Kind == ready.PromptPassword
	}
	return false
}

// CheckTruth reports the first malformed prompt marker among marks (a
// recording's Truth), with its time, so a hook that writes a bad kind is
// found before it is scored.
func CheckTruth(marks []asciicast.Event) error {
	for _, e := range marks {
		if strings.HasPrefix(e.Data, MarkPrompt) {
			if _, err := ParsePromptMark(e.Data); err != nil {
				return fmt.Errorf("ground truth at %v: %w", e.Time, err)
			}
		}
	}
	return nil
}

// early is the tolerance for a detector that is "ready" a moment before the
// program logs it: the hooks log right after the prompt's bytes are written,
// so the bytes can reach the screen first.
const early = 10 * time.Millisecond

// Judge compares a detector's timeline (times absolute, start the session's
// start) with the ground truth: the recording's markers (times from start,
// in order; those other than ready, busy and prompt kinds are ignored).
//
// Premature: each transition into a waiting state (ready, question) at a
// moment the truth says busy. Before the first truth mark nothing is known
// and nothing is judged. A program with no ready moment at all (it never
// reads) is busy from its start.
//
// Latency: for each true ready moment m, until the next true busy moment
// (or the end), the first instant the detector is in a waiting state: m
// itself if it already was (its earlier entry was premature and counted),
// else its next waiting transition. None: missed.
func Judge(name string, timeline []ready.Transition, start time.Time, allMarks []asciicast.Event) Score {
	s := Score{Detector: name}
	var truth []asciicast.Event
	for _, e := range allMarks {
		if e.Data == recordings.MarkReady || e.Data == recordings.MarkBusy {
			truth = append(truth, e)
		}
	}
	if len(truth) == 0 {
		return s
	}
	isReady := func(e asciicast.Event) bool { return e.Data == recordings.MarkReady }
	for _, tr := range timeline {
		if tr.State.Waiting() && tr.Time.Sub(start) >= truth[0].Time && !trulyWaiting(truth, tr.Time.Sub(start)) {
			s.Premature++
		}
	}
	for i, m := range truth {
		if !isReady(m) {
			continue
		}
		s.Turns++
		asked := PromptMark{Options: -1}
		for _, n := range allMarks {
			if n.Time == m.Time && strings.HasPrefix(n.Data, MarkPrompt) {
				if pm, err := ParsePromptMark(n.Data); err == nil { // CheckTruth reports the others
					asked = pm
				}
			}
		}
		if asked.Asks() {
			s.Questions++
		}
		tr, lat, ok := decision(timeline, start, truth, i)
		if !ok {
			s.Missed++
			continue
		}
		s.Latencies = append(s.Latencies, lat)
		if asked.ParsedBy(tr) {
			s.Parsed++
		}
	}
	return s
}

// decision finds the engine's answer to the true ready moment truth[i]
// (truth holds ready and busy marks only): the waiting transition, and the
// latency from the mark to it (0 if the engine already waited); false when
// it never waited before the next true busy moment (missed).
func decision(timeline []ready.Transition, start time.Time, truth []asciicast.Event, i int) (ready.Transition, time.Duration, bool) {
	m := truth[i]
	until := time.Duration(1<<62 - 1)
	for _, n := range truth[i+1:] {
		if n.Data != recordings.MarkReady {
			until = n.Time
			break
		}
	}
	var cur ready.Transition
	known := false
	for _, tr := range timeline {
		if tr.Time.Sub(start) > m.Time {
			break
		}
		cur, known = tr, true
	}
	if known && cur.State.Waiting() {
		return cur, 0, true
	}
	// A waiting transition up to early before m counts (the hook logs
	// after the bytes left), but not one from before the previous
	// truth mark: that was the last turn's.
	from := time.Duration(-1)
	if i > 0 {
		from = truth[i-1].Time
	}
	for _, tr := range timeline {
		at := tr.Time.Sub(start)
		if tr.State.Waiting() && at+early >= m.Time && at > from && at <= until {
			return tr, max(at-m.Time, 0), true
		}
	}
	return ready.Transition{}, 0, false
}

// trulyWaiting says whether the truth has the program waiting for input at
// t (from the start). A ready mark up to early after t counts: the prompt's
// bytes reach the screen a moment before the hook logs them.
func trulyWaiting(truth []asciicast.Event, t time.Duration) bool {
	state := false
	for _, m := range truth {
		if m.Data != recordings.MarkReady && m.Data != recordings.MarkBusy {
			continue
		}
		if m.Time > t+early {
			break
		}
		if m.Time <= t || m.Data == recordings.MarkReady {
			state = m.Data == recordings.MarkReady
		}
	}
	return state
}

// Percentile returns the p-th percentile (0–100) of the latencies, and
// false when there are none.
func (s Score) Percentile(p float64) (time.Duration, bool) {
	if len(s.Latencies) == 0 {
		return 0, false
	}
	ls := slices.Clone(s.Latencies)
	slices.Sort(ls)
	return ls[int(float64(len(ls)-1)*p/100+0.5)], true
}

// Truth returns the ground-truth markers of a recording (ready, busy and
// prompt kinds), in order.
func Truth(cast *asciicast.Cast) []asciicast.Event {
	var out []asciicast.Event
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && (e.Data == recordings.MarkReady || e.Data == recordings.MarkBusy || strings.HasPrefix(e.Data, MarkPrompt)) {
			out = append(out, e)
		}
	}
	return out
}

// ReplayScores replays a recording on a virtual clock and judges the
// engine (generic profile unless opts say otherwise) and the usual rules
// (internal/seeds) against its markers. Deterministic.
func ReplayScores(cast *asciicast.Cast, opts ...recordings.ReplayOption) ([]Score, error) {
	truth := Truth(cast)
	if err := CheckTruth(truth); err != nil {
		return nil, err
	}
	rep, err := recordings.Replay(cast, opts...)
	if err != nil {
		return nil, err
	}
	defer rep.Close()
	out := []Score{Judge("engine", rep.Run(), rep.Start(), truth)}
	// The usual rules, on the events the engine is fed, from a replay of
	// their own (rep's timeline stays exactly what it is without them).
	var evs []ready.Event
	brep, err := recordings.Replay(cast, append(slices.Clone(opts), recordings.WithTap(func(ev ready.Event) { evs = append(evs, ev) }))...)
	if err != nil {
		return nil, err
	}
	defer brep.Close()
	brep.Run()
	for _, d := range seeds.All() {
		seeds.Run(d, evs, brep.Start().Add(brep.End()))
		out = append(out, Judge(d.Name(), d.Timeline(), brep.Start(), truth))
	}
	return out, nil
}

// Row is one scenario's line in the table.
type Row struct {
	Scenario string
	Library  string
	Truth    string // "hook" or "strace"
	Scores   []Score
}

// WriteTable prints one line per scenario: the engine's turns, premature,
// missed and latency, then each seed recipe's premature, late and p50. A
// recipe's "late" is Score.Missed: not ready before the next input, which
// came when the engine and the program were both ready (or the wait bound
// passed), not when the recipe would have been.
func WriteTable(w io.Writer, rows []Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if len(rows) == 0 {
		return tw.Flush()
	}
	head := []string{"scenario", "library", "truth", "turns", "premature", "missed", "p50", "p95", "questions+passwords recognised"}
	for _, s := range rows[0].Scores[1:] {
		head = append(head, s.Detector+" (prem/late/p50)")
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	var total [2][]int // engine and each recipe: premature, missed sums
	for _, r := range rows {
		e := r.Scores[0]
		cols := []string{r.Scenario, r.Library, r.Truth, fmt.Sprint(e.Turns), fmt.Sprint(e.Premature), fmt.Sprint(e.Missed),
			pct(e, 50), pct(e, 95), questions(e)}
		for _, s := range r.Scores[1:] {
			cols = append(cols, fmt.Sprintf("%d/%d/%s", s.Premature, s.Missed, pct(s, 50)))
		}
		fmt.Fprintln(tw, strings.Join(cols, "\t"))
		for i, s := range r.Scores {
			if len(total[0]) <= i {
				total[0], total[1] = append(total[0], 0), append(total[1], 0)
			}
			total[0][i] += s.Premature
			total[1][i] += s.Missed
		}
	}
	turns := 0
	for _, r := range rows {
		turns += r.Scores[0].Turns
	}
	q := Score{}
	for _, r := range rows {
		q.Questions += r.Scores[0].Questions
		q.Parsed += r.Scores[0].Parsed
	}
	cols := []string{"TOTAL", fmt.Sprintf("%d scenarios", len(rows)), "", fmt.Sprint(turns), fmt.Sprint(total[0][0]), fmt.Sprint(total[1][0]), "", "", questions(q)}
	for i := 1; i < len(total[0]); i++ {
		cols = append(cols, fmt.Sprintf("%d/%d", total[0][i], total[1][i]))
	}
	fmt.Fprintln(tw, strings.Join(cols, "\t"))
	return tw.Flush()
}

func questions(s Score) string {
	if s.Questions == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", s.Parsed, s.Questions)
}

func pct(s Score, p float64) string {
	d, ok := s.Percentile(p)
	if !ok {
		return "-"
	}
	return d.Round(time.Millisecond).String()
}

// Explain lists a recording's ground truth, inputs and the engine's
// replayed transitions side by side in time order, for a reader checking
// a score.
func Explain(cast *asciicast.Cast, opts ...recordings.ReplayOption) (string, error) {
	rep, err := recordings.Replay(cast, opts...)
	if err != nil {
		return "", err
	}
	defer rep.Close()
	type line struct {
		at   time.Duration
		text string
	}
	var lines []line
	for _, e := range cast.Events {
		switch e.Kind {
		case asciicast.Marker:
			lines = append(lines, line{e.Time, "TRUTH " + e.Data})
		case asciicast.Input:
			lines = append(lines, line{e.Time, fmt.Sprintf("input %q", e.Data)})
		}
	}
	for _, tr := range rep.Run() {
		text := fmt.Sprintf("engine %s: %s", tr.State, tr.Reason)
		if tr.Prompt != nil {
			text += " (" + tr.Prompt.String() + ")"
		}
		lines = append(lines, line{tr.Time.Sub(rep.Start()), text})
	}
	slices.SortStableFunc(lines, func(a, b line) int { return int(a.at - b.at) })
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%10s  %s\n", l.at.Round(time.Microsecond), l.text)
	}
	return b.String(), nil
}
