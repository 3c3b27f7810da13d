package recordings

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// busyGone selects the "busy-gone" signal for a program that parks the
// terminal's cursor where it waits (hidden at the left edge: it draws its
// own input box, as grok, pi and Continue do) and whose busy markers were
// learnt: with no input position to find, only the silence fallback
// decided, while a still screen without a busy marker says as much. The
// quiet window then has to outlast every pause no busy marker showed
// (quiet, below), as the cursor no longer tells busy screens apart.
func (l *learner) busyGone() {
	learnt := 0
	for _, r := range l.rules {
		if r.Field == "busy" && r.Kept {
			learnt++
		}
	}
	gen := ready.Generic().Cursor
	parked, n := 0, 0
	recs := map[string]bool{}
	for _, e := range l.evs {
		for _, t := range e.turns {
			if t.question {
				continue // a question's dialog decides by its own signal
			}
			n++
			if !t.idle.visible && t.idle.col < gen.MinCol {
				parked++
				recs[e.name] = true
			}
		}
	}
	if learnt == 0 || n == 0 {
		return
	}
	if 2*parked < n {
		if l.cfg.goneAtInput {
			l.busyGoneAtInput(learnt)
		}
		return
	}
	busy := compileAllMarkers(l.p.Busy)
	clear := 0
	for _, e := range l.evs {
		for _, t := range e.turns {
			if !t.question && !coveredBy(busy, t.idle) {
				clear++
			}
		}
	}
	if l.add(Rule{Field: "signals", Value: "busy-gone", Turns: parked, Of: n,
		Why: fmt.Sprintf("the cursor was parked (hidden left of column %d) at %d of %d ready moments, so it never shows an input position; %d busy marker(s) learnt, none on the screen at %d of those moments: a still screen without them is ready", gen.MinCol, parked, n, learnt, clear)}, recs) {
		l.p.Signals = append(l.p.Signals, ready.SignalSpec{Name: "busy-gone"})
		l.gone = true
	}
}

// compileAllMarkers compiles every marker, those that count only while
// repainted too: any busy marker on screen keeps busy-gone silent.
func compileAllMarkers(ms []ready.Marker) []compiled {
	fresh := make([]ready.Marker, len(ms))
	for i, m := range ms {
		m.Fresh = 0
		fresh[i] = m
	}
	return compileMarkers(fresh)
}

// quietProbes are the quiet windows shortenQuiet tries, shortest first;
// never below idlePause, the pause the learner counts as one (a screen
// redrawn sooner is evidence neither way).
var quietProbes = []time.Duration{idlePause, 75 * time.Millisecond, 100 * time.Millisecond, 125 * time.Millisecond}

// shortenQuiet, for a profile with busy-gone, replaces the quiet window
// learnt from the pauses no busy marker showed (never below generic's)
// with the shortest window the profile is never early with on the
// training recordings, plus the margin, when that is shorter: the pauses
// other signals already hold (the input not yet reacted to, the kernel
// seeing the program run) cannot make busy-gone early, and a program that
// redraws its last frame after its answer's last byte (grok, ~35 ms)
// otherwise waits the whole floor after it.
func (l *Learned) shortenQuiet(recs []Marked, cfg learnConfig, sc *scorer) error {
	if !slices.ContainsFunc(l.Profile.Signals, func(s ready.SignalSpec) bool { return s.Name == "busy-gone" }) {
		return nil
	}
	was := l.Profile.Quiet.D()
	var tried []string
	for _, q := range quietProbes {
		withMargin := (time.Duration(float64(q)*(1+cfg.margin)) + 10*time.Millisecond).Round(10 * time.Millisecond)
		if withMargin >= was {
			return nil
		}
		p := l.Profile
		p.Quiet = ready.Duration(q)
		fit, err := sc.all(recs, p)
		if err != nil {
			return err
		}
		if early := earlyIn(fit); early != "" {
			tried = append(tried, fmt.Sprintf("%v was early on %s", q, early))
			continue
		}
		p.Quiet = ready.Duration(withMargin)
		p.Settle = ready.Duration(max(withMargin, ready.Generic().Settle.D()))
		if fit, err = sc.all(recs, p); err != nil {
			return err
		}
		if earlyIn(fit) != "" {
			return nil
		}
		why := fmt.Sprintf("busy-gone: the shortest window tried (%s) never early on the training recordings: %v; + %.0f%% + 10 ms",
			durations(quietProbes), q, 100*cfg.margin)
		if len(tried) > 0 {
			why += " (" + strings.Join(tried, "; ") + ")"
		}
		for i := len(l.Rules) - 1; i >= 0; i-- {
			if r := &l.Rules[i]; r.Field == "quiet" && r.Kept {
				r.Why += "; shortened below"
				break
			}
		}
		l.Rules = append(l.Rules, Rule{Field: "quiet", Value: withMargin.String(), Kept: true, Recordings: markedNames(recs), Why: why})
		l.Profile, l.Fit = p, fit
		return nil
	}
	return nil
}

// earlyIn names the recordings a profile was early on, with how often.
func earlyIn(fit []Score) string {
	var out []string
	for _, s := range fit {
		if s.Premature > 0 {
			out = append(out, fmt.Sprintf("%s (%d)", s.Recording, s.Premature))
		}
	}
	return strings.Join(out, ", ")
}

func durations(ds []time.Duration) string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return strings.Join(out, ", ")
}
