package recordings

import (
	"regexp"
	"sort"
	"strings"

	"github.com/ttyrig/ttyrig/ready"
)

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

// idleFragments are the fragments of the screens where the recording's
// turns wait, worked out once for every profile learnt from it.
func (e *evidence) idleFragments() map[string]*candidate {
	e.idleOnce.Do(func() {
		e.idleCands = map[string]*candidate{}
		cache := map[string]map[string]rune{}
		for _, t := range e.turns {
			collectFragments(e.idleCands, cache, t.idle, e.name, t.index, nil)
		}
	})
	return e.idleCands
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
		seen := e.remember(key, func() bool {
			for _, t := range e.turns {
				if matchesAny(re, region, t.early, t.idle) {
					return true
				}
			}
			return false
		})
		if seen {
			return true, nil
		}
	}
	return false, nil
}

// remember returns f's answer for key, worked out once per recording: the
// folds of a leave-one-out check ask the same questions of it.
func (e *evidence) remember(key string, f func() bool) bool {
	e.mu.Lock()
	seen, ok := e.waitSeen[key]
	e.mu.Unlock()
	if ok {
		return seen
	}
	seen = f()
	e.mu.Lock()
	if e.waitSeen == nil {
		e.waitSeen = map[string]bool{}
	}
	e.waitSeen[key] = seen
	e.mu.Unlock()
	return seen
}

// pausedScreens are the busy screens the program paused on after (longer
// than idlePause), in every turn: where an idle rule could mislead.
func (e *evidence) pausedScreens() []sample {
	e.pausedOnce.Do(func() {
		for _, t := range e.turns {
			for i, s := range t.busy {
				if pausedAfter(t, i) {
					e.paused = append(e.paused, s)
				}
			}
		}
	})
	return e.paused
}
