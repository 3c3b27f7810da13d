package agents_test

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// othersDir holds the recordings of the agent CLIs besides the three, made
// by `make record-agents` (others_test.go) with ground truth from the fake
// model: busy at Enter, ready where the reply's last byte was out and the
// reply was drawn, "prompt:question" on approval dialogs.
const othersDir = "../recordings/agents/generic"

// minRecordings is how many marked recordings each of the others needs:
// enough turns for a profile to be learnt from them.
const minRecordings = 3

// TestOthersReplay scores the others' recordings with the generic profile,
// by replay, and compares the table with othersDir/replay-score.golden.
// The golden pins today's scores, premature decisions included: it is a
// measurement, not a claim that they are right. After an engine change:
// go test ./agents -run TestOthersReplay -update, and read the diff.
func TestOthersReplay(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	files, err := filepath.Glob(filepath.Join(othersDir, "*.cast"))
	if err != nil {
		t.Fatal(err)
	}
	perRuntime := map[string]int{}
	total := map[string]*corpus.Score{} // per runtime, the engine's scores summed
	var rows []corpus.Row
	var said strings.Builder
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".cast")
		rt, _, _ := strings.Cut(name, "-")
		pkg, ok := agents.Lookup(rt)
		if !ok {
			t.Errorf("%s: no pinned agent %q", f, rt)
			continue
		}
		perRuntime[rt]++
		cast, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		scores, err := corpus.ReplayScores(cast, recordings.WithRuntime(agents.GenericProfile))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		e := scores[0]
		if e.Turns < 2 {
			t.Errorf("%s: %d ground-truth turns, want at least 2", f, e.Turns)
		}
		if strings.Contains(name, "approval") && e.Questions == 0 {
			t.Errorf("%s: no approval dialog marked as a question", f)
		}
		sum := total[rt]
		if sum == nil {
			sum = &corpus.Score{Detector: rt}
			total[rt] = sum
		}
		sum.Turns += e.Turns
		sum.Premature += e.Premature
		sum.Missed += e.Missed
		sum.Latencies = append(sum.Latencies, e.Latencies...)
		sum.Questions += e.Questions
		sum.Parsed += e.Parsed
		rows = append(rows, corpus.Row{Scenario: name, Library: pkg.Name + " " + pkg.Version, Truth: "model", Scores: scores})
		if err := engineAtQuestions(&said, name, cast); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	for _, p := range agents.Others {
		if n := perRuntime[p.Runtime]; n < minRecordings {
			t.Errorf("%s: %d recordings in %s, want at least %d (make record-agents)", p.Runtime, n, othersDir, minRecordings)
		}
	}
	var buf bytes.Buffer
	if err := corpus.WriteTable(&buf, rows); err != nil {
		t.Fatal(err)
	}
	buf.WriteString("\nPer agent (engine, generic profile)\n")
	if err := writeTotals(&buf, total); err != nil {
		t.Fatal(err)
	}
	buf.WriteString("\nApproval dialogs: the engine's first waiting state after the dialog was drawn, or its state when the test answered it\n")
	buf.WriteString(said.String())
	t.Logf("others, generic profile:\n%s", buf.String())
	g := goldie.New(t, goldie.WithFixtureDir(othersDir), goldie.WithNameSuffix(".golden"))
	g.Assert(t, "replay-score", buf.Bytes())
}

// writeTotals prints one line per agent of the others: its turns,
// premature and missed decisions, latency percentiles and approval dialogs
// recognised as questions with options.
func writeTotals(w io.Writer, total map[string]*corpus.Score) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "agent\tturns\tpremature\tmissed\tp50\tp95\tmax\tapprovals as questions")
	for _, p := range agents.Others {
		s := total[p.Runtime]
		if s == nil {
			continue
		}
		pct := func(q float64) string {
			d, ok := s.Percentile(q)
			if !ok {
				return "-"
			}
			return d.Round(time.Millisecond).String()
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t%s\t%d/%d\n", p.Runtime, s.Turns, s.Premature, s.Missed, pct(50), pct(95), pct(100), s.Parsed, s.Questions)
	}
	return tw.Flush()
}

// engineAtQuestions writes, for each approval dialog of a recording, what
// the replayed engine made of it: its first waiting state between the
// dialog's truth and the answer, with the options it parsed, or the state
// it was in when the answer came.
func engineAtQuestions(w *strings.Builder, name string, cast *asciicast.Cast) error {
	rep, err := recordings.Replay(cast, recordings.WithRuntime(agents.GenericProfile))
	if err != nil {
		return err
	}
	defer rep.Close()
	timeline := rep.Run()
	truth := corpus.Truth(cast)
	for i, m := range truth {
		if m.Data != corpus.MarkPrompt+"question" {
			continue
		}
		until := time.Duration(1<<62 - 1)
		for _, n := range truth[i+1:] {
			if n.Data == recordings.MarkBusy {
				until = n.Time
				break
			}
		}
		// The state the dialog found (an earlier waiting state counts: it
		// was premature, and still says waiting), else the first waiting
		// one before the answer.
		var found *ready.Transition
		var last ready.Transition
		for _, tr := range timeline {
			at := tr.Time.Sub(rep.Start())
			if at > until {
				break
			}
			if at+10*time.Millisecond >= m.Time {
				if last.State.Waiting() {
					found = &last
					break
				}
				if tr.State.Waiting() {
					found = &tr
					break
				}
			}
			last = tr
		}
		if found == nil {
			fmt.Fprintf(w, "%s at %v: never waiting; %s (%s)\n", name, m.Time.Round(time.Millisecond), last.State, last.Reason)
			continue
		}
		late := max(found.Time.Sub(rep.Start())-m.Time, 0)
		fmt.Fprintf(w, "%s at %v: %s %v later (%s)", name, m.Time.Round(time.Millisecond), found.State, late.Round(time.Millisecond), found.Reason)
		if p := found.Prompt; p != nil && len(p.Options) > 0 {
			fmt.Fprintf(w, " options %q", p.Options)
		}
		w.WriteString("\n")
	}
	return nil
}
