package examples

import (
	"os"
	"path/filepath"
	"testing"

	"gotest.tools/v3/assert"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// npmDir is where `make examples` installs the Node packages the examples
// use (NODE_PATH for node).
func npmDir(t *testing.T) string {
	t.Helper()
	need(t, "node")
	dir := os.Getenv("TTYRIG_NPM_DIR")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "ttyrig", "npm")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@inquirer", "select")); err != nil {
		t.Fatalf("@inquirer/select is not installed in %s (make examples installs it): %v", dir, err)
	}
	return dir
}

// An npm prompt library: @inquirer/select draws a list with a hidden
// cursor; the arrow moves the selection, Enter answers.
func TestInquirerSelect(t *testing.T) {
	dir := npmDir(t)
	script, err := filepath.Abs(filepath.Join("js", "select.mjs"))
	assert.NilError(t, err)
	// An ES module resolves packages from its own directory upwards, so it
	// runs from a copy beside the installed node_modules.
	copy := filepath.Join(dir, "select.mjs")
	b, err := os.ReadFile(script)
	assert.NilError(t, err)
	assert.NilError(t, os.WriteFile(copy, b, 0o644))

	term := termtest.Spawn(t, []string{"node", copy}, termtest.WithSize(60, 10))
	q := term.WaitForReady()
	t.Logf("readiness: %s (%s)", q.State, q.Reason)
	term.ExpectScreen(expect.Contains("Pick a colour"))
	term.ExpectScreen(expect.TextMatching(regexpMust(`❯ Red`)).Visible())
	term.Press(termtest.KeyDown)
	term.ExpectScreen(expect.TextMatching(regexpMust(`❯ Green`)).Visible())
	term.Press(termtest.KeyEnter)
	term.ExpectScreen(expect.Contains("answer: green"))
	assert.Equal(t, term.WaitExit(), 0)
}
