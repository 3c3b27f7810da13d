package recordings

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// Marked is a recording with ground-truth markers ("ready", "busy", and
// optionally "question" or "prompt:question" beside a ready one) to learn
// a profile from.
type Marked struct {
	Name string // how rules and tables refer to it, usually the file's base name
	Cast *asciicast.Cast
}

// ReadMarked reads the marked recordings at paths, naming each by its base
// name without ".cast".
func ReadMarked(paths ...string) ([]Marked, error) {
	out := make([]Marked, 0, len(paths))
	for _, p := range paths {
		c, err := asciicast.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, Marked{Name: baseName(p), Cast: c})
	}
	return out, nil
}

func baseName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		path = path[i+1:]
	}
	return strings.TrimSuffix(path, ".cast")
}

// Rule is one thing the learner concluded, with the evidence for it: how
// many turns show it, out of how many it was looked for in, and which
// recordings they came from. A rule seen in fewer recordings than the
// learner's minimum is refused (Kept false) and says so.
type Rule struct {
	Field      string   `json:"field"` // the profile field it sets: "cursor.min_col", "busy", "quiet"…
	Value      string   `json:"value"`
	Turns      int      `json:"turns"` // turns that support it
	Of         int      `json:"of"`    // turns it was looked for in
	Recordings []string `json:"recordings"`
	Kept       bool     `json:"kept"`
	// OneRecording marks a rule kept on one recording's evidence alone.
	OneRecording bool `json:"one_recording,omitempty"`
	// Info marks what the recordings show that no profile field takes:
	// evidence for the reader, not part of the profile.
	Info bool   `json:"info,omitempty"`
	Why  string `json:"why"`
}

// Learned is a profile learnt from marked recordings, with its rules and
// how it fares on the recordings it was learnt from.
type Learned struct {
	Profile ready.Profile `json:"profile"`
	Rules   []Rule        `json:"rules"`
	Fit     []Score       `json:"fit"` // on the training recordings themselves
}

// LearnOption configures Learn.
type LearnOption func(*learnConfig)

type learnConfig struct {
	minRecordings int
	margin        float64
	minQuiet      time.Duration
	// goneAtInput lets busyGone select busy-gone for a cursor that sits
	// at its input position while busy too (learn_atinput.go).
	goneAtInput bool
}

// WithMinRecordings sets how many recordings must show a rule for it to be
// kept (default 2): a rule one recording alone supports may be that
// session's accident.
func WithMinRecordings(n int) LearnOption {
	return func(c *learnConfig) { c.minRecordings = max(n, 1) }
}

// WithMargin sets the margin added to the longest silence seen while busy
// to make a quiet window (default 0.25: 25 % more, plus 10 ms).
func WithMargin(f float64) LearnOption { return func(c *learnConfig) { c.margin = max(f, 0) } }

// Learn derives a profile named name from marked recordings. The profile
// extends generic: what it does not learn keeps generic's value. Errors
// name the recording and what it lacks.
func Learn(name string, recs []Marked, opts ...LearnOption) (*Learned, error) {
	evs, err := collectAll(recs)
	if err != nil {
		return nil, err
	}
	return learnFrom(name, recs, evs, newLearnConfig(opts), seeded(recs, evs))
}

// fitRounds bounds how often the learner lengthens its quiet window when
// the profile is early on its own training recordings.
const fitRounds = 3

