package expect

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// Scope is the part of the screen a text condition reads: the whole screen
// (the zero Scope, and what Contains, Matches and Equals read), a line, a
// row or a region. Its methods make Conditions.
type Scope struct {
	kind                     scopeKind
	n                        int // line index or row
	top, left, bottom, right int // region
}

// Line scopes conditions to one line, with screen.Snapshot.Line's numbering:
// 1 is the top row, negative counts from the last line that holds text or
// the cursor, so Line(-1) is usually the prompt.
func Line(i int) Scope { return Scope{kind: scopeLine, n: i} }

// Row scopes conditions to a 1-based screen row, counted from the top
// whatever the screen holds.
func Row(row int) Scope { return Scope{kind: scopeRow, n: row} }

// Region scopes conditions to a rectangle of cells, 1-based and inclusive.
// Its text is one line per row, trailing blanks trimmed.
func Region(top, left, bottom, right int) Scope {
	return Scope{kind: scopeRegion, top: top, left: left, bottom: bottom, right: right}
}

// History scopes conditions to the session's output as far back as the
// screen keeps it: the lines that scrolled off the top (at most
// screen.ScrollbackLines, plain text) followed by the screen's lines. It
// finds output that scrolled away, as pexpect and go-expect match the
// stream, but on what a terminal would show. Full-screen programs (the
// alternate screen) scroll nothing off, and clear(1) erases what did.
func History() Scope { return Scope{kind: scopeHistory} }

// Contains expects the screen's text to contain s.
//
// Rows are read without their trailing blanks (except the cursor's row, up
// to the cursor): on a terminal a space written at the end of a row looks
// the same as a cell never written, and the screen cannot tell them apart.
// So spaces that end a line of s match blank cells: Contains("choose> ")
// holds when "choose>" is followed by a space, or by blank cells to the
// end of its row, as a prompt the program printed and moved on from is
// (not when "choose>" fills its row to the last column).
func Contains(s string) *Expectation { return Scope{}.Contains(s) }

// Matches expects the screen's text, its lines joined by "\n", to match re;
// use (?m) for ^ and $ to match at line boundaries.
func Matches(re *regexp.Regexp) *Expectation { return Scope{}.Matches(re) }

// Equals expects the screen's text to be exactly s: its lines joined by
// "\n", trailing blanks trimmed, except that the cursor's line reaches to
// the cursor (a prompt "$ " keeps its space).
func Equals(s string) *Expectation { return Scope{}.Equals(s) }

// Contains expects the text in scope to contain s; spaces that end a line
// of s match blank cells (see Contains).
func (sc Scope) Contains(s string) *Expectation {
	// The pattern is compiled at the first check that does not find s as
	// it is: an expectation met at once never compiles one.
	blank := sync.OnceValue(func() *regexp.Regexp { return blankPattern(s) })
	tail := len(s) - len(strings.TrimRight(s, " ")) // the spaces s ends with
	if strings.TrimSpace(s[strings.LastIndexByte(s, '\n')+1:]) == "" {
		tail = 0 // a last line of spaces alone: no row end to check
	}
	desc, descNot := fmt.Sprintf("%s contains %q", sc, s), fmt.Sprintf("%s does not contain %q", sc, s)
	return newExpectation(desc, descNot, func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		text := sc.Text(snap)
		i, n := strings.Index(text, s), len(s)
		if i < 0 {
			for _, loc := range findAll(blank(), text) {
				// The spaces the match lacks must be blank cells left on
				// its row: text that fills the row to its last column is
				// followed by none.
				m := text[loc[0]:loc[1]]
				if lack := tail - (len(m) - len(strings.TrimRight(m, " "))); lack <= 0 || sc.roomAfter(snap, text, loc[1], lack) {
					i, n = loc[0], loc[1]-loc[0]
					break
				}
			}
		}
		ok, seen := sc.containsSeen(text, s, i, n)
		return ok, seen, time.Time{}
	})
}

