package examples

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
	"gotest.tools/v3/fs"
	"gotest.tools/v3/golden"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// vim: type in insert mode, save, and check the file it wrote.
func TestVim(t *testing.T) {
	need(t, "vim")
	dir := fs.NewDir(t, "vim")
	file := filepath.Join(dir.Path(), "notes.txt")
	term := termtest.Spawn(t, []string{"vim", "-u", "NONE", "-i", "NONE", "-N", file}, termtest.WithSize(60, 10))
	term.ExpectScreen(expect.Row(10).Contains("notes.txt"))
	term.Type("ihello from vim")
	term.Press(termtest.KeyEsc)
	term.ExpectScreen(expect.Row(1).Equals("hello from vim"))
	term.Type(":wq\r")
	assert.Equal(t, term.WaitExit(), 0)
	golden.Assert(t, readFile(t, file), "vim-notes.golden")
}

// less switches to application cursor keys; arrows are sent the way it
// asked for them, so they scroll.
func TestLessArrows(t *testing.T) {
	need(t, "less")
	var b strings.Builder
	for i := 1; i <= 50; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	dir := fs.NewDir(t, "less", fs.WithFile("lines.txt", b.String()))
	term := termtest.Spawn(t, []string{"less", filepath.Join(dir.Path(), "lines.txt")},
		termtest.WithSize(40, 8), termtest.WithEnv("LESS=", "LESSHISTFILE=-"))
	term.ExpectScreen(expect.Line(1).Equals("line 1"))
	term.Press(termtest.KeyDown, termtest.KeyDown, termtest.KeyDown)
	term.ExpectScreen(expect.Line(1).Equals("line 4"))
	term.Press(termtest.KeyUp)
	term.ExpectScreen(expect.Line(1).Equals("line 3"))
	term.Type("q")
	assert.Equal(t, term.WaitExit(), 0)
}

// A bubbletea program: the highlighted option follows the arrows and the
// mouse wheel; the golden screen records which one is highlighted.
func TestBubbleteaMenu(t *testing.T) {
	term := termtest.Spawn(t, []string{"menu"}, termtest.WithSize(40, 10))
	term.ExpectScreen(expect.Text("apple").Highlighted())
	term.Press(termtest.KeyDown)
	term.ExpectScreen(expect.Text("banana").Highlighted())
	term.ExpectScreen(expect.Not(expect.Text("apple").Highlighted()))
	term.ExpectScreen(termtest.Golden(t, "banana"))
	term.Wheel(3, 1, 1)
	term.ExpectScreen(expect.Text("cherry").Highlighted())
	term.Press(termtest.KeyEnter)
	term.ExpectScreen(expect.Contains("you chose cherry"))
	assert.Equal(t, term.WaitExit(), 0)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	assert.NilError(t, err)
	return string(b)
}
