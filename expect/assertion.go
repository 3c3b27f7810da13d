package expect

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// Assertion chooses what part of a screen an expectation is about and
// whether it is negated. Its methods return new Assertions; it is never
// modified, so a value can be reused.
type Assertion struct {
	src   Source
	scope scope
	not   bool
}

// Screen starts an assertion about the whole screen of src. src may be nil
// when the resulting Expectations are only used as Conditions.
func Screen(src Source) *Assertion { return &Assertion{src: src} }

// Line narrows the assertion to one line, with screen.Snapshot.Line's
// numbering: 0 is the top row, negative counts from the last line that holds
// text or the cursor, so Line(-1) is usually the prompt.
func (a *Assertion) Line(i int) *Assertion {
	b := *a
	b.scope = scope{kind: scopeLine, n: i}
	return &b
}

// Row narrows the assertion to a 1-based screen row, counted from the top
// whatever the screen holds.
func (a *Assertion) Row(row int) *Assertion {
	b := *a
	b.scope = scope{kind: scopeRow, n: row}
	return &b
}

// Region narrows the assertion to a rectangle of cells, 1-based and
// inclusive. Its text is one line per row, trailing blanks trimmed.
func (a *Assertion) Region(top, left, bottom, right int) *Assertion {
	b := *a
	b.scope = scope{kind: scopeRegion, top: top, left: left, bottom: bottom, right: right}
	return &b
}

// Not negates the expectation that follows: Not().ToContain("error") holds
// while the text is absent, so waiting on it waits until the text is gone.
func (a *Assertion) Not() *Assertion {
	b := *a
	b.not = !a.not
	return &b
}

// ToContain expects the text in scope to contain s.
func (a *Assertion) ToContain(s string) *Expectation {
	return a.text(fmt.Sprintf("contains %q", s), fmt.Sprintf("does not contain %q", s), func(text string) (bool, string) {
		if a.scope.kind == scopeScreen || a.scope.kind == scopeRegion {
			if i := strings.Index(text, s); i >= 0 {
				return true, fmt.Sprintf("found %q %s", s, whereIn(text, i, a.scope))
			}
			return false, fmt.Sprintf("%s does not contain %q", a.scope, s)
		}
		return strings.Contains(text, s), fmt.Sprintf("%s is %q", a.scope, text)
	})
}

// ToMatch expects the text in scope to match re. For the whole screen the
// text is its lines joined by "\n"; use (?m) for ^ and $ to match at line
// boundaries.
func (a *Assertion) ToMatch(re *regexp.Regexp) *Expectation {
	return a.text(fmt.Sprintf("matches /%s/", re), fmt.Sprintf("does not match /%s/", re), func(text string) (bool, string) {
		if a.scope.kind == scopeScreen || a.scope.kind == scopeRegion {
			if loc := re.FindStringIndex(text); loc != nil {
				return true, fmt.Sprintf("matched %q %s", text[loc[0]:loc[1]], whereIn(text, loc[0], a.scope))
			}
			return false, fmt.Sprintf("nothing in %s matches /%s/", a.scope, re)
		}
		return re.MatchString(text), fmt.Sprintf("%s is %q", a.scope, text)
	})
}

// ToEqual expects the text in scope to be exactly s. The whole screen's text
// is its lines joined by "\n", trailing blanks trimmed, except that the
// cursor's line reaches to the cursor (a prompt "$ " keeps its space).
func (a *Assertion) ToEqual(s string) *Expectation {
	return a.text(fmt.Sprintf("equals %q", s), fmt.Sprintf("differs from %q", s), func(text string) (bool, string) {
		if text == s {
			return true, fmt.Sprintf("%s is %q", a.scope, text)
		}
		return false, fmt.Sprintf("%s differs (-want +got):\n%s", a.scope, diff(s, text))
	})
}

// ToHaveCursorAt expects the cursor at a 1-based row and column. The scope
// does not apply: the cursor belongs to the whole screen.
func (a *Assertion) ToHaveCursorAt(row, col int) *Expectation {
	want := screen.Position{Row: row, Col: col}
	return a.expect(fmt.Sprintf("the cursor is at %s", want), fmt.Sprintf("the cursor is not at %s", want), func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		return snap.Cursor() == want, fmt.Sprintf("the cursor is at %s", snap.Cursor()), time.Time{}
	})
}

// ToHaveTitle expects the window title (OSC 0 or 2) to be title. The scope
// does not apply.
func (a *Assertion) ToHaveTitle(title string) *Expectation {
	return a.expect(fmt.Sprintf("the title is %q", title), fmt.Sprintf("the title is not %q", title), func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		return snap.Title() == title, fmt.Sprintf("the title is %q", snap.Title()), time.Time{}
	})
}

