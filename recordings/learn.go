package recordings

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
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
	OneRecording bool   `json:"one_recording,omitempty"`
	Why          string `json:"why"`
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
	return learnFrom(name, recs, evs, newLearnConfig(opts), newScorer())
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
}

func learn(name string, evs []*evidence, cfg learnConfig) *Learned {
	l := &learner{cfg: cfg, evs: evs, p: ready.Generic()}
	l.p.Name, l.p.Extends = name, "generic"
	l.p.Description = fmt.Sprintf("learnt by ttyrig calibrate --learn from %d recordings (%s)", len(evs), strings.Join(l.names(), ", "))
	l.cursor()
	l.busy()
	l.idle()
	l.question()
	l.notify()
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
	if !r.Kept {
		r.Why = fmt.Sprintf("refused: seen in %d recording(s), want %d; %s", len(r.Recordings), l.cfg.minRecordings, r.Why)
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

// cursor learns where the program waits: the leftmost idle column, whether
// it hides the terminal cursor there, and how many rows sit below it.
func (l *learner) cursor() {
	gen := ready.Generic().Cursor
	minCol, hidden, parked, footer := 0, 0, 0, 0
	recs, hrecs := map[string]bool{}, map[string]bool{}
	n := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			n++
			footer = max(footer, t.idle.rowUp)
			// A hidden cursor left of generic's input columns is parked
			// (at column 1, say), not at an input position: a program that
			// draws everything itself (a full-screen TUI).
			if !t.idle.visible && t.idle.col < gen.MinCol {
				parked++
				continue
			}
			recs[e.name] = true
			if minCol == 0 || t.idle.col < minCol {
				minCol = t.idle.col
			}
			if !t.idle.visible {
				hidden++
				hrecs[e.name] = true
			}
		}
	}
	if parked > 0 {
		l.rules = append(l.rules, Rule{Field: "cursor.min_col", Value: "-", Turns: parked, Of: n, Recordings: l.names(),
			Why: fmt.Sprintf("not learnt from the %d ready moment(s) where the cursor was hidden left of column %d: parked, not at an input position", parked, gen.MinCol)})
	}
	switch {
	case minCol < 1:
	case minCol < gen.MinCol:
		// Lower than generic's: the cursor signal would never fire at
		// this program's prompt.
		if l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(minCol), Turns: n - parked, Of: n,
			Why: fmt.Sprintf("the leftmost cursor column at a ready moment (just before the next input), left of generic's %d", gen.MinCol)}, recs) {
			l.p.Cursor.MinCol = minCol
		}
	case minCol > gen.MinCol:
		// Higher than generic's only where that matters: busy screens
		// the program paused on with the cursor between the two.
		below, brecs := 0, map[string]bool{}
		for _, e := range l.evs {
			for _, t := range e.turns {
				for i, b := range t.busy {
					if pausedAfter(t, i) && b.col >= gen.MinCol && b.col < minCol && (b.visible || hidden > 0) {
						below++
						brecs[e.name] = true
					}
				}
			}
		}
		if below == 0 {
			l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(gen.MinCol), Turns: n - parked, Of: n,
				Why: fmt.Sprintf("generic's kept: the cursor waits at column %d or right of it, and no busy screen had it between %d and %d, so a higher bound would only risk missing a prompt further left", minCol, gen.MinCol, minCol)}, recs)
			break
		}
		if l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(minCol), Turns: n - parked, Of: n,
			Why: fmt.Sprintf("the leftmost cursor column at a ready moment; %d busy screens the program paused on had the cursor left of it (recordings %s)", below, strings.Join(sortedKeys(brecs), ", "))}, recs) {
			l.p.Cursor.MinCol = minCol
		}
	default:
		l.add(Rule{Field: "cursor.min_col", Value: fmt.Sprint(minCol), Turns: n - parked, Of: n,
			Why: "the leftmost cursor column at a ready moment (just before the next input), as generic's"}, recs)
	}
	if hidden > 0 && l.add(Rule{Field: "cursor.hidden", Value: "true", Turns: hidden, Of: n,
		Why: "the terminal cursor was hidden at an input position at a ready moment: the program draws its own"}, hrecs) {
		l.p.Cursor.Hidden = true
	}
	all := map[string]bool{}
	for _, name := range l.names() {
		all[name] = true
	}
	if l.add(Rule{Field: "cursor.footer", Value: fmt.Sprint(max(footer, gen.Footer)), Turns: n, Of: n,
		Why: fmt.Sprintf("at most %d rows of text below the cursor at a ready moment; never fewer than generic's %d", footer, gen.Footer)}, all) {
		l.p.Cursor.Footer = max(footer, gen.Footer)
	}
}

