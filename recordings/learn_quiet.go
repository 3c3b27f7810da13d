package recordings

import (
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// quiet learns the quiet windows: longer than every silence seen while the
// program was busy and nothing else (a busy marker, the cursor away from
// its input column) showed it, with the configured margin.
func (l *learner) quiet() {
	busy := compileMarkers(l.p.Busy)
	if l.gone {
		busy = compileAllMarkers(l.p.Busy)
	}
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
				// With busy-gone, only a busy marker shows busy: the
				// cursor is parked busy or not.
				cursorShows := !l.gone && (s.col < l.p.Cursor.MinCol || (!l.p.Cursor.Hidden && !s.visible))
				if cursorShows || coveredBy(busy, s) {
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
		if l.gone {
			why = fmt.Sprintf("every silence while busy was shown by a busy marker; kept at %v", l.cfg.minQuiet)
		}
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