// ToBeStable expects the screen not to have changed for d, with no
// synchronized update (DEC 2026) open and at least one byte of output drawn:
// the moment to take a golden screen. The scope does not apply.
func (a *Assertion) ToBeStable(d time.Duration) *Expectation {
	return a.expect(fmt.Sprintf("the screen is stable for %v", d), fmt.Sprintf("the screen is changing (not stable for %v)", d),
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

// ToSatisfy expects c to hold (or, after Not, not to hold). It lets a
// custom Condition use the same waiting and reporting; the scope does not
// apply.
func (a *Assertion) ToSatisfy(c Condition) *Expectation {
	return a.expect(c.String(), "not: "+c.String(), func(snap screen.Snapshot, now time.Time) (bool, string, time.Time) {
		var recheck time.Time
		var err error
		if t, ok := c.(Timed); ok {
			recheck, err = t.CheckAt(snap, now)
		} else {
			err = c.Check(snap)
		}
		if err != nil {
			return false, err.Error(), recheck
		}
		return true, "it holds", time.Time{}
	})
}

// text builds an expectation over the scoped text; test returns whether it
// holds and what was seen.
func (a *Assertion) text(what, whatNot string, test func(text string) (bool, string)) *Expectation {
	return a.expect(a.scope.String()+" "+what, a.scope.String()+" "+whatNot, func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		ok, seen := test(a.scope.text(snap))
		return ok, seen, time.Time{}
	})
}

// expect makes the Expectation; desc and descNot say what it expects,
// plain and negated.
func (a *Assertion) expect(desc, descNot string, eval evalFunc) *Expectation {
	if a.not {
		desc = descNot
	}
	return &Expectation{src: a.src, desc: desc, not: a.not, eval: eval}
}

// evalFunc checks a snapshot at a time: whether the positive condition
// holds, what was seen (for the message either way), and when a timed
// condition may next hold without a change.
type evalFunc func(snap screen.Snapshot, now time.Time) (ok bool, seen string, recheck time.Time)

// Expectation is a condition on a source's screen. It is a Condition (and a
// Timed one), so it can be checked on any snapshot, and Wait waits on its
// source until it holds.
type Expectation struct {
	src  Source
	desc string
	not  bool
	eval evalFunc
}

// String says what is expected, e.g. `line -1 equals "$ "`.
func (e *Expectation) String() string { return e.desc }

// Check returns nil when the expectation holds for snap, else what was seen.
// Time-dependent expectations (ToBeStable) are judged at the wall clock's
// now; use CheckAt to give the time.
func (e *Expectation) Check(snap screen.Snapshot) error {
	_, err := e.CheckAt(snap, time.Now())
	return err
}

// CheckAt is Check at a given time; when the expectation does not hold,
// recheck says when it may without a change of screen (zero: only after one).
func (e *Expectation) CheckAt(snap screen.Snapshot, now time.Time) (recheck time.Time, err error) {
	ok, seen, recheck := e.eval(snap, now)
	if ok != e.not {
		return time.Time{}, nil
	}
	if e.not {
		recheck = time.Time{} // the positive condition holds; only a change can undo that
	}
	return recheck, checkError(seen)
}

// Wait waits until the expectation holds on its source's screen, checking
// at every change. It fails when ctx ends, or at once when the source is
// done (the program exited) and its final screen does not satisfy it. If ctx
// has no deadline, the source's own timeout bounds the wait (a terminal's
// WithTimeout). A failure is an *Error.
func (e *Expectation) Wait(ctx context.Context) error { return Wait(ctx, e.src, e) }

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
)

// scope is the part of the screen an assertion reads.
type scope struct {
	kind                     scopeKind
	n                        int // line index or row
	top, left, bottom, right int // region
}

func (s scope) String() string {
	switch s.kind {
	case scopeLine:
		return fmt.Sprintf("line %d", s.n)
	case scopeRow:
		return fmt.Sprintf("row %d", s.n)
	case scopeRegion:
		return fmt.Sprintf("region %d,%d-%d,%d", s.top, s.left, s.bottom, s.right)
	}
	return "the screen"
}

// text returns the scoped text of snap.
func (s scope) text(snap screen.Snapshot) string {
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
	}
	return snap.Text()
}

// whereIn says where byte offset i of a multi-line scoped text lies.
func whereIn(text string, i int, s scope) string {
	line := strings.Count(text[:i], "\n")
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += i
	}
	row := line + 1
	if s.kind == scopeRegion {
		row += s.top - 1
	}
	return fmt.Sprintf("on row %d: %q", row, text[start:end])
}
