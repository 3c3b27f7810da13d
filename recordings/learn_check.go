package recordings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// Score is how a profile fares on one marked recording: ready declared
// while truly busy (premature), true ready moments never declared
// (missed), and the latency from each true ready moment to the engine's.
type Score struct {
	Recording string   `json:"recording"`
	Profile   string   `json:"profile"`
	Turns     int      `json:"turns"`
	Premature int      `json:"premature"`
	Missed    int      `json:"missed"`
	P50       Duration `json:"p50"`
	Max       Duration `json:"max"`
}

// ScoreProfile replays a marked recording with p and judges its decisions
// against the markers, as Calibrate does.
func ScoreProfile(m Marked, p ready.Profile) (Score, error) {
	rep, err := Replay(m.Cast, WithProfile(p))
	if err != nil {
		return Score{}, fmt.Errorf("%s: %w", m.Name, err)
	}
	defer rep.Close()
	return judgeScore(m, p, rep.Run(), rep.Start()), nil
}

// judgeScore scores a replay's timeline against the recording's markers.
func judgeScore(m Marked, p ready.Profile, tl []ready.Transition, start time.Time) Score {
	var c Calibration
	truth := truthOf(m.Cast)
	for _, t := range truth {
		if t.ready {
			c.Turns++
		}
	}
	c.judge(tl, truth, start)
	s := Score{Recording: m.Name, Profile: p.Name, Turns: c.Turns, Premature: c.Premature, Missed: c.Missed, P50: Duration(c.Percentile(50))}
	for _, l := range c.Latencies {
		s.Max = max(s.Max, l)
	}
	return s
}

func truthOf(c *asciicast.Cast) []truthMark {
	var out []truthMark
	for _, e := range c.Events {
		if e.Kind == asciicast.Marker && (e.Data == MarkReady || e.Data == MarkBusy) {
			out = append(out, truthMark{at: e.Time, ready: e.Data == MarkReady})
		}
	}
	return out
}

// scorer scores recordings with profiles, each pair once: the folds of a
// leave-one-out check mostly learn the same profile, and generic is scored
// on every recording.
type scorer struct {
	mu    sync.Mutex
	cache map[scoreKey]*pending
	// streams are the recordings' streams (learn_stream.go): a profile is
	// scored on one by an engine alone, without drawing the screens again.
	streams map[*asciicast.Cast]*stream
}

// pending is a score being made or made: folds scored in parallel that ask
// for the same pair wait for the one replay.
type pending struct {
	done  chan struct{}
	score Score
	err   error
}

type scoreKey struct {
	rec     *asciicast.Cast // not the name: two files may share one
	profile string          // the profile as JSON
}

func newScorer() *scorer { return &scorer{cache: map[scoreKey]*pending{}} }

func (sc *scorer) key(m Marked, p ready.Profile) (scoreKey, error) {
	// Names and descriptions do not decide: a profile learnt from other
	// recordings that came to the same rules scores the same.
	p.Name, p.Description = "", ""
	js, err := json.Marshal(p)
	if err != nil {
		return scoreKey{}, err
	}
	return scoreKey{m.Cast, string(js)}, nil
}

// seed keeps a score made elsewhere: the evidence's replay with generic.
func (sc *scorer) seed(m Marked, p ready.Profile, s Score) {
	if k, err := sc.key(m, p); err == nil {
		s.Profile = ""
		done := make(chan struct{})
		close(done)
		sc.mu.Lock()
		sc.cache[k] = &pending{done: done, score: s}
		sc.mu.Unlock()
	}
}

func (sc *scorer) score(m Marked, p ready.Profile) (Score, error) {
	k, err := sc.key(m, p)
	if err != nil {
		return Score{}, err
	}
	sc.mu.Lock()
	pd, ok := sc.cache[k]
	if !ok {
		pd = &pending{done: make(chan struct{})}
		sc.cache[k] = pd
	}
	sc.mu.Unlock()
	if !ok {
		if st := sc.streams[m.Cast]; st != nil {
			pd.score, pd.err = st.score(m, p)
		} else {
			pd.score, pd.err = ScoreProfile(m, p)
		}
		pd.score.Profile = "" // the caller's name for it, below
		close(pd.done)
	}
	<-pd.done
	if pd.err != nil {
		return Score{}, pd.err
	}
	s := pd.score
	s.Profile = p.Name
	return s, nil
}

