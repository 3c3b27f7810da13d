package ready

import (
	"regexp"
	"unsafe"
)

// Answers kept per row. The question shapes ask their patterns of the rows
// near the bottom of every view that stays still for the quiet window, and
// most of those rows are as they were on the view before: the memo
// (memo.go) answers them without running the pattern, but only after it
// has looked for the pattern's literal in the row and hashed the row's
// text, which was a third of the question search. A view keeps, per row,
// the answers given about that row's text, and a row whose text is as on
// the view before starts with its answers: asking again is a scan of a
// few pointers.
//
// Exact by construction: an answer is a pure function of the pattern and
// the text, and a row's answers are carried only to a row with the same
// text. A pattern is answered from the row's answers only when the text
// asked about is the row's own string (as view.row returns it), not a
// copy or a part of it; any other text goes to the memo as before.
// TestRowAnswersChangeNoDecision replays every recording with and without
// them.

// rowAnswer is what a pattern answered about a row's text: whether it
// matched, and (found) its submatches, as re.FindStringSubmatch gives
// them, when they were asked for.
type rowAnswer struct {
	re    *regexp.Regexp
	hit   bool
	found bool     // sub was asked for (find), not only whether re matches
	sub   []string // re.FindStringSubmatch(text), nil when !hit; the memo's, copied out
}

// carryAnswers readies v to keep its rows' answers, from the last view
// that kept some: a view's answers are made when it is first asked (most
// views are never searched), then start, for every row whose text is as on
// that view, with the answers kept there. Off when the engine keeps none (a
// test's WithoutRowAnswers).
func (f *facts) carryAnswers(v *view) {
	if f.noRowAnswers {
		return
	}
	v.answersOn = true
	if old := f.view; old != nil {
		v.answersFrom = old
		if old.answers == nil && old.answersFrom != nil {
			v.answersFrom = old.answersFrom // old was never asked: what it would have started with
		}
	}
}

// keepAnswers makes v's rows' answers, carried from the view they come
// from for the rows whose text is as there.
func (v *view) keepAnswers() {
	v.answers = make([][]rowAnswer, len(v.rows))
	if b := v.answersFrom; b != nil && len(b.answers) == len(v.rows) {
		for i, t := range v.rows {
			if a := b.answers[i]; len(a) > 0 && t == b.rows[i] {
				v.answers[i] = a[:len(a):len(a)] // shared; an answer added to either is added to a copy
			}
		}
	}
	v.answersFrom = nil
}

// rowOf returns the 1-based row whose text is text itself (the same bytes
// at the same address, as view.row returns them), 0 for any other text or
// when v keeps no answers.
func (v *view) rowOf(text string) int {
	if !v.answersOn || text == "" {
		return 0
	}
	p := unsafe.StringData(text)
	for i, t := range v.rows {
		if len(t) == len(text) && unsafe.StringData(t) == p {
			return i + 1
		}
	}
	return 0
}

// answer returns what re answered about row r's text, asking the memo
// (find or only whether it matches) when the row has no answer that says
// as much.
func (v *view) answer(re *regexp.Regexp, r int, find bool) rowAnswer {
	if v.answers == nil {
		v.keepAnswers()
	}
	as := v.answers[r-1]
	for i := range as {
		if a := &as[i]; a.re == re && (a.found || !find || !a.hit) {
			return *a // a miss says as much as a find: no submatches
		}
	}
	text := v.rows[r-1]
	a := rowAnswer{re: re, found: find}
	if find {
		a.sub = v.memo.findShared(re, text) // the memo's, never changed: copied out
		a.hit = a.sub != nil
	} else {
		a.hit = v.memo.matches(re, text)
	}
	v.answers[r-1] = append(as, a)
	return a
}

// rowMatches reports whether re matches row r's text, from the row's
// answers when v keeps them.
func (v *view) rowMatches(re *regexp.Regexp, r int) bool {
	if !v.answersOn {
		return v.memo.matches(re, v.rows[r-1])
	}
	return v.answer(re, r, false).hit
}

// matches, find, findAll and remove are the view's patterns: a row's own
// text from the row's answers, any other through the engine's memo.
func (v *view) matches(re *regexp.Regexp, text string) bool {
	if r := v.rowOf(text); r > 0 {
		return v.answer(re, r, false).hit
	}
	return v.memo.matches(re, text)
}

func (v *view) find(re *regexp.Regexp, text string) []string {
	if r := v.rowOf(text); r > 0 {
		if a := v.answer(re, r, true); a.sub != nil {
			return append([]string(nil), a.sub...) // the caller's, as the memo's
		}
		return nil
	}
	return v.memo.find(re, text)
}

func (v *view) findAll(re *regexp.Regexp, text string) [][]string {
	return v.memo.findAll(re, text)
}
func (v *view) remove(re *regexp.Regexp, text string) string { return v.memo.remove(re, text) }
