package examples

import (
	"regexp"
	"testing"

	"gotest.tools/v3/assert"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// A huh form draws every field at once and moves the focus between them
// asynchronously. Actions wait until the program is ready for input (and
// has reacted to the last key), so the test needs no WaitForReady: each
// key goes to the field that has the focus by then.
func TestHuhForm(t *testing.T) {
	term := termtest.Spawn(t, []string{"signup"}, termtest.WithSize(60, 20))
	term.ExpectScreen(expect.Contains("Ship it?")) // all three fields are on the screen at once
	term.Type("Ada")
	term.Press(termtest.KeyEnter) // the focus moves to the language
	term.Press(termtest.KeyDown)
	term.ExpectScreen(expect.Matches(regexp.MustCompile(`> Python`)))
	term.Press(termtest.KeyEnter) // the focus moves to the confirmation
	term.Press(termtest.KeyRight) // No
	term.Press(termtest.KeyEnter)
	term.ExpectScreen(expect.Contains("Ada ships Python: false"))
	assert.Equal(t, term.WaitExit(), 0)
}
