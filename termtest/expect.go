package termtest

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
)

// ExpectScreen starts an assertion about the screen, for code outside tests:
//
//	err := term.ExpectScreen().Line(-1).ToEqual("$ ").Wait(ctx)
//
// Wait checks at every change of the screen, fails at once if the program
// exits first, and is bounded by the terminal's timeout when ctx has no
// deadline.
func (t *Terminal) ExpectScreen() *expect.Assertion { return expect.Screen(source{t}) }

// source is a Terminal as expect sees it: its clock too, so waits and
// stability are measured on the clock that stamps the output.
type source struct{ *Terminal }

func (s source) Now() time.Time { return s.cfg.clock.Now() }

// ScreenAssertion is ExpectScreen for tests: each To... method waits up to
// the terminal's timeout for the screen to satisfy it and otherwise fails
// the test with what was expected, the screen with the cursor marked, the
// last bytes received and the readiness timeline.
type ScreenAssertion struct {
	tb       testing.TB
	term     *Terminal
	a        *expect.Assertion
	narrowed bool // Line, Row, Region or Not was applied
}

// ExpectScreen starts an assertion about the screen that waits, up to the
// terminal's timeout, for it to hold:
//
//	term.ExpectScreen().ToContain("hi")
//	term.ExpectScreen().Line(-1).ToEqual("$ ")
//	term.ExpectScreen().Not().ToContain("error")
func (m *Term) ExpectScreen() *ScreenAssertion {
	return &ScreenAssertion{tb: m.tb, term: m.term, a: m.term.ExpectScreen()}
}

// narrow returns s with a narrowed (or negated) assertion.
func (s *ScreenAssertion) narrow(a *expect.Assertion) *ScreenAssertion {
	return &ScreenAssertion{tb: s.tb, term: s.term, a: a, narrowed: true}
}

// Line narrows to one line: 0 is the top, -1 the last line holding text or
// the cursor (as screen.Snapshot.Line).
func (s *ScreenAssertion) Line(i int) *ScreenAssertion { return s.narrow(s.a.Line(i)) }

// Row narrows to a 1-based screen row.
func (s *ScreenAssertion) Row(row int) *ScreenAssertion { return s.narrow(s.a.Row(row)) }

// Region narrows to a rectangle of cells, 1-based and inclusive.
func (s *ScreenAssertion) Region(top, left, bottom, right int) *ScreenAssertion {
	return s.narrow(s.a.Region(top, left, bottom, right))
}

// Not negates what follows: Not().ToContain("error") waits until the text
// is absent.
func (s *ScreenAssertion) Not() *ScreenAssertion { return s.narrow(s.a.Not()) }

// ToContain waits until the text in scope contains text.
func (s *ScreenAssertion) ToContain(text string) { s.tb.Helper(); s.wait(s.a.ToContain(text)) }

// ToMatch waits until the text in scope matches re (for the whole screen,
// lines joined by "\n"; use (?m) for per-line anchors).
func (s *ScreenAssertion) ToMatch(re *regexp.Regexp) { s.tb.Helper(); s.wait(s.a.ToMatch(re)) }

// ToEqual waits until the text in scope is exactly text; a mismatch shows a
// diff (-want +got).
func (s *ScreenAssertion) ToEqual(text string) { s.tb.Helper(); s.wait(s.a.ToEqual(text)) }

// ToHaveCursorAt waits until the cursor is at a 1-based row and column.
func (s *ScreenAssertion) ToHaveCursorAt(row, col int) {
	s.tb.Helper()
	s.wait(s.a.ToHaveCursorAt(row, col))
}

// ToHaveTitle waits until the window title is title.
func (s *ScreenAssertion) ToHaveTitle(title string) { s.tb.Helper(); s.wait(s.a.ToHaveTitle(title)) }

// ToBeStable waits until the screen has not changed for d and no
// synchronized update is open.
func (s *ScreenAssertion) ToBeStable(d time.Duration) { s.tb.Helper(); s.wait(s.a.ToBeStable(d)) }

// ToSatisfy waits until a custom condition holds.
func (s *ScreenAssertion) ToSatisfy(c expect.Condition) { s.tb.Helper(); s.wait(s.a.ToSatisfy(c)) }

func (s *ScreenAssertion) wait(e *expect.Expectation) {
	s.tb.Helper()
	// Not tb.Context: it is already done in Cleanup, where a final look at
	// the screen is still useful. The terminal's timeout bounds the wait.
	if err := e.Wait(context.Background()); err != nil {
		s.tb.Fatalf("%v", err)
	}
}
