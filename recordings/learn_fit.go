package recordings

import (
	"github.com/ttyrig/ttyrig/ready"
)

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