// candidate is one fragment shape and where it was seen.
type candidate struct {
	key     string
	glyphs  map[rune]bool
	turns   map[turnRef]bool
	paused  map[sampleRef]bool // the busy screens the program paused on that show it
	recs    map[string]bool
	samples int
	depth   int // the most lines from the bottom it was seen at (1 = last line)
}

// turnRef names one turn of one recording.
type turnRef struct {
	rec  string
	turn int
}

// sampleRef names one busy screen of one turn.
type sampleRef struct {
	turnRef
	i int
}

// collectFragments counts the fragments of the last lines of samples.
// pausedAt, when not nil, names the sample as a busy screen the program
// paused on.
func collectFragments(into map[string]*candidate, cache map[string]map[string]rune, s sample, name string, turn int, pausedAt *sampleRef) {
	for i, line := range s.lines {
		fr, ok := cache[line]
		if !ok {
			fr = fragments(line)
			cache[line] = fr
		}
		depth := len(s.lines) - i
		for key, g := range fr {
			c := into[key]
			if c == nil {
				c = &candidate{key: key, glyphs: map[rune]bool{}, turns: map[turnRef]bool{}, recs: map[string]bool{}, paused: map[sampleRef]bool{}}
				into[key] = c
			}
			if pausedAt != nil {
				c.paused[*pausedAt] = true
			}
			c.glyphs[g] = true
			c.turns[turnRef{name, turn}] = true
			c.recs[name] = true
			c.samples++
			c.depth = max(c.depth, depth)
		}
	}
}

// pattern is the candidate's regular expression, its glyph slot filled.
func (c *candidate) pattern() string {
	return strings.ReplaceAll(c.key, glyphSlot, glyphClass(c.glyphs))
}

// matchesAny says whether re matches a line in the last n lines (or the
// title) of any of the samples.
func matchesAny(re *regexp.Regexp, region ready.Region, samples ...sample) bool {
	for _, s := range samples {
		if inRegion(re, region, s) {
			return true
		}
	}
	return false
}

func inRegion(re *regexp.Regexp, region ready.Region, s sample) bool {
	if region.Kind == ready.RegionTitle {
		return re.MatchString(s.title)
	}
	lines := s.lines
	if region.Kind == ready.RegionLastLines && len(lines) > region.Lines {
		lines = lines[len(lines)-region.Lines:]
	}
	for _, line := range lines {
		if re.MatchString(line) {
			return true
		}
	}
	return false
}

// maxBusyMarkers bounds the learnt busy markers: the best few cover the
// busy screens; more only slow every decision.
const maxBusyMarkers = 4

