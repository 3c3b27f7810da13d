package expect

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// Locator finds text on the screen, so conditions can be about its cells:
// its style, how often it appears, whether it is the highlighted option.
// Text never spans rows. A Locator is strict: when it finds the text more
// than once, conditions about one match fail and say where they found it;
// First and Nth choose one instead.
type Locator struct {
	desc string
	find func(line string) [][]int // byte ranges of the matches in a row's text
	nth  int                       // 0: strict; n > 0: the n-th match
}

// Text locates s.
func Text(s string) Locator {
	return Locator{desc: fmt.Sprintf("%q", s), find: func(line string) [][]int {
		var out [][]int
		if s == "" {
			return nil
		}
		for i := 0; ; {
			j := strings.Index(line[i:], s)
			if j < 0 {
				return out
			}
			out = append(out, []int{i + j, i + j + len(s)})
			i += j + len(s)
		}
	}}
}

// TextMatching locates the matches of re.
func TextMatching(re *regexp.Regexp) Locator {
	return Locator{desc: fmt.Sprintf("/%s/", re), find: func(line string) [][]int {
		var out [][]int
		for _, m := range re.FindAllStringIndex(line, -1) {
			if m[1] > m[0] {
				out = append(out, m)
			}
		}
		return out
	}}
}

// First chooses the first match, top to bottom and left to right.
func (l Locator) First() Locator { return l.Nth(1) }

// Nth chooses the n-th match, 1-based, top to bottom and left to right.
func (l Locator) Nth(n int) Locator {
	l.nth = max(n, 1)
	return l
}

func (l Locator) String() string {
	switch {
	case l.nth == 1:
		return "the first " + l.desc
	case l.nth > 1:
		return fmt.Sprintf("match %d of %s", l.nth, l.desc)
	}
	return l.desc
}

// Match is one place a Locator found its text.
type Match struct {
	Text  string
	Start screen.Position // the first cell, 1-based
	Cells []screen.Cell   // one per character cell (a wide character is one)
}

func (m Match) String() string { return fmt.Sprintf("%q at %s", m.Text, m.Start) }

// FindAll returns every match on snap, top to bottom and left to right.
func (l Locator) FindAll(snap screen.Snapshot) []Match {
	cols, rows := snap.Size()
	var out []Match
	for r := 1; r <= rows; r++ {
		var text strings.Builder
		var offCol []int // byte offset -> column of the cell holding it
		var offCell []int
		var cells []screen.Cell
		for c := 1; c <= cols; c++ {
			cell := snap.Cell(r, c)
			if cell.Width == 0 && cell.Content == "" {
				continue // second half of a wide character
			}
			content := cell.Content
			if content == "" {
				content = " "
			}
			for range len(content) {
				offCol = append(offCol, c)
				offCell = append(offCell, len(cells))
			}
			cells = append(cells, cell)
			text.WriteString(content)
		}
		line := text.String()
		for _, m := range l.find(line) {
			first, last := offCell[m[0]], offCell[m[1]-1]
			out = append(out, Match{
				Text:  line[m[0]:m[1]],
				Start: screen.Position{Row: r, Col: offCol[m[0]]},
				Cells: append([]screen.Cell(nil), cells[first:last+1]...),
			})
		}
	}
	return out
}

// Find returns the one match the locator stands for: the n-th after Nth,
// else the only one; the error says what was found instead.
func (l Locator) Find(snap screen.Snapshot) (Match, error) {
	all := l.FindAll(snap)
	switch {
	case l.nth > 0 && l.nth <= len(all):
		return all[l.nth-1], nil
	case l.nth > 0:
		return Match{}, fmt.Errorf("found %s %d times, not %d", l.desc, len(all), l.nth)
	case len(all) == 1:
		return all[0], nil
	case len(all) == 0:
		return Match{}, fmt.Errorf("%s is not on the screen", l.desc)
	}
	where := make([]string, len(all))
	for i, m := range all {
		where[i] = m.Start.String()
	}
	return Match{}, fmt.Errorf("found %s %d times (at %s); say First() or Nth(n)", l.desc, len(all), strings.Join(where, ", "))
}

// Visible expects the located text on the screen (once, unless First or
// Nth chose one).
func (l Locator) Visible() *Expectation {
	return l.expect("is on the screen", "is not on the screen", func(m Match) (bool, string) {
		return true, fmt.Sprintf("found %s", m)
	})
}

// Count expects the text on the screen exactly n times.
func (l Locator) Count(n int) *Expectation {
	return newExpectation(fmt.Sprintf("%s appears %d times", l.desc, n), fmt.Sprintf("%s does not appear %d times", l.desc, n),
		func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
			got := len(l.FindAll(snap))
			return got == n, fmt.Sprintf("%s appears %d times", l.desc, got), time.Time{}
		})
}

// HasStyle expects every cell of the located text to have each part of
// style, in the words of screen.Cell.Style: "bold", "reverse",
// "fg=blue", "bg=#202020", "bold fg=color(208)".
func (l Locator) HasStyle(style string) *Expectation {
	want := strings.Fields(style)
	return l.expect(fmt.Sprintf("is %s", style), fmt.Sprintf("is not %s", style), func(m Match) (bool, string) {
		for i, c := range m.Cells {
			have := " " + c.Style() + " "
			for _, w := range want {
				if !strings.Contains(have, " "+w+" ") {
					return false, fmt.Sprintf("%s: cell %d (%q) is %s", m, i+1, c.Content, styleWords(c))
				}
			}
		}
		return true, fmt.Sprintf("%s is %s", m, styleWords(m.Cells[0]))
	})
}

// Highlighted expects the located text to be shown as selected: every
// cell in reverse video or on a background colour, as selection lists and
// menus draw the current option.
func (l Locator) Highlighted() *Expectation {
	return l.expect("is highlighted (reverse video or a background colour)", "is not highlighted", func(m Match) (bool, string) {
		for i, c := range m.Cells {
			if !c.Reverse && c.Bg == nil {
				return false, fmt.Sprintf("%s: cell %d (%q) is %s", m, i+1, c.Content, styleWords(c))
			}
		}
		return true, fmt.Sprintf("%s is %s", m, styleWords(m.Cells[0]))
	})
}

func styleWords(c screen.Cell) string {
	if s := c.Style(); s != "" {
		return s
	}
	return "in the default style"
}

// expect makes a condition about the one match; without one, it fails
// saying what was found (and its negation fails too: there is nothing to
// be not-styled).
func (l Locator) expect(what, whatNot string, test func(Match) (bool, string)) *Expectation {
	e := newExpectation(l.String()+" "+what, l.String()+" "+whatNot, func(snap screen.Snapshot, _ time.Time) (bool, string, time.Time) {
		m, err := l.Find(snap)
		if err != nil {
			return false, err.Error(), time.Time{}
		}
		ok, seen := test(m)
		return ok, seen, time.Time{}
	})
	e.needs = func(snap screen.Snapshot) error {
		_, err := l.Find(snap)
		return err
	}
	return e
}
