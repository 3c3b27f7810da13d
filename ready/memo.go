package ready

import (
	"regexp"
	"time"
)

// matchMemo remembers what each pattern found in each row text: most rows
// are the same from one view to the next (or the same text scrolled), and
// matching is the costliest part of reading a view. It is the engine's, so
// needs no lock, and forgets everything when it holds memoKept entries or
// memoBytes of text: a terminal keeps its engine, and so its memo, for as
// long as it lives.
//
// Whether a pattern matches, the most asked, is kept apart (hits), in a
// map whose entries are a fifth the size of the others': the memo's maps,
// growing, were a fifth of what the engine allocated.
type matchMemo struct {
	hits  map[hitKey]bool       // re.MatchString's answers
	m     map[memoKey]memoEntry // the other answers
	bytes int                   // text held by the maps' keys, counted once per entry
	grid  gridCache             // the cells of the last window looked for a question in (question_box.go)
	// recent: the questions found on the last screens searched
	// (question_recent.go)
	recent recentQuestions
	// noStyleGates: the shapes read the cells of rows whose styles say
	// the reading cannot find what they look for (rowstyles.go; a test's
	// WithoutStyleGates).
	noStyleGates bool
}

// hitKey is what re.MatchString was asked.
type hitKey struct {
	re   *regexp.Regexp
	text string
}

type memoKey struct {
	re   *regexp.Regexp // nil for a shape
	text string
	op   memoOp
}

// memoOp is what was asked of a text.
type memoOp uint8

const (
	opFind          memoOp = iota // re.FindStringSubmatch
	opTickShape                   // tickShape (clock.go)
	opClockMask                   // clockMask (clock.go)
	opProgressShape               // progressShape (busyanim.go)
	opFindAll                     // re.FindAllStringSubmatch(text, -1)
	opRemove                      // re.ReplaceAllString(text, "")
	opDurations                   // durations (clock.go)
)

type memoEntry struct {
	sub      []string
	all      [][]string
	s        string
	readings []reading
}

const (
	memoKept  = 4096
	memoBytes = 1 << 20
)

func (mm *matchMemo) look(k memoKey) (memoEntry, bool) {
	e, seen := mm.m[k]
	return e, seen
}

func (mm *matchMemo) keep(k memoKey, e memoEntry) {
	mm.room(k.text)
	mm.m[k] = e
}

// room readies the maps for one more entry, with text as its key's: made
// if they were not, emptied if they are full.
func (mm *matchMemo) room(text string) {
	switch {
	case mm.m == nil:
		mm.m, mm.hits = map[memoKey]memoEntry{}, map[hitKey]bool{}
	case len(mm.m)+len(mm.hits) >= memoKept || mm.bytes >= memoBytes:
		// Emptied, not made anew: they keep their room (growing new ones
		// was a tenth of what a replay allocated).
		clear(mm.m)
		clear(mm.hits)
		mm.bytes = 0
	}
	mm.bytes += len(text)
}

// matches reports whether re matches text, as re.MatchString does, asking
// re only for a text not seen before.
func (mm *matchMemo) matches(re *regexp.Regexp, text string) bool {
	if !literalOf(re).in(text) {
		return false
	}
	if mm == nil {
		return re.MatchString(text)
	}
	k := hitKey{re: re, text: text}
	if ok, seen := mm.hits[k]; seen {
		return ok
	}
	ok := re.MatchString(text)
	mm.room(text)
	mm.hits[k] = ok
	return ok
}

// find returns re.FindStringSubmatch(text), asking re only for a text not
// seen before. The slice is the caller's.
func (mm *matchMemo) find(re *regexp.Regexp, text string) []string {
	if mm == nil {
		if !literalOf(re).in(text) {
			return nil
		}
		return re.FindStringSubmatch(text)
	}
	if sub := mm.findShared(re, text); sub != nil {
		return append([]string(nil), sub...)
	}
	return nil
}

// findShared is find returning the memo's own slice, not to be changed.
func (mm *matchMemo) findShared(re *regexp.Regexp, text string) []string {
	if !literalOf(re).in(text) {
		return nil
	}
	k := memoKey{re: re, text: text, op: opFind}
	e, seen := mm.look(k)
	if !seen {
		e.sub = re.FindStringSubmatch(text)
		mm.keep(k, e)
	}
	return e.sub
}

// shape returns fn(text), fn being the pure function op names, calling fn
// only for a text not seen before.
func (mm *matchMemo) shape(op memoOp, text string, fn func(string) string) string {
	if mm == nil {
		return fn(text)
	}
	k := memoKey{text: text, op: op}
	e, seen := mm.look(k)
	if !seen {
		e.s = fn(text)
		mm.keep(k, e)
	}
	return e.s
}

// durations returns the readings of text's duration tokens, as durations
// does, at the zero time, reading text only if not seen before: a timer's
// row is drawn again each time it ticks, and most rows are drawn often.
// The slice is shared: callers set the time on copies of its readings.
func (mm *matchMemo) durations(text string) []reading {
	if !mayHoldDuration(text) {
		return nil
	}
	if mm == nil {
		return durations(text, time.Time{})
	}
	k := memoKey{text: text, op: opDurations}
	e, seen := mm.look(k)
	if !seen {
		e.readings = durations(text, time.Time{})
		mm.keep(k, e)
	}
	return e.readings
}

// findAll returns re.FindAllStringSubmatch(text, -1), asking re only for a
// text not seen before. The slices are the caller's.
func (mm *matchMemo) findAll(re *regexp.Regexp, text string) [][]string {
	if !literalOf(re).in(text) {
		return nil
	}
	if mm == nil {
		return re.FindAllStringSubmatch(text, -1)
	}
	k := memoKey{re: re, text: text, op: opFindAll}
	e, seen := mm.look(k)
	if !seen {
		e.all = re.FindAllStringSubmatch(text, -1)
		mm.keep(k, e)
	}
	if e.all == nil {
		return nil
	}
	out := make([][]string, len(e.all))
	for i, m := range e.all {
		out[i] = append([]string(nil), m...)
	}
	return out
}

// remove returns re.ReplaceAllString(text, ""), asking re only for a text
// not seen before.
func (mm *matchMemo) remove(re *regexp.Regexp, text string) string {
	if !literalOf(re).in(text) {
		return text
	}
	if mm == nil {
		return re.ReplaceAllString(text, "")
	}
	k := memoKey{re: re, text: text, op: opRemove}
	e, seen := mm.look(k)
	if !seen {
		e.s = re.ReplaceAllString(text, "")
		mm.keep(k, e)
	}
	return e.s
}
