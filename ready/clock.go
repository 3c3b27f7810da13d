package ready

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Clocks and timers. A clock or timer region that ticks while the program
// waits (a prompt_toolkit bottom_toolbar with refresh_interval=1, an agent's
// footer clock, a status bar's "─ ready · 12s elapsed") repaints every
// second forever: timing alone would never call the program ready. A frame
// that changes nothing but such a region ticking, with the cursor where it
// was, is not the program doing anything: it does not count as change.
//
//   - A clock token (12:34, 12:34:56, 0:07) ticking is a clock.
//   - A duration token (12s, 1m 05s, 3.2s, 450ms) is an elapsed-time
//     timer only while its readings agree with the wall clock: a timer
//     shows the time since some start, so every reading of it, within its
//     resolution, points at the same start. One that runs faster than the
//     clock, stands still or counts down is a counter: progress
//     (busyanim.go).
//
// Counters outside such tokens (37%, 3/10, 1.2k tokens) are progress. A
// tick on a row that says busy (a spinner, a status word, a progress bar, a
// busy marker of the profile, a line led by a gerund) is a frame of what
// it says, not a clock: Claude Code's "✻ Verbing… (3s · ↓ 2 tokens)",
// Gemini's "(esc to cancel, 1s)" and Codex's "• Working (3s • esc to
// interrupt)" carry timers too, and what makes them busy is their glyph,
// status word or marker, never the timer.

var (
	clockToken = regexp.MustCompile(`\b\d{1,2}:\d{2}(:\d{2})?(\.\d+)?(\s?[AaPp][Mm])?\b`)
	// durationToken: hours and minutes optional, then seconds (with a
	// fraction) or milliseconds.
	durationToken = regexp.MustCompile(`\b(?:(\d{1,4})h ?)?(?:(\d{1,2})m ?)?(\d{1,9})(?:\.(\d{1,9}))?(ms|s)\b`)
)

// clockMaxRows: a clock is a line or two (a footer with a date and a time).
const clockMaxRows = 2

const (
	// How far a timer may drift from the wall clock: tune.TimerLate,
	// tune.TimerEarly and tune.TimerMemory (params.go).

	// timerReadings bounds the readings kept per row.
	timerReadings = 32
)

// reading is one duration token's value as drawn at a time.
type reading struct {
	at    time.Time
	value time.Duration
	unit  time.Duration // its resolution: 1s for "12s", 100ms for "1.2s"
}

// timerRow is what a row's duration tokens showed recently.
type timerRow struct {
	shape    string      // the row with its clock and duration tokens masked
	readings [][]reading // per token, oldest first, within tune.TimerMemory
}

// durations returns the readings of the duration tokens of text at t; a
// rate ("1.04s/it") is not one.
func durations(text string, t time.Time) []reading {
	if !mayHoldDuration(text) {
		return nil
	}
	var out []reading
	for _, m := range durationToken.FindAllStringSubmatchIndex(text, -1) {
		if m[1] < len(text) && text[m[1]] == '/' || m[0] > 0 && text[m[0]-1] == '/' {
			continue
		}
		num := func(i int) int64 {
			if m[2*i] < 0 {
				return 0
			}
			n, _ := strconv.ParseInt(text[m[2*i]:m[2*i+1]], 10, 64)
			return n
		}
		r := reading{at: t, unit: time.Second}
		if text[m[10]:m[11]] == "ms" {
			r.unit = time.Millisecond
		}
		r.value = time.Duration(num(1))*time.Hour + time.Duration(num(2))*time.Minute + time.Duration(num(3))*r.unit
		if m[8] >= 0 && r.unit == time.Second {
			frac := text[m[8]:m[9]]
			if len(frac) > 6 {
				frac = frac[:6]
			}
			n, _ := strconv.ParseInt(frac, 10, 64)
			for range frac {
				r.unit /= 10
			}
			r.value += time.Duration(n) * r.unit
		}
		out = append(out, r)
	}
	return out
}

// tickShape is a row with its clock and duration tokens masked: two frames
// of a ticking row have the same shape.
func tickShape(s string) string {
	if !hasDigit(s) { // both tokens need a digit: most rows of a flood have none to find
		return s
	}
	s = clockMask(s)
	if !mayHoldDuration(s) {
		return s
	}
	return durationToken.ReplaceAllString(s, "#")
}

// clockMask is a row with its clock tokens masked.
func clockMask(s string) string {
	if !strings.ContainsRune(s, ':') { // a clock token has one
		return s
	}
	return clockToken.ReplaceAllString(s, "#")
}