// busy learns the text present while busy and absent when ready: spinner
// lines, interrupt hints, timers, as generalised patterns, and the title's
// spinner glyphs.
func (l *learner) busy() {
	busyTurns := 0
	support := map[string]int{} // turns showing each fragment: recordings' turns are disjoint
	for _, e := range l.evs {
		for _, t := range e.turns {
			if len(t.busy) > 0 {
				busyTurns++
			}
		}
		for k, c := range e.busyFragments() {
			support[k] += len(c.turns)
		}
	}
	// Only those in at least half the busy turns are merged: a
	// leave-one-out check merges once per recording.
	cands := map[string]*candidate{}
	for _, e := range l.evs {
		for k, c := range e.busyFragments() {
			if 2*support[k] >= busyTurns {
				mergeCandidates(cands, map[string]*candidate{k: c})
			}
		}
	}
	type scored struct {
		c *candidate
		m ready.Marker
	}
	var good []*scored
	for _, c := range cands {
		// Present in at least half the busy turns, never where it waits.
		if 2*len(c.turns) < busyTurns {
			continue
		}
		region := ready.LastLines(min(c.depth+2, sampleLines))
		pat := c.pattern()
		seen, err := l.seenWaiting(pat, region)
		if err != nil || seen {
			continue
		}
		good = append(good, &scored{c: c, m: ready.Marker{Pattern: pat, Region: region}})
	}
	// The most samples first; the shorter pattern on a tie.
	sort.Slice(good, func(i, j int) bool {
		if good[i].c.samples != good[j].c.samples {
			return good[i].c.samples > good[j].c.samples
		}
		return good[i].m.Pattern < good[j].m.Pattern
	})
	// Greedily, the marker that shows the most busy screens the program
	// paused on (where a quiet window could be mistaken for ready) that no
	// marker chosen so far shows: busy phases (thinking, running a tool)
	// each get theirs before a second pattern for one phase. Once every
	// paused screen is shown, the rest by samples: redundancy for sessions
	// not seen.
	covered, chosen := map[sampleRef]bool{}, map[string]bool{}
	var markers []ready.Marker
	for len(markers) < maxBusyMarkers && len(good) > 0 {
		best, bestNew := 0, 0
		for i, g := range good {
			n := 0
			for p := range g.c.paused {
				if !covered[p] {
					n++
				}
			}
			if n > bestNew {
				best, bestNew = i, n
			}
		}
		if bestNew == 0 {
			// Nothing new to show: the next by samples that is not another
			// shape of a chosen spinner line.
			best = -1
			for i, g := range good {
				if !chosen[g.c.family()] {
					best = i
					break
				}
			}
			if best < 0 {
				break
			}
		}
		g := good[best]
		good = append(good[:best], good[best+1:]...)
		chosen[g.c.family()] = true
		for p := range g.c.paused {
			covered[p] = true
		}
		g.m.Name = g.c.name()
		if l.add(Rule{Field: "busy", Value: fmt.Sprintf("%s (%s)", g.m.Pattern, g.m.Region), Turns: len(g.c.turns), Of: busyTurns,
			Why: fmt.Sprintf("on %d busy screens (%d the program paused on), on no ready one", g.c.samples, len(g.c.paused))}, g.c.recs) {
			markers = append(markers, g.m)
		}
	}
	if m, ok := l.titleGlyphs("busy", busyTurns); ok {
		markers = append(markers, m)
	}
	if len(markers) > 0 {
		// Generic's markers stay too: they count only while repainted.
		l.p.Busy = append(markers, ready.Generic().Busy...)
	}
}

// titleGlyphs learns a title that starts with a glyph only while busy
// (want "busy") or only while waiting (want "idle").
func (l *learner) titleGlyphs(want string, of int) (ready.Marker, bool) {
	busyFirst, waitFirst := map[rune]bool{}, map[rune]bool{}
	recs := map[string]bool{}
	turns := map[turnRef]bool{}
	waitTurns, allWait := 0, true
	for _, e := range l.evs {
		for _, t := range e.turns {
			for i, s := range t.busy {
				if want == "idle" && !pausedAfter(t, i) {
					continue
				}
				if r, ok := firstGlyph(s.title); ok {
					busyFirst[r] = true
					if want == "busy" {
						recs[e.name], turns[turnRef{e.name, t.index}] = true, true
					}
				}
			}
			for k, s := range []sample{t.early, t.idle} {
				r, ok := firstGlyph(s.title)
				if ok {
					waitFirst[r] = true
				}
				if want == "idle" && k == 1 {
					if ok {
						recs[e.name], turns[turnRef{e.name, t.index}] = true, true
						waitTurns++
					} else {
						allWait = false
					}
				}
			}
		}
	}
	own, other := busyFirst, waitFirst
	if want == "idle" {
		own, other = waitFirst, busyFirst
		if !allWait {
			return ready.Marker{}, false
		}
	}
	seen := map[rune]bool{}
	for r := range own {
		if !other[r] {
			seen[r] = true
		}
	}
	if len(seen) == 0 || len(seen) != len(own) {
		return ready.Marker{}, false // some glyph is seen both busy and waiting
	}
	m := ready.Marker{Name: "title " + want, Pattern: "^" + glyphClass(seen), Region: ready.Title}
	if want == "idle" {
		of = l.turns()
	}
	ok := l.add(Rule{Field: want, Value: fmt.Sprintf("%s (title)", m.Pattern), Turns: len(turns), Of: of,
		Why: fmt.Sprintf("the title starts with one of these glyphs only while %s", map[string]string{"busy": "busy", "idle": "ready"}[want])}, recs)
	return m, ok
}

func firstGlyph(title string) (rune, bool) {
	for _, r := range title {
		return r, isGlyph(r)
	}
	return 0, false
}

