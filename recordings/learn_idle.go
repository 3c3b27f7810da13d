package recordings

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// idle learns text present at every ready moment and on no busy screen.
func (l *learner) idle() {
	n := 0
	support := map[string]int{} // turns showing each fragment: recordings' turns are disjoint
	for _, e := range l.evs {
		n += len(e.turns)
		for k, c := range e.idleFragments() {
			support[k] += len(c.turns)
		}
	}
	// Only those at every ready moment are merged.
	cands := l.merge((*evidence).idleFragments, func(k string) bool { return support[k] >= n })
	paused := 0
	for _, e := range l.evs {
		paused += len(e.pausedScreens())
	}
	var markers []ready.Marker
	keys := make([]*merged, 0, len(cands))
	for _, c := range cands {
		keys = append(keys, c)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].turns != keys[j].turns {
			return keys[i].turns > keys[j].turns
		}
		return keys[i].key < keys[j].key
	})
	for _, c := range keys {
		if c.turns < n || strings.Contains(c.key, glyphSlot) {
			continue
		}
		region := ready.LastLines(min(c.depth+2, sampleLines))
		if paused == 0 || l.seenPaused(c.pattern(), region) {
			continue
		}
		m := ready.Marker{Name: c.name(), Pattern: c.pattern(), Region: region}
		if l.add(Rule{Field: "idle", Value: fmt.Sprintf("%s (%s)", m.Pattern, m.Region), Turns: c.turns, Of: n,
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

// seenPaused says whether pattern matches in region on a busy screen the
// program paused on, in any recording learnt from; each recording's answer
// is kept for the other profiles learnt from it.
func (l *learner) seenPaused(pattern string, region ready.Region) bool {
	re, err := regexp.Compile("(?m)" + pattern)
	if err != nil {
		return true // never a rule
	}
	key := "paused\x00" + pattern + "\x00" + region.String()
	for _, e := range l.evs {
		if e.remember(key, func() bool { return matchesAny(re, region, e.pausedScreens()...) }) {
			return true
		}
	}
	return false
}

// question learns text on the screens of ready moments marked as questions
// and on no other ready or busy screen.
func (l *learner) question() {
	cands := map[string]*candidate{}
	cache := map[string]map[string]rune{}
	nq := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			if t.question {
				nq++
				collectFragments(cands, cache, t.idle, e.name, t.index, nil)
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
		if l.onOtherScreens(c.pattern(), region) {
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

// onOtherScreens says whether pattern matches, in region, a screen that
// is not a question's: a busy screen the program paused on, or where it
// waited for its main prompt. Each recording's answer is worked out once:
// the folds of a leave-one-out check ask the same candidates of it.
func (l *learner) onOtherScreens(pattern string, region ready.Region) bool {
	key := fmt.Sprintf("%s\x00%v", pattern, region)
	var re *regexp.Regexp
	for _, e := range l.evs {
		e.coverMu.Lock()
		hit, ok := e.others[key]
		e.coverMu.Unlock()
		if !ok {
			if re == nil {
				var err error
				if re, err = regexp.Compile("(?m)" + pattern); err != nil {
					return true // no marker to make of it
				}
			}
			hit = false
			for _, t := range e.turns {
				for i, s := range t.busy {
					hit = hit || pausedAfter(t, i) && inRegion(re, region, s)
				}
				hit = hit || !t.question && inRegion(re, region, t.idle)
			}
			e.coverMu.Lock()
			if e.others == nil {
				e.others = map[string]bool{}
			}
			e.others[key] = hit
			e.coverMu.Unlock()
		}
		if hit {
			return true
		}
	}
	return false
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
