package examples

import (
	"testing"

	"gotest.tools/v3/assert"
	"gotest.tools/v3/fs"
	"gotest.tools/v3/poll"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/gotools"
	"github.com/ttyrig/ttyrig/termtest"
)

// A shell: wait for the prompt, submit a command, check its output and the
// screen as a whole against a golden file (go test -update writes it).
func TestBash(t *testing.T) {
	dir := fs.NewDir(t, "bash", fs.WithFile("greeting.txt", "hello from a file\n"))
	term := shell.Spawn(t, []string{"bash", "--norc", "--noprofile"}, termtest.WithDir(dir.Path()))
	term.WaitForReady()
	term.Submit("cat greeting.txt")
	term.ExpectScreen(expect.Contains("hello from a file\n$ "))
	term.ExpectScreen(expect.Line(-1).Equals("$ "))
	term.ExpectScreen(termtest.Golden(t, ""))
}

// The same checks written with gotest.tools: poll.WaitOn for what takes
// time, assert.Assert for what holds now.
func TestBashWithGotestTools(t *testing.T) {
	term := shell.Spawn(t, []string{"bash", "--norc", "--noprofile"})
	term.WaitForReady()
	term.Type("echo $((6 * 7))\n")
	poll.WaitOn(t, gotools.Check(term, expect.Contains("\n42\n$ ")))
	assert.Assert(t, gotools.Compare(term, expect.CursorAt(3, 3)))
	assert.Equal(t, term.Snapshot().Line(2), "42")
}

// A REPL: python3's prompt, an expression, the answer.
func TestPython(t *testing.T) {
	need(t, "python3")
	term := termtest.Spawn(t, []string{"python3", "-q"}, termtest.WithEnv("PYTHONSTARTUP="), termtest.WithSize(60, 8))
	term.ExpectScreen(expect.Line(-1).Equals(">>> "))
	term.Submit("sum(range(10))")
	term.ExpectScreen(expect.Contains("\n45\n>>> "))
	term.Type("exit()\n")
	assert.Equal(t, term.WaitExit(), 0)
}