// containsSeen says what Contains saw: s found at text[i:i+n] (the
// spaces it ends with as blank cells when n is shorter), or not (i < 0).
func (sc Scope) containsSeen(text, s string, i, n int) (bool, string) {
	if sc.kind != scopeScreen && sc.kind != scopeRegion {
		return i >= 0, fmt.Sprintf("%s is %q", sc, text)
	}
	switch {
	case i >= 0 && text[i:i+n] == s:
		return true, fmt.Sprintf("found %q %s", s, whereIn(text, i, sc))
	case i >= 0:
		return true, fmt.Sprintf("found %q, then blank cells, %s", text[i:i+n], whereIn(text, i, sc))
	}
	return false, fmt.Sprintf("%s does not contain %q", sc, s)
}

// roomAfter reports whether the row on which byte end of the scoped text
// lies has n blank cells at its end (the scope's right edge for a region).
// Where the row is not known (the history's scrollback), it does.
func (sc Scope) roomAfter(snap screen.Snapshot, text string, end, n int) bool {
	cols, _ := snap.Size()
	line := strings.Count(text[:end], "\n") // 0-based line of the scoped text
	var row int
	switch sc.kind {
	case scopeScreen:
		row = line + 1
	case scopeRow:
		row = sc.n
	case scopeLine:
		row = sc.n
		if sc.n < 0 {
			row = len(snap.Lines()) + sc.n + 1
		}
	case scopeRegion:
		row, cols = sc.top+line, sc.right
	default:
		return true
	}
	for c := cols - n + 1; c <= cols; c++ {
		if cell := snap.Cell(row, c); cell.Width == 0 || strings.TrimSpace(cell.Content) != "" {
			return false
		}
	}
	return true
}

// blankTails returns a pattern for s in which the spaces that end each of
// its lines match blank cells as a screen's text shows them: trimmed at the
// end of a row, or as many spaces as s has (fewer on the cursor's row,
// padded only to the cursor). It is nil when no line of s ends in a space.
func blankTails(s string) *regexp.Regexp {
	lines := strings.Split(s, "\n")
	var b strings.Builder
	b.WriteString("(?m)")
	found := false
	for i, l := range lines {
		core := strings.TrimRight(l, " ")
		n := len(l) - len(core)
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(regexp.QuoteMeta(core))
		switch {
		case n == 0:
		case i < len(lines)-1: // a newline follows: the row ends here
			found = true
			fmt.Fprintf(&b, " {0,%d}", n)
		default: // s ends here: the spaces, or the row's end
			found = true
			fmt.Fprintf(&b, "(?: {%d}| {0,%d}$)", n, n-1)
		}
	}
	if !found {
		return nil
	}
	return regexp.MustCompile(b.String())
}

// findAll returns re's matches in text, none for a nil re.
func findAll(re *regexp.Regexp, text string) [][]int {
	if re == nil {
		return nil
	}
	return re.FindAllStringIndex(text, -1)
}

// Matches expects the text in scope to match re.
func (sc Scope) Matches(re *regexp.Regexp) *Expectation {
	return sc.text(fmt.Sprintf("matches /%s/", re), fmt.Sprintf("does not match /%s/", re), func(text string) (bool, string) {
		if sc.kind == scopeScreen || sc.kind == scopeRegion {
			if loc := re.FindStringIndex(text); loc != nil {
				return true, fmt.Sprintf("matched %q %s", text[loc[0]:loc[1]], whereIn(text, loc[0], sc))
			}
			return false, fmt.Sprintf("nothing in %s matches /%s/", sc, re)
		}
		return re.MatchString(text), fmt.Sprintf("%s is %q", sc, text)
	})
}

