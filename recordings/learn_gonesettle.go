package recordings

import (
	"fmt"
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
		for _, t := range e.turns {
			if t.question || len(t.busy) == 0 {
				continue // a question's dialog decides by its own signal
			}
			of++
			for i := 1; i < len(t.busy); i++ {
				if !coveredBy(busy, t.busy[i-1]) || coveredBy(busy, t.busy[i]) {
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
			shown := false
			for _, s := range t.busy {
				shown = shown || coveredBy(busy, s)
			}
			if shown && !coveredBy(busy, t.early) && !coveredBy(busy, t.idle) {
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
