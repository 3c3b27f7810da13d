package recordings

import (
	"fmt"
	"sort"

	"github.com/ttyrig/ttyrig/ready"
)

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
	// leave-one-out check merges once per fold, so the recordings'
	// candidates are set side by side, not copied.
	cands := l.merge((*evidence).busyFragments, func(k string) bool { return 2*support[k] >= busyTurns })
	type scored struct {
		c *merged
		m ready.Marker
	}
	var good []*scored
	for _, c := range cands {
		// In at least half the busy turns (support, above), never where
		// it waits.
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
			for _, part := range g.c.parts {
				for p := range part.paused {
					if !covered[p] {
						n++
					}
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
		for _, part := range g.c.parts {
			for p := range part.paused {
				covered[p] = true
			}
		}
		g.m.Name = g.c.name()
		if l.add(Rule{Field: "busy", Value: fmt.Sprintf("%s (%s)", g.m.Pattern, g.m.Region), Turns: g.c.turns, Of: busyTurns,
			Why: fmt.Sprintf("on %d busy screens (%d the program paused on), on no ready one", g.c.samples, g.c.paused)}, g.c.recs) {
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

// merged is one fragment shape over the recordings learnt from: their
// candidates side by side, with the counts summed (recordings' turns and
// screens are disjoint) and the glyphs and recordings joined.
type merged struct {
	*candidate // key, glyphs, recs, samples and depth of all parts
	turns      int
	paused     int
	parts      []*candidate
}

// merge sets side by side, per fragment key that keep accepts, the
// candidates each recording's fragments (busy or idle) hold.
func (l *learner) merge(fragments func(*evidence) map[string]*candidate, keep func(key string) bool) map[string]*merged {
	cands := map[string]*merged{}
	for _, e := range l.evs {
		for k, c := range fragments(e) {
			if !keep(k) {
				continue
			}
			m := cands[k]
			if m == nil {
				m = &merged{candidate: &candidate{key: k, glyphs: map[rune]bool{}, recs: map[string]bool{}}}
				cands[k] = m
			}
			m.add(c)
		}
	}
	return cands
}

func (m *merged) add(c *candidate) {
	m.parts = append(m.parts, c)
	m.turns += len(c.turns)
	m.paused += len(c.paused)
	m.samples += c.samples
	m.depth = max(m.depth, c.depth)
	for g := range c.glyphs {
		m.glyphs[g] = true
	}
	for r := range c.recs {
		m.recs[r] = true
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
