package termtest_test

import (
	"regexp"
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// Output that scrolled off the top is not on the screen, but the history
// (scrollback and screen) still holds it, in order.
func TestHistoryFindsOutputThatScrolledAway(t *testing.T) {
	term := termtest.Spawn(t, []string{"sh", "-c", "echo FIRST; seq 2 100; echo LAST; sleep 30"}, termtest.WithSize(40, 10))
	term.ExpectScreen(expect.Contains("LAST"))
	term.ExpectScreen(expect.Not(expect.Contains("FIRST")))
	term.ExpectScreen(expect.History().Contains("FIRST\n2\n3\n"))
	term.ExpectScreen(expect.History().Matches(regexp.MustCompile(`(?s)FIRST.*\n50\n.*LAST`)))
	if back := term.Snapshot().Scrollback(); len(back) == 0 || back[0] != "FIRST" {
		t.Errorf("scrollback starts %q, want FIRST first", back[:min(len(back), 3)])
	}
}