// all scores every recording with p, in parallel.
func (sc *scorer) all(recs []Marked, p ready.Profile) ([]Score, error) {
	out := make([]Score, len(recs))
	err := parallel(len(recs), func(i int) error {
		s, err := sc.score(recs[i], p)
		out[i] = s
		return err
	})
	return out, err
}

// parallel runs f(0..n-1) on as many goroutines as there are CPUs and
// returns the errors joined, in index order.
func parallel(n int, f func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

// HeldOut is one row of a leave-one-out check: a recording scored with the
// profile learnt from all the others, beside generic and, when given, the
// hand-made profile.
type HeldOut struct {
	Recording string `json:"recording"`
	Learned   Score  `json:"learned"`
	Generic   Score  `json:"generic"`
	Hand      *Score `json:"hand,omitempty"`
}

// LeaveOneOut learns from all recordings but one, scores the one left out,
// and does so for each. hand, when not nil, is scored beside. It needs at
// least two recordings.
func LeaveOneOut(name string, recs []Marked, hand *ready.Profile, opts ...LearnOption) ([]HeldOut, error) {
	if len(recs) < 2 {
		return nil, fmt.Errorf("recordings: leave-one-out needs at least 2 recordings, got %d", len(recs))
	}
	evs, err := collectAll(recs)
	if err != nil {
		return nil, err
	}
	return leaveOneOut(name, recs, evs, hand, newLearnConfig(opts), seeded(recs, evs))
}

// LearnAndCheck is Learn followed by LeaveOneOut (when there are two or
// more recordings), sharing the replays they have in common: what
// calibrate --learn runs.
func LearnAndCheck(name string, recs []Marked, hand *ready.Profile, opts ...LearnOption) (*Learned, []HeldOut, error) {
	evs, err := collectAll(recs)
	if err != nil {
		return nil, nil, err
	}
	cfg, sc := newLearnConfig(opts), seeded(recs, evs)
	if len(recs) < 2 {
		l, err := learnFrom(name, recs, evs, cfg, sc)
		return l, nil, err
	}
	// The profile from every recording and the folds are learnt at once:
	// they share the scorer, so a replay one of them needs is made once.
	var l *Learned
	var rows []HeldOut
	err = parallel(2, func(i int) error {
		var err error
		if i == 0 {
			l, err = learnFrom(name, recs, evs, cfg, sc)
		} else {
			rows, err = leaveOneOut(name, recs, evs, hand, cfg, sc)
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return l, rows, nil
}

func leaveOneOut(name string, recs []Marked, evs []*evidence, hand *ready.Profile, cfg learnConfig, sc *scorer) ([]HeldOut, error) {
	// One fold per recording, in parallel: each learns from the others
	// and scores the one left out, beside generic and the hand-made
	// profile.
	out := make([]HeldOut, len(recs))
	err := parallel(len(recs), func(i int) error {
		trainRecs := append(append([]Marked{}, recs[:i]...), recs[i+1:]...)
		trainEvs := append(append([]*evidence{}, evs[:i]...), evs[i+1:]...)
		l, err := learnFrom(name, trainRecs, trainEvs, cfg, sc)
		if err != nil {
			return fmt.Errorf("recordings: leave-one-out without %s: %w", recs[i].Name, err)
		}
		out[i] = HeldOut{Recording: recs[i].Name}
		if out[i].Learned, err = sc.score(recs[i], l.Profile); err != nil {
			return err
		}
		if out[i].Generic, err = sc.score(recs[i], ready.Generic()); err != nil || hand == nil {
			return err
		}
		s, err := sc.score(recs[i], *hand)
		out[i].Hand = &s
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// WriteHeldOut renders a leave-one-out check as a table: per held-out
// recording, premature / missed / p50 for the learnt profile, generic and
// the hand-made one.
func WriteHeldOut(w io.Writer, rows []HeldOut) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	hand := len(rows) > 0 && rows[0].Hand != nil
	head := "held out\tturns\tlearnt early/missed/p50\tgeneric early/missed/p50"
	if hand {
		head += fmt.Sprintf("\t%s (given) early/missed/p50", rows[0].Hand.Profile)
	}
	fmt.Fprintln(tw, head+"\tverdict")
	for _, r := range rows {
		line := fmt.Sprintf("%s\t%d\t%s\t%s", r.Recording, r.Learned.Turns, r.Learned.cell(), r.Generic.cell())
		if hand {
			line += "\t" + r.Hand.cell()
		}
		fmt.Fprintln(tw, line+"\t"+r.verdict())
	}
	return tw.Flush()
}

func (s Score) cell() string { return fmt.Sprintf("%d / %d / %s", s.Premature, s.Missed, s.P50) }

// worse says whether s is worse than o: early or missing more often, or
// slower by more than 10 ms at the median.
func (s Score) worse(o Score) bool {
	if s.Premature != o.Premature {
		return s.Premature > o.Premature
	}
	if s.Missed != o.Missed {
		return s.Missed > o.Missed
	}
	return time.Duration(s.P50) > time.Duration(o.P50)+10*time.Millisecond
}

// verdict says whether the learnt profile meets the targets on this
// recording: never early, never missing, p50 ≤ 150 ms, not worse than
// generic.
func (r HeldOut) verdict() string {
	var bad []string
	if r.Learned.Premature > 0 {
		bad = append(bad, "early")
	}
	if r.Learned.Missed > 0 {
		bad = append(bad, "missed")
	}
	if time.Duration(r.Learned.P50).Round(time.Millisecond) > 150*time.Millisecond { // as the table shows it
		bad = append(bad, "p50 > 150ms")
	}
	if r.Learned.worse(r.Generic) {
		bad = append(bad, "worse than generic")
	}
	if len(bad) == 0 {
		return "ok"
	}
	return fmt.Sprint(bad)
}

// WriteRules renders the learnt rules as a table, refused ones marked.
func WriteRules(w io.Writer, rules []Rule) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "field\tvalue\tturns\trecordings\tkept\twhy")
	for _, r := range rules {
		kept := "yes"
		if r.OneRecording {
			kept = "yes (1 recording)"
		}
		if !r.Kept {
			kept = "REFUSED"
		}
		if r.Info {
			kept = "info"
			if len(r.Recordings) < 2 {
				kept = "info (1 recording)"
			}
		}
		turns := "-"
		if r.Of > 0 {
			turns = fmt.Sprintf("%d/%d", r.Turns, r.Of)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Field, r.Value, turns, strings.Join(r.Recordings, ","), kept, r.Why)
	}
	return tw.Flush()
}

// WriteScores renders scores as a table.
func WriteScores(w io.Writer, scores []Score) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "recording\tprofile\tturns\tearly\tmissed\tp50\tmax")
	for _, s := range scores {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\t%s\n", s.Recording, s.Profile, s.Turns, s.Premature, s.Missed, s.P50, s.Max)
	}
	return tw.Flush()
}

// Save writes the learnt profile to path as JSON, the form
// ready.LoadProfile, termtest.WithRuntime and ttyrig replay --runtime
// read; atomically, so a test never loads half a profile.
func (l *Learned) Save(path string) error {
	data, err := l.ProfileJSON()
	if err != nil {
		return err
	}
	return writeAtomic(path, data, 0o644)
}

// ProfileJSON returns the learnt profile as indented JSON.
func (l *Learned) ProfileJSON() ([]byte, error) {
	data, err := json.MarshalIndent(l.Profile, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("recordings: profile %s: %w", l.Profile.Name, err)
	}
	return append(data, '\n'), nil
}

// seeded is a scorer that knows generic's scores from the replays that
// collected the evidence.
func seeded(recs []Marked, evs []*evidence) *scorer {
	sc := newScorer()
	sc.streams = make(map[*asciicast.Cast]*stream, len(evs))
	for i, e := range evs {
		sc.seed(recs[i], ready.Generic(), e.generic)
		sc.streams[recs[i].Cast] = e.stream
	}
	return sc
}