// name is how the candidate reads as a marker name: "spinner verb…",
// "esc to cancel, Ns".
func (c *candidate) name() string {
	glyph := "symbol"
	for r := range c.glyphs {
		if isSpinner(r) {
			glyph = "spinner"
		}
	}
	s := strings.NewReplacer(`^[\s│┃|]*`, "", `(\s|$)`, "", `\b`, "", glyphSlot, glyph, `\s+`, " ", `\p{L}+`, "verb", `\d+`, "N", `\`, "").Replace(c.key)
	return strings.TrimSpace(s)
}

// idle learns text present at every ready moment and on no busy screen.
func (l *learner) idle() {
	cands := map[string]*candidate{}
	cache := map[string]map[string]rune{}
	n := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			n++
			collectFragments(cands, cache, t.idle, e.name, t.index, nil)
		}
	}
	var busy []sample
	for _, e := range l.evs {
		for _, t := range e.turns {
			for i, s := range t.busy {
				if pausedAfter(t, i) {
					busy = append(busy, s)
				}
			}
		}
	}
	var markers []ready.Marker
	keys := sortedCandidates(cands)
	for _, c := range keys {
		if len(c.turns) < n || strings.Contains(c.key, glyphSlot) {
			continue
		}
		region := ready.LastLines(min(c.depth+2, sampleLines))
		re, err := regexp.Compile("(?m)" + c.pattern())
		if err != nil || matchesAny(re, region, busy...) || len(busy) == 0 {
			continue
		}
		m := ready.Marker{Name: c.name(), Pattern: c.pattern(), Region: region}
		if l.add(Rule{Field: "idle", Value: fmt.Sprintf("%s (%s)", m.Pattern, m.Region), Turns: len(c.turns), Of: n,
			Why: "at every ready moment, on no busy screen"}, c.recs) {
			markers = append(markers, m)
		}
		if len(markers) == 2 {
			break
		}
	}
	if m, ok := l.titleGlyphs("idle", n); ok {
		markers = append(markers, m)
	}
	if len(markers) > 0 {
		l.p.Idle = markers
	}
}

func sortedCandidates(m map[string]*candidate) []*candidate {
	out := make([]*candidate, 0, len(m))
	for _, c := range m {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].turns) != len(out[j].turns) {
			return len(out[i].turns) > len(out[j].turns)
		}
		return out[i].key < out[j].key
	})
	return out
}

// question learns text on the screens of ready moments marked as questions
// and on no other ready or busy screen.
func (l *learner) question() {
	cands := map[string]*candidate{}
	cache := map[string]map[string]rune{}
	var others []sample
	nq := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			for i, s := range t.busy {
				if pausedAfter(t, i) {
					others = append(others, s)
				}
			}
			if t.question {
				nq++
				collectFragments(cands, cache, t.idle, e.name, t.index, nil)
			} else {
				others = append(others, t.idle)
			}
		}
	}
	if nq == 0 {
		return
	}
	var markers []ready.Marker
	for _, c := range sortedCandidates(cands) {
		if 2*len(c.turns) < nq || strings.Contains(c.key, glyphSlot) {
			continue
		}
		region := ready.LastLines(min(c.depth+2, sampleLines))
		re, err := regexp.Compile("(?m)" + c.pattern())
		if err != nil || matchesAny(re, region, others...) {
			continue
		}
		m := ready.Marker{Name: "question", Pattern: c.pattern(), Region: region}
		if l.add(Rule{Field: "question", Value: fmt.Sprintf("%s (%s)", m.Pattern, m.Region), Turns: len(c.turns), Of: nq,
			Why: "on the screens of ready moments marked question, on no other"}, c.recs) {
			markers = append(markers, m)
		}
		if len(markers) == 3 {
			break
		}
	}
	if len(markers) > 0 {
		l.p.Question = append(markers, ready.Generic().Question...)
	}
}

// quiet learns the quiet windows: longer than every silence seen while the
// program was busy and nothing else (a busy marker, the cursor away from
// its input column) showed it, with the configured margin.
func (l *learner) quiet() {
	busy := compileMarkers(l.p.Busy)
	var longest, longestAny time.Duration
	where := ""
	recs := map[string]bool{}
	n := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			if len(t.gaps) == 0 {
				continue
			}
			n++
			recs[e.name] = true
			for i, g := range t.gaps {
				s := t.busy[i]
				if g <= longest {
					continue
				}
				if s.col < l.p.Cursor.MinCol || (!l.p.Cursor.Hidden && !s.visible) || coveredBy(busy, s) {
					continue
				}
				longest, where = g, fmt.Sprintf("%s turn %d at %.3fs", e.name, t.index, s.at.Seconds())
			}
			longestAny = max(longestAny, slices.Max(t.gaps))
		}
	}
	withMargin := func(d time.Duration) time.Duration {
		return (time.Duration(float64(d)*(1+l.cfg.margin)) + 10*time.Millisecond).Round(10 * time.Millisecond)
	}
	gen := ready.Generic()
	q := max(withMargin(longest), l.cfg.minQuiet)
	why := fmt.Sprintf("longest silence while busy with nothing else showing it: %v (%s); + %.0f%% + 10 ms; never below %v",
		longest.Round(time.Millisecond), where, 100*l.cfg.margin, l.cfg.minQuiet)
	if longest == 0 {
		why = fmt.Sprintf("every silence while busy was shown by a busy marker or the cursor; kept at %v", l.cfg.minQuiet)
	}
	if l.add(Rule{Field: "quiet", Value: q.String(), Turns: n, Of: l.turns(), Why: why}, recs) {
		l.p.Quiet = ready.Duration(q)
		l.p.Settle = ready.Duration(max(q, gen.Settle.D()))
	}
	s := max(withMargin(longestAny), gen.Silence.D(), l.p.Settle.D())
	if l.add(Rule{Field: "silence", Value: s.String(), Turns: n, Of: l.turns(),
		Why: fmt.Sprintf("longest silence while busy: %v; + margin; never below generic's %v", longestAny.Round(time.Millisecond), gen.Silence)}, recs) {
		l.p.Silence = ready.Duration(s)
	}
}

type compiled struct {
	re     *regexp.Regexp
	region ready.Region
}

func compileMarkers(ms []ready.Marker) []compiled {
	out := make([]compiled, 0, len(ms))
	for _, m := range ms {
		if m.Fresh > 0 {
			continue // counts only while repainted: it does not cover a silence
		}
		re, err := regexp.Compile("(?m)" + m.Pattern)
		if err != nil {
			continue
		}
		out = append(out, compiled{re: re, region: m.Region})
	}
	return out
}

func coveredBy(ms []compiled, s sample) bool {
	for _, m := range ms {
		if inRegion(m.re, m.region, s) {
			return true
		}
	}
	return false
}

func markedNames(recs []Marked) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.Name
	}
	return out
}

// idlePause is the silence after a busy screen from which an idle rule
// that matched it could mislead: an idle marker only lets a quiet window
// decide, so a busy screen redrawn sooner than this (the prompt still
// drawn in the moment before the program reacts to input) is no evidence
// against it.
const idlePause = 50 * time.Millisecond

// pausedAfter says whether the program paused after busy screen i long
// enough for an idle rule matching it to matter. The last screen before
// the ready marker is the one the program waits on: it says nothing
// against an idle rule.
func pausedAfter(t turn, i int) bool {
	return i < len(t.gaps) && t.gaps[i] > idlePause
}

// notify learns that the program notifies (BEL, OSC 9/777/99) at the end
// of its turns and never while busy: the "notify" signal then hastens the
// ready decision.
func (l *learner) notify() {
	recs := map[string]bool{}
	n, rang := 0, 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			n++
			if t.noisy {
				l.rules = append(l.rules, Rule{Field: "signals", Value: "notify", Recordings: []string{e.name},
					Why: fmt.Sprintf("refused: %s turn %d notified while busy", e.name, t.index)})
				return
			}
			if t.notified {
				rang++
				recs[e.name] = true
			}
		}
	}
	// Whether a CLI notifies is a setting of the session recorded, so
	// recordings without notifications are no evidence against it; one
	// while busy is (checked above).
	if rang < 2 {
		return
	}
	if l.add(Rule{Field: "signals", Value: "notify", Turns: rang, Of: n,
		Why: "a notification (BEL, OSC 9/777/99) at the end of turns, none while busy"}, recs) {
		l.p.Signals = append(l.p.Signals, ready.SignalSpec{Name: "notify"})
	}
}

// busyFragments counts the fragments of a recording's busy screens, once:
// a leave-one-out check learns from each recording many times.
func (e *evidence) busyFragments() map[string]*candidate {
	e.once.Do(func() {
		e.busyCands = map[string]*candidate{}
		cache := map[string]map[string]rune{}
		for _, t := range e.turns {
			for i, s := range t.busy {
				var at *sampleRef
				if pausedAfter(t, i) {
					at = &sampleRef{turnRef{e.name, t.index}, i}
				}
				collectFragments(e.busyCands, cache, s, e.name, t.index, at)
			}
		}
	})
	return e.busyCands
}

// mergeCandidates adds the counts of from to into.
func mergeCandidates(into, from map[string]*candidate) {
	for k, f := range from {
		c := into[k]
		if c == nil {
			c = &candidate{key: k, glyphs: map[rune]bool{}, turns: map[turnRef]bool{}, recs: map[string]bool{}, paused: map[sampleRef]bool{}}
			into[k] = c
		}
		for p := range f.paused {
			c.paused[p] = true
		}
		for g := range f.glyphs {
			c.glyphs[g] = true
		}
		for t := range f.turns {
			c.turns[t] = true
		}
		for r := range f.recs {
			c.recs[r] = true
		}
		c.samples += f.samples
		c.depth = max(c.depth, f.depth)
	}
}

// fieldGroups are the parts of a learnt profile that can be given back to
// generic one at a time, in the order they are tried.
var fieldGroups = []struct {
	name  string
	reset func(p *ready.Profile, g ready.Profile)
}{
	{"cursor", func(p *ready.Profile, g ready.Profile) { p.Cursor = g.Cursor }},
	{"quiet, settle, silence", func(p *ready.Profile, g ready.Profile) { p.Quiet, p.Settle, p.Silence = g.Quiet, g.Settle, g.Silence }},
	{"idle", func(p *ready.Profile, g ready.Profile) { p.Idle = g.Idle }},
	{"busy", func(p *ready.Profile, g ready.Profile) { p.Busy = g.Busy }},
	{"question", func(p *ready.Profile, g ready.Profile) { p.Question = g.Question }},
	{"signals", func(p *ready.Profile, g ready.Profile) { p.Signals = g.Signals }},
}

// notWorseThanGeneric gives parts of the profile back to generic while it
// does worse than generic on a training recording (more early or missed
// decisions, or slower at the median): the rules were each supported, but
// together they fit these recordings worse than knowing nothing.
func (l *Learned) notWorseThanGeneric(recs []Marked, evs []*evidence, sc *scorer) error {
	worse := func(fit []Score) []string {
		var out []string
		for i, s := range fit {
			if s.worse(evs[i].generic) {
				out = append(out, s.Recording)
			}
		}
		return out
	}
	bad := worse(l.Fit)
	for _, g := range fieldGroups {
		if len(bad) == 0 {
			return nil
		}
		p := l.Profile
		g.reset(&p, ready.Generic())
		fit, err := sc.all(recs, p)
		if err != nil {
			return err
		}
		if now := worse(fit); len(now) < len(bad) {
			l.Rules = append(l.Rules, Rule{Field: g.name, Value: "generic's", Kept: true, Recordings: bad,
				Why: "given back to generic: with what was learnt, the profile did worse than generic on these training recordings"})
			l.Profile, l.Fit, bad = p, fit, now
		}
	}
	if len(bad) > 0 {
		l.Rules = append(l.Rules, Rule{Field: "profile", Value: "-", Recordings: bad,
			Why: "still worse than generic on these training recordings: check their markers"})
	}
	return nil
}

// family is what the shapes of one spinner line share (its glyphs and
// what precedes them): "✻ Thinking…" gives a shape with its word and one
// with any.
func (c *candidate) family() string {
	if i := strings.Index(c.key, glyphSlot); i >= 0 {
		return c.key[:i] + glyphClass(c.glyphs)
	}
	return c.key
}

// seenWaiting says whether pattern matches, in region, a screen where the
// program waited (at a ready marker + earlyLook, or before the next
// input), remembering the answer per recording: a leave-one-out check
// asks again for every recording left out.
func (l *learner) seenWaiting(pattern string, region ready.Region) (bool, error) {
	re, err := compileFragment(pattern)
	if err != nil {
		return false, err
	}
	key := pattern + "\x00" + region.String()
	for _, e := range l.evs {
		e.mu.Lock()
		seen, ok := e.waitSeen[key]
		e.mu.Unlock()
		if !ok {
			for _, t := range e.turns {
				if seen = matchesAny(re, region, t.early, t.idle); seen {
					break
				}
			}
			e.mu.Lock()
			if e.waitSeen == nil {
				e.waitSeen = map[string]bool{}
			}
			e.waitSeen[key] = seen
			e.mu.Unlock()
		}
		if seen {
			return true, nil
		}
	}
	return false, nil
}