// Equals expects the text in scope to be exactly s; a mismatch shows a diff
// (-want +got), and says so when only trailing blanks differ.
func (sc Scope) Equals(s string) *Expectation {
	return sc.text(fmt.Sprintf("equals %q", s), fmt.Sprintf("differs from %q", s), func(text string) (bool, string) {
		if text == s {
			return true, fmt.Sprintf("%s is %q", sc, text)
		}
		seen := fmt.Sprintf("%s differs (-want +got):\n%s", sc, diff(s, text))
		if trimLines(text) == trimLines(s) {
			seen += "\nonly trailing blanks differ: rows are read without their trailing blanks, " +
				"except the cursor's row up to the cursor (use Contains, where spaces that end a line match blank cells)"
		}
		return false, seen
	})
}

// trimLines drops the trailing blanks of every line of s.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// CursorAt expects the cursor at a 1-based row and column.
func CursorAt(row, col int) *Expectation {
	want := screen.Position{Row: row, Col: col}
	return newExpectation(fmt.Sprintf("the cursor is at %s", want), fmt.Sprintf("the cursor is not at %s", want), func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		return snap.Cursor() == want, fmt.Sprintf("the cursor is at %s", snap.Cursor()), time.Time{}
	})
}

// Title expects the window title (OSC 0 or 2) to be title.
func Title(title string) *Expectation {
	return newExpectation(fmt.Sprintf("the title is %q", title), fmt.Sprintf("the title is not %q", title), func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		return snap.Title() == title, fmt.Sprintf("the title is %q", snap.Title()), time.Time{}
	})
}

// Stable expects the screen not to have changed for d, with no
// synchronized update (DEC 2026) open and at least one byte of output drawn:
// the moment to take a golden screen.
func Stable(d time.Duration) *Expectation {
	return newExpectation(fmt.Sprintf("the screen is stable for %v", d), fmt.Sprintf("the screen is changing (not stable for %v)", d),
		func(snap screen.Snapshot, now time.Time) (bool, string, time.Time) { return stable(snap, now, d) })
}

// stable reports whether snap has been stable for d at now. When it is not,
// seen says why and recheck says when it may be (zero: only after a change).
func stable(snap screen.Snapshot, now time.Time, d time.Duration) (ok bool, seen string, recheck time.Time) {
	switch {
	case snap.Time().IsZero():
		return false, "no output yet", time.Time{}
	case snap.SyncOpen():
		return false, "a synchronized update (DEC 2026) is open", time.Time{}
	}
	quiet := now.Sub(snap.Changed())
	if quiet >= d {
		return true, fmt.Sprintf("the screen has not changed for %v", quiet.Round(time.Millisecond)), time.Time{}
	}
	return false, fmt.Sprintf("the screen changed %v ago", quiet.Round(time.Millisecond)), snap.Changed().Add(d)
}

// Not negates c: Not(Contains("error")) holds while the text is absent, so
// waiting on it waits until the text is gone.
func Not(c Condition) Condition {
	if e, ok := c.(*Expectation); ok {
		n := *e
		n.not = !e.not
		n.desc, n.descNot = e.descNot, e.desc
		return &n
	}
	return newExpectation("not: "+c.String(), c.String(), func(snap screen.Snapshot, now time.Time) (bool, string, time.Time) {
		recheck, err := checkAt(c, snap, now)
		if err != nil {
			return false, err.Error(), recheck
		}
		return true, "it holds", time.Time{}
	}).negated()
}

// text builds an expectation over the scoped text; test returns whether it
// holds and what was seen.
func (sc Scope) text(what, whatNot string, test func(text string) (bool, string)) *Expectation {
	return newExpectation(sc.String()+" "+what, sc.String()+" "+whatNot, func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		ok, seen := test(sc.Text(snap))
		return ok, seen, time.Time{}
	})
}

// newExpectation makes an Expectation; desc and descNot say what it
// expects, plain and negated.
func newExpectation(desc, descNot string, eval evalFunc) *Expectation {
	return &Expectation{desc: desc, descNot: descNot, eval: eval}
}

func (e *Expectation) negated() *Expectation {
	e.not = true
	return e
}

// evalFunc checks a snapshot at a time: whether the positive condition
// holds, what was seen (for the message either way), and when a timed
// condition may next hold without a change.
type evalFunc func(snap screen.Snapshot, now time.Time) (ok bool, seen string, recheck time.Time)

