package recordings

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// goneFloor is the shortest silence goneSettle trusts after the frame that
// took the last busy marker off: a frame a program writes in pieces comes
// within a few milliseconds (Continue's removal frames while busy were
// followed within 0.3–4.2 ms).
const goneFloor = 20 * time.Millisecond

// goneSettle, for a profile with busy-gone, learns the window after the
// change that takes the last busy marker off the screen (the busy-gone
// spec's settle): the longest silence after such a change while the
// program was still busy, or goneFloor, plus the margin, when that is
// shorter than the quiet window. A program whose frame that removes its
// spinner line is its last one (grok redraws its input box with that
// frame, up to ~100 ms after its answer's last byte) otherwise waits the
// whole quiet window after it, a window the pauses with no busy marker on
// screen set. Kept only when the turns that ended by taking the busy
// markers off come from enough recordings, and the profile with it is
// never early on the training recordings.
func (l *Learned) goneSettle(recs []Marked, evs []*evidence, cfg learnConfig, sc *scorer) error {
	at := -1
	for i, s := range l.Profile.Signals {
		if s.Name == "busy-gone" {
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	busy := compileAllMarkers(l.Profile.Busy)
	var longest time.Duration
	where := ""
	removals, ended, of := 0, 0, 0
	support := map[string]bool{}
	for _, e := range evs {
		cov := e.busyCover(busy)
		for k, t := range e.turns {
			if t.question || len(t.busy) == 0 {
				continue // a question's dialog decides by its own signal
			}
			of++
			c := cov[k]
			for i := 1; i < len(t.busy); i++ {
				if !c.busy[i-1] || c.busy[i] {
					continue
				}
				removals++
				silence := t.readyAt - t.busy[i].at // the last busy frame: busy until the marker
				if i < len(t.gaps) {
					silence = t.gaps[i]
				}
				if silence > longest {
					longest, where = silence, fmt.Sprintf(" (%s turn %d at %.3fs)", e.name, t.index, t.busy[i].at.Seconds())
				}
			}
			if slices.Contains(c.busy, true) && !c.early && !c.idle {
				ended++
				support[e.name] = true
			}
		}
	}
	w := plusMargin(max(longest, goneFloor), cfg.margin)
	if ended == 0 || w >= l.Profile.Quiet.D() {
		return nil
	}
	while := "no change took the last busy marker off while busy"
	if removals > 0 {
		while = fmt.Sprintf("%d change(s) took the last busy marker off while busy, the longest silence after one %v%s",
			removals, longest.Round(100*time.Microsecond), where)
	}
	why := fmt.Sprintf("%d turn(s) showed a busy marker and had none by the ready moment + %v nor before the next input; %s; never below %v; + %.0f%% + 10 ms",
		ended, earlyLook, while, goneFloor, 100*cfg.margin)
	r := Rule{Field: "signals", Value: "busy-gone settle " + w.String(), Turns: ended, Of: of, Recordings: sortedKeys(support)}
	if len(r.Recordings) < cfg.minRecordings {
		r.Why = fmt.Sprintf("refused: seen in %d recording(s), want %d; %s", len(r.Recordings), cfg.minRecordings, why)
		l.Rules = append(l.Rules, r)
		return nil
	}
	p := l.Profile
	p.Signals = append([]ready.SignalSpec(nil), p.Signals...)
	p.Signals[at].Settle = ready.Duration(w)
	fit, err := sc.all(recs, p)
	if err != nil {
		return err
	}
	if early := earlyIn(fit); early != "" {
		r.Why = fmt.Sprintf("refused: early on the training recordings: %s; %s", early, why)
		l.Rules = append(l.Rules, r)
		return nil
	}
	r.Kept, r.Why = true, why+"; never early on the training recordings"
	l.Rules = append(l.Rules, r)
	l.Profile, l.Fit = p, fit
	return nil
}

// plusMargin is d with the learner's margin: f more, plus 10 ms, to 10 ms.
func plusMargin(d time.Duration, f float64) time.Duration {
	return (time.Duration(float64(d)*(1+f)) + 10*time.Millisecond).Round(10 * time.Millisecond)
}

// turnCover is which of a turn's screens a set of markers is on: each
// busy screen, the one at the ready marker + earlyLook, the one where it
// waits.
type turnCover struct {
	busy        []bool
	early, idle bool
}

// busyCover returns, per turn, which screens ms are on, worked out once
// per set of markers: the folds of a leave-one-out check learn the same
// busy markers and ask it of the same recordings.
func (e *evidence) busyCover(ms []compiled) []turnCover {
	var key strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&key, "%s\x00%v\x00", m.re, m.region)
	}
	e.coverMu.Lock()
	c, ok := e.covers[key.String()]
	e.coverMu.Unlock()
	if ok {
		return c
	}
	c = make([]turnCover, len(e.turns))
	for k, t := range e.turns {
		c[k] = turnCover{busy: make([]bool, len(t.busy)), early: coveredBy(ms, t.early), idle: coveredBy(ms, t.idle)}
		for i, s := range t.busy {
			c[k].busy[i] = coveredBy(ms, s)
		}
	}
	e.coverMu.Lock()
	if e.covers == nil {
		e.covers = map[string][]turnCover{}
	}
	e.covers[key.String()] = c
	e.coverMu.Unlock()
	return c
}
