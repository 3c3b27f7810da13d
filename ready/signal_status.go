package ready

import (
	"slices"
	"strings"
	"time"
)

// status-line: a program with a status line below its input position (a
// footer "─ ready · 6s elapsed", a toolbar) may say it is working by
// changing a word of that line after the input ("─ running ls · 7s
// elapsed") and changing it back when done, drawing nothing else: its
// input line is cleared at once and the cursor rests in it
// (corpus/testdata/bubbletea-clock.cast). It is not ready while such a
// line, changed since the last input so that a gerund ("running",
// "compiling", "thinking") took the place of other words with the rest of
// the line as it was, is still shown, for up to tune.BusyStall after it turned.
//
// Only rows below the input position that held text when the input was
// sent count: output scrolls above the input, so a row there is a line the
// program keeps, not output. A gerund is a word ending in -ing (isGerund);
// what makes this narrow enough is the rest: an existing line below the
// input, one phrase replaced, the words around it kept.

type statusLineSignal struct {
	before  []string  // the rows as they were when the input was sent
	inputAt int       // the input position's row then
	row     int       // the status line turned busy, 0 for none
	shape   string    // its shape then (clocks and timers masked)
	at      time.Time // when it last changed
	phrase  string    // what took the old words' place
}

func init() {
	register(signalKind{name: "status-line", rank: rankStatusLine, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &statusLineSignal{}, nil }})
}

func (s *statusLineSignal) observe(f *facts, ev Event) {
	if ev.Kind != Input || f.view == nil {
		return
	}
	s.row, s.before = 0, append(s.before[:0], f.view.rows...)
	s.inputAt = inputRow(f)
}

func inputRow(f *facts) int {
	c, _, _ := f.view.inputCursor(f.prof.Cursor.Hidden)
	return c.Row
}

func (s *statusLineSignal) seen(f *facts) {
	v := f.view
	s.row = 0
	if v.snap.AltScreen() || len(s.before) != len(v.rows) || s.inputAt == 0 {
		return
	}
	// Looked for afresh at every change: a line that turns from one busy
	// phrase to another ("running 1/3", "running 2/3") still holds, one
	// that turned back to its idle words no longer does.
	for r := max(s.inputAt, inputRow(f)) + 1; r <= len(v.rows); r++ {
		old, cur := s.before[r-1], v.row(r)
		if old == "" || cur == old || f.rows.at[r-1].Before(f.ref) {
			continue
		}
		if phrase, ok := turnedBusy(tickShape(old), tickShape(cur)); ok {
			s.row, s.shape, s.at, s.phrase = r, tickShape(cur), f.rows.at[r-1], phrase
			return
		}
	}
}

// turnedBusy reports whether cur is old with one phrase replaced by one
// holding a gerund the old phrase did not have, at least one word kept
// around it; it returns the new phrase.
func turnedBusy(old, cur string) (string, bool) {
	a, b := strings.Fields(old), strings.Fields(cur)
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	if p+q == 0 || len(b)-p-q == 0 {
		return "", false
	}
	was, now := a[p:len(a)-q], b[p:len(b)-q]
	for _, w := range now {
		w = strings.Trim(w, ".,:;!?…()[]")
		if isGerund(w) && !slices.Contains(was, w) {
			return strings.Join(now, " "), true
		}
	}
	return "", false
}

func (s *statusLineSignal) vote(f *facts, now time.Time) vote {
	if s.row == 0 || s.at.Before(f.ref) || now.Sub(s.at) >= tune.BusyStall || tickShape(f.view.row(s.row)) != s.shape {
		return vote{}
	}
	return hold(SignalAnimation, "status line at row %d turned to %q after the input (%v ago)", s.row, clip(s.phrase, 40), roundMS(now.Sub(s.at))).
		later(s.at.Add(tune.BusyStall))
}
