package examples

import (
	"testing"
	"time"

	"gotest.tools/v3/assert"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// A program the generic profile does not know well (the cursor hidden, no
// prompt glyph) is ready only by the 2 s silence fallback; a JSON profile
// that names its key help as a question marker makes it a question as soon
// as the screen is quiet for 100 ms. See README, "Writing a profile".
func TestProfileForAMenu(t *testing.T) {
	p, err := ready.LoadProfile("profiles/menu.json")
	assert.NilError(t, err)
	assert.Equal(t, p.Name, "menu")

	term := termtest.Spawn(t, []string{"menu"}, termtest.WithSize(40, 10), termtest.WithProfileFile("profiles/menu.json"))
	start := time.Now()
	tr := term.WaitForReady()
	t.Logf("%s after %v: %s", tr.State, time.Since(start).Round(time.Millisecond), tr.Reason)
	assert.Equal(t, tr.State, ready.Question)
	// Which part decided, not how soon (a second, asserted before, is a
	// speed: a loaded machine may take that to start the program).
	assert.Assert(t, tr.Signal != ready.SignalSilence, "decided by the profile, not the silence fallback (%s)", tr.By)
}