// mayHoldDuration reports whether s has a digit right before an "s" or an
// "m", as every duration token has ("12s", "450ms", "3.2s"): most rows have
// none, and this is far cheaper than looking for the token.
func mayHoldDuration(s string) bool {
	for i := 1; i < len(s); i++ {
		if c := s[i]; (c == 's' || c == 'm') && s[i-1] >= '0' && s[i-1] <= '9' {
			return true
		}
	}
	return false
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// inStep reports whether readings, all of one token, agree on when the
// timer started: each reading v at t says the start lies in
// (t-v-unit-tune.TimerLate, t-v+unit/2+tune.TimerEarly] (the value truncated or
// rounded to its unit, drawn a little late or early).
func inStep(rs []reading) bool {
	var lo, hi time.Time
	for i, r := range rs {
		l := r.at.Add(-r.value - r.unit - tune.TimerLate)
		h := r.at.Add(-r.value + r.unit/2 + tune.TimerEarly)
		if i == 0 || l.After(lo) {
			lo = l
		}
		if i == 0 || h.Before(hi) {
			hi = h
		}
		if !lo.Before(hi) {
			return false
		}
	}
	return true
}

// noteTimer records what row r shows at t and reports whether it is a
// timer ticking in step with the clock: a row with duration tokens, the
// rest of it as it was, each token's recent readings agreeing on its start.
// A row whose text around the tokens changed starts afresh.
func (c *clocks) noteTimer(mm *matchMemo, r int, text string, t time.Time) bool {
	if c.timers == nil {
		c.timers = map[int]*timerRow{}
	}
	rs := mm.durations(text)
	if len(rs) == 0 {
		delete(c.timers, r)
		return false
	}
	shape := mm.shape(opTickShape, text, tickShape)
	tr := c.timers[r]
	if tr == nil || tr.shape != shape || len(tr.readings) != len(rs) {
		tr = &timerRow{shape: shape, readings: make([][]reading, len(rs))}
		c.timers[r] = tr
	}
	ok := true
	for i, rd := range rs {
		rd.at = t
		kept := tr.readings[i][:0]
		for _, old := range tr.readings[i] {
			if t.Sub(old.at) <= tune.TimerMemory {
				kept = append(kept, old)
			}
		}
		if len(kept) == timerReadings {
			kept = append(kept[:0], kept[1:]...)
		}
		tr.readings[i] = append(kept, rd)
		ok = ok && inStep(tr.readings[i])
	}
	return ok
}

// ticked compares two views row by row. It returns the rows that changed
// by nothing but clock or timer tokens ticking (rows showing a busy
// animation excluded), and whether that is all that changed: the same
// cursor, title and modes, every other row as it was (styles included), at
// most clockMaxRows rows ticking. Every changed row's timer readings are
// noted on the way.
func (c *clocks) ticked(f *facts, old, cur *view, t time.Time) (rows map[int]bool, only bool) {
	if old == nil || len(old.rows) != len(cur.rows) {
		clear(c.timers)
		return nil, false
	}
	only = old.cursor == cur.cursor && old.snap.CursorVisible() == cur.snap.CursorVisible() &&
		old.snap.Title() == cur.snap.Title() && old.snap.AltScreen() == cur.snap.AltScreen()
	for r := range cur.rows {
		a, b := old.rows[r], cur.rows[r]
		if a == b {
			if only && !cur.snap.SameRow(old.snap, r+1) {
				only = false // restyled, not ticked
			}
			continue
		}
		timer := c.noteTimer(&f.memo, r+1, b, t)
		if !sameMasked(&f.memo, opTickShape, a, b) ||
			f.busyAnim.showsBusy(&f.memo, r+1, a, b) || f.busyMarkerAt(cur, r+1) {
			only = false
			continue
		}
		clock := sameMasked(&f.memo, opClockMask, a, b) && f.memo.matches(clockToken, b)
		if !clock && !timer {
			only = false
			continue
		}
		if rows == nil {
			rows = map[int]bool{}
		}
		rows[r+1] = true
	}
	return rows, only && len(rows) > 0 && len(rows) <= clockMaxRows
}

// sameMasked reports whether a and b are the same once masked by op
// (tickShape or clockMask), through the memo. Both masks leave a row
// without a digit as it is (a clock token needs a ':' as well): two such
// rows are compared as they are, not hashed into the memo.
func sameMasked(mm *matchMemo, op memoOp, a, b string) bool {
	if !hasDigit(a) && !hasDigit(b) {
		return a == b
	}
	fn := tickShape
	if op == opClockMask {
		fn = clockMask
	}
	return mm.shape(op, a, fn) == mm.shape(op, b, fn)
}

// hasTick reports whether text holds a clock or duration token.
func hasTick(text string) bool {
	return hasDigit(text) && strings.ContainsRune(text, ':') && clockToken.MatchString(text) ||
		mayHoldDuration(text) && durationToken.MatchString(text)
}

// busyMarkerAt reports whether one of the profile's busy markers matches
// row r of v: a timer ticking there ("esc to interrupt · 12s") is the
// marker's row being repainted, which keeps it fresh.
func (f *facts) busyMarkerAt(v *view, r int) bool {
	for i := range f.busy {
		m := &f.busy[i]
		if m.Region.Kind == RegionTitle {
			continue
		}
		if first, last := m.Region.rows(v); r >= first && r <= last && v.matchRow(m, r, v.row(r)) {
			return true
		}
	}
	return false
}