// learnFrom learns from evidence already collected, then replays the
// training recordings with the result: a profile that is early on them has
// its quiet window lengthened by half, up to fitRounds times.
func learnFrom(name string, recs []Marked, evs []*evidence, cfg learnConfig, sc *scorer) (*Learned, error) {
	for round := 0; ; round++ {
		l := learn(name, evs, cfg)
		if err := l.Profile.Validate(); err != nil {
			return nil, fmt.Errorf("recordings: learnt profile %s is invalid: %w", name, err)
		}
		fit, err := sc.all(recs, l.Profile)
		if err != nil {
			return nil, err
		}
		l.Fit = fit
		early := 0
		for _, s := range fit {
			early += s.Premature
		}
		if early == 0 && round == 0 {
			if err := l.shortenQuiet(recs, cfg, sc); err != nil {
				return nil, err
			}
			if l, err = l.goneAtInputIfSlow(name, recs, evs, cfg, sc); err != nil {
				return nil, err
			}
			if err := l.goneSettle(recs, evs, cfg, sc); err != nil {
				return nil, err
			}
		}
		if early == 0 || round == fitRounds {
			if round > 0 {
				l.Rules = append(l.Rules, Rule{Field: "quiet", Value: l.Profile.Quiet.String(), Kept: true, Recordings: markedNames(recs),
					Why: fmt.Sprintf("lengthened %d time(s) by half: shorter windows were early on the training recordings", round)})
			}
			return l, l.notWorseThanGeneric(recs, evs, sc)
		}
		cfg.minQuiet = l.Profile.Quiet.D() * 3 / 2
	}
}

func newLearnConfig(opts []LearnOption) learnConfig {
	cfg := learnConfig{minRecordings: 2, margin: 0.25, minQuiet: ready.Generic().Quiet.D()}
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

func collectAll(recs []Marked) ([]*evidence, error) {
	if len(recs) == 0 {
		return nil, errors.New("recordings: learn: no recordings")
	}
	evs := make([]*evidence, len(recs))
	err := parallel(len(recs), func(i int) error {
		var err error
		evs[i], err = collect(recs[i].Name, recs[i].Cast)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("recordings: learn: %w", err)
	}
	return evs, nil
}

// learner accumulates rules as it derives the profile's fields.
type learner struct {
	cfg   learnConfig
	evs   []*evidence
	p     ready.Profile
	rules []Rule
	gone  bool // busy-gone selected: the cursor does not tell busy screens apart
}

func learn(name string, evs []*evidence, cfg learnConfig) *Learned {
	l := &learner{cfg: cfg, evs: evs, p: ready.Generic()}
	l.p.Name, l.p.Extends = name, "generic"
	l.p.Description = fmt.Sprintf("learnt by ttyrig calibrate --learn from %d recordings (%s)", len(evs), strings.Join(l.names(), ", "))
	l.cursor()
	l.drawnCursor()
	l.busy()
	l.idle()
	l.question()
	l.notify()
	l.busyGone()
	l.quiet()
	return &Learned{Profile: l.p, Rules: l.rules}
}

func (l *learner) names() []string {
	out := make([]string, len(l.evs))
	for i, e := range l.evs {
		out[i] = e.name
	}
	return out
}

func (l *learner) turns() int {
	n := 0
	for _, e := range l.evs {
		n += len(e.turns)
	}
	return n
}

// add records a rule, refusing it when too few recordings support it.
func (l *learner) add(r Rule, recs map[string]bool) bool {
	r.Recordings = sortedKeys(recs)
	r.Kept = len(r.Recordings) >= l.cfg.minRecordings
	if !r.Kept && r.Field == "signals" && r.Turns >= 2 {
		// A signal that waits for the screen to agree (notify) cannot
		// override busy evidence: one recording's several turns keep it,
		// marked so.
		r.Kept, r.OneRecording = true, true
		r.Why = fmt.Sprintf("kept, but seen in %d recording(s) only (want %d): %s", len(r.Recordings), l.cfg.minRecordings, r.Why)
		l.rules = append(l.rules, r)
		return true
	}
	if !r.Kept && !r.Info {
		r.Why = fmt.Sprintf("refused: seen in %d recording(s), want %d; %s", len(r.Recordings), l.cfg.minRecordings, r.Why)
	}
	if r.Info {
		r.Kept = false
	}
	l.rules = append(l.rules, r)
	return r.Kept
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func markedNames(recs []Marked) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.Name
	}
	return out
}