// Expectation is a Condition (a Timed one) made by this package's
// constructors. It is never modified, so a value can be reused and shared.
type Expectation struct {
	desc, descNot string // the condition as stated, and its negation
	not           bool
	eval          evalFunc
	// needs, when set, must hold for the expectation or its negation to
	// hold: Not(Text("x").Highlighted()) needs "x" on the screen.
	needs func(screen.Snapshot) error
}

// String says what is expected, e.g. `line -1 equals "$ "`.
func (e *Expectation) String() string { return e.desc }

// Check returns nil when the expectation holds for snap, else what was seen.
// Time-dependent expectations (Stable) are judged at the wall clock's now;
// use CheckAt to give the time.
func (e *Expectation) Check(snap screen.Snapshot) error {
	_, err := e.CheckAt(snap, time.Now())
	return err
}

// CheckAt is Check at a given time; when the expectation does not hold,
// recheck says when it may without a change of screen (zero: only after one).
func (e *Expectation) CheckAt(snap screen.Snapshot, now time.Time) (recheck time.Time, err error) {
	if e.not && e.needs != nil {
		if err := e.needs(snap); err != nil {
			return time.Time{}, err
		}
	}
	ok, seen, recheck := e.eval(snap, now)
	if ok != e.not {
		return time.Time{}, nil
	}
	if e.not {
		recheck = time.Time{} // the positive condition holds; only a change can undo that
	}
	return recheck, checkError(seen)
}

// checkError is what a failed check saw.
type checkError string

func (c checkError) Error() string { return string(c) }

// diff shows want against got, line by line when either spans lines.
func diff(want, got string) string {
	if strings.Contains(want, "\n") || strings.Contains(got, "\n") {
		return cmp.Diff(strings.Split(want, "\n"), strings.Split(got, "\n"))
	}
	return cmp.Diff(want, got)
}

type scopeKind int

const (
	scopeScreen scopeKind = iota
	scopeLine
	scopeRow
	scopeRegion
	scopeHistory
)

func (s Scope) String() string {
	switch s.kind {
	case scopeLine:
		return fmt.Sprintf("line %d", s.n)
	case scopeRow:
		return fmt.Sprintf("row %d", s.n)
	case scopeRegion:
		return fmt.Sprintf("region %d,%d-%d,%d", s.top, s.left, s.bottom, s.right)
	case scopeHistory:
		return "the history (scrollback and screen)"
	}
	return "the screen"
}

// Text returns the scoped text of snap.
func (s Scope) Text(snap screen.Snapshot) string {
	switch s.kind {
	case scopeLine:
		return snap.Line(s.n)
	case scopeRow:
		return snap.Row(s.n)
	case scopeRegion:
		var b strings.Builder
		for r := s.top; r <= s.bottom; r++ {
			if r > s.top {
				b.WriteByte('\n')
			}
			var line strings.Builder
			for c := s.left; c <= s.right; c++ {
				cell := snap.Cell(r, c)
				if cell.Width == 0 && cell.Content == "" {
					continue // second half of a wide character, or off the screen
				}
				line.WriteString(cell.Content)
			}
			b.WriteString(strings.TrimRight(line.String(), " "))
		}
		return b.String()
	case scopeHistory:
		back := snap.Scrollback()
		if len(back) == 0 {
			return snap.Text()
		}
		return strings.Join(back, "\n") + "\n" + snap.Text()
	}
	return snap.Text()
}

// whereIn says where byte offset i of a multi-line scoped text lies.
func whereIn(text string, i int, s Scope) string {
	line := strings.Count(text[:i], "\n")
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += i
	}
	row := line + 1
	switch s.kind {
	case scopeRegion:
		row += s.top - 1
	case scopeHistory:
		return fmt.Sprintf("on line %d of the history: %q", row, text[start:end])
	}
	return fmt.Sprintf("on row %d: %q", row, text[start:end])
}
