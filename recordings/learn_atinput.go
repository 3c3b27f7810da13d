package recordings

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// targetP50 is the median latency the leave-one-out check holds a learnt
// profile to (verdict); a profile slower than it on a training recording
// tries busy-gone with its cursor at the input position.
const targetP50 = 150 * time.Millisecond

// busyGoneAtInput selects busy-gone for a program whose terminal cursor
// sits at its input position on the busy screens it pauses on, as where it
// waits: its input box stays drawn, the cursor in it, while it works (Qwen
// Code). The cursor then tells busy screens from ready ones no better than
// a parked one does; only the busy markers do, and the quiet window after
// the last change. It is asked only when the profile without it is slower
// than targetP50 on a training recording (goneAtInputIfSlow): the quiet
// window it brings is shorter than the cursor's, and where the cursor's
// decides in time the longer window is the safer one.
func (l *learner) busyGoneAtInput(learnt int) {
	busy := compileAllMarkers(l.p.Busy)
	atInput, paused, turns, of := 0, 0, 0, 0
	recs := map[string]bool{}
	for _, e := range l.evs {
		for _, t := range e.turns {
			seen, at := 0, 0
			for i, s := range t.busy {
				if !pausedAfter(t, i) {
					continue
				}
				seen++
				if s.col >= l.p.Cursor.MinCol && (l.p.Cursor.Hidden || s.visible) {
					at++
				}
			}
			if seen == 0 {
				continue
			}
			paused, atInput, of = paused+seen, atInput+at, of+1
			if 2*at >= seen {
				turns++
				recs[e.name] = true
			}
		}
	}
	if paused == 0 || 2*atInput < paused {
		return
	}
	clear, n := 0, 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			if t.question {
				continue
			}
			n++
			if !coveredBy(busy, t.idle) {
				clear++
			}
		}
	}
	if l.add(Rule{Field: "signals", Value: "busy-gone", Turns: turns, Of: of,
		Why: fmt.Sprintf("the cursor was at its input position (column %d or right of it, shown) on %d of %d busy screens the program paused on, as where it waits, so it does not tell them apart; %d busy marker(s) learnt, none on the screen at %d of %d ready moments: a still screen without them is ready (tried because the profile without it was slower than %v at the median on a training recording)",
			l.p.Cursor.MinCol, atInput, paused, learnt, clear, n, targetP50)}, recs) {
		l.p.Signals = append(l.p.Signals, ready.SignalSpec{Name: "busy-gone"})
		l.gone = true
	}
}

// goneAtInputIfSlow returns l, or when l is slower than targetP50 at the
// median on a training recording and has no busy-gone, the profile learnt
// with busy-gone at the input position (busyGoneAtInput) if that one is
// never early on the training recordings with its quiet window shortened
// (shortenQuiet: without that it only waits longer), and nowhere worse
// than l.
func (l *Learned) goneAtInputIfSlow(name string, recs []Marked, evs []*evidence, cfg learnConfig, sc *scorer) (*Learned, error) {
	if cfg.goneAtInput || hasSignal(l.Profile, "busy-gone") {
		return l, nil
	}
	slow := ""
	for _, s := range l.Fit {
		if time.Duration(s.P50) > targetP50 {
			slow = fmt.Sprintf("%s %v", s.Recording, time.Duration(s.P50).Round(time.Millisecond))
			break
		}
	}
	if slow == "" {
		return l, nil
	}
	cfg.goneAtInput = true
	alt := learn(name, evs, cfg)
	if !hasSignal(alt.Profile, "busy-gone") {
		return l, nil
	}
	// Its quiet window, learnt from the pauses no busy marker showed, is
	// long; what matters is the shortened one, each replayed and checked
	// for early decisions by shortenQuiet.
	was := alt.Profile.Quiet
	if err := alt.shortenQuiet(recs, cfg, sc); err != nil {
		return nil, err
	}
	if alt.Profile.Quiet == was || alt.Profile.Quiet >= l.Profile.Quiet || earlyIn(alt.Fit) != "" {
		return l, nil
	}
	for i, s := range alt.Fit {
		if s.worse(l.Fit[i]) {
			return l, nil
		}
	}
	alt.Rules = append(alt.Rules, Rule{Field: "signals", Value: "busy-gone", Kept: true, Recordings: markedNames(recs),
		Why: fmt.Sprintf("taken: without it the profile took %s at the median on a training recording (target %v), with it %s, never early and nowhere worse",
			slow, targetP50, slowest(alt.Fit))})
	return alt, nil
}

func hasSignal(p ready.Profile, name string) bool {
	for _, s := range p.Signals {
		if s.Name == name {
			return true
		}
	}
	return false
}

// slowest names the training recording with the longest median latency.
func slowest(fit []Score) string {
	var worst Score
	for _, s := range fit {
		if s.P50 >= worst.P50 {
			worst = s
		}
	}
	return fmt.Sprintf("%s %v", worst.Recording, time.Duration(worst.P50).Round(time.Millisecond))
}
