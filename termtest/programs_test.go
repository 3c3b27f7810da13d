package termtest_test

import (
	"fmt"
	"image/color"
	"regexp"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// spawnPython runs a small Python program in the terminal.
func spawnPython(t *testing.T, program string, opts ...termtest.Option) *termtest.Term {
	t.Helper()
	return termtest.Spawn(t, []string{"python3", "-c", program}, opts...)
}

func TestPythonREPL(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"python3", "-q"}, termtest.WithEnv("PYTHONSTARTUP="))
	term.ExpectScreen(expect.Line(-1).Equals(">>> "))
	term.Type("6 * 7\n")
	term.ExpectScreen(expect.Contains("\n42\n"))
	term.ExpectScreen(expect.Line(-1).Equals(">>> "))
	term.Type("for i in range(3):\n")
	term.ExpectScreen(expect.Line(-1).Equals("... "))
	term.Type("    print('row', i)\n\n")
	term.ExpectScreen(expect.Matches(regexp.MustCompile(`row 0\nrow 1\nrow 2\n>>> $`)))
	term.Press(termtest.Ctrl('d'))
	if code := term.WaitExit(); code != 0 {
		t.Errorf("python exited with %d", code)
	}
}

func TestCat(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"cat"})
	term.Type("hello\n")
	// The terminal echoes the line, then cat writes it back.
	term.ExpectScreen(expect.Equals("hello\nhello\n"))
	term.ExpectScreen(expect.CursorAt(3, 1))
	term.Press(termtest.Ctrl('d'))
	if code := term.WaitExit(); code != 0 {
		t.Errorf("cat exited with %d", code)
	}
}

func TestResizeSeenByProgram(t *testing.T) {
	t.Parallel()
	term := spawnBash(t, termtest.WithSize(80, 24))
	term.Type("stty size\n")
	term.ExpectScreen(expect.Contains("\n24 80\n"))
	term.Resize(120, 40)
	if cols, rows := term.Snapshot().Size(); cols != 120 || rows != 40 {
		t.Errorf("screen size %dx%d after Resize(120, 40)", cols, rows)
	}
	term.Type("clear; stty size\n")
	term.ExpectScreen(expect.Equals("40 120\n$ "))
}

// cprProgram writes a cursor position query in the middle of one write and
// blocks until the reply arrives, as Codex and other TUIs do at start.
const cprProgram = `
import os, sys, tty
tty.setraw(0)
os.write(1, b"abc\x1b[6nmore text")
reply = b""
while not reply.endswith(b"R"):
    reply += os.read(0, 1)
os.write(1, b"\r\nreply " + repr(reply).encode() + b"\r\n")
`

func TestCursorQueryMidChunk(t *testing.T) {
	t.Parallel()
	term := spawnPython(t, cprProgram)
	// The reply describes the cursor after "abc", not after the whole write.
	term.ExpectScreen(expect.Equals("abcmore text\n" + `reply b'\x1b[1;4R'` + "\n"))
	if code := term.WaitExit(); code != 0 {
		t.Errorf("exit status %d", code)
	}
}

func TestColorsAndStyles(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"printf", "plain \x1b[1;31mR\x1b[0m \x1b[38;5;42mI\x1b[0m " +
		"\x1b[48;2;10;20;30mT\x1b[0m \x1b[3;4mU\x1b[0m \x1b[7mV\x1b[0m \x1b[2;9mF\x1b[0m 宽"})
	term.ExpectScreen(expect.Equals("plain R I T U V F 宽"))
	snap := term.Snapshot()
	type want struct {
		col  int
		text string
		fg   color.Color
		bg   color.Color
		is   func(screen.Cell) bool
	}
	for _, w := range []want{
		{1, "p", nil, nil, func(c screen.Cell) bool { return !c.Bold && !c.Italic && !c.Reverse }},
		{7, "R", ansi.Red, nil, func(c screen.Cell) bool { return c.Bold }},
		{9, "I", ansi.IndexedColor(42), nil, func(c screen.Cell) bool { return !c.Bold }},
		{11, "T", nil, color.RGBA{10, 20, 30, 255}, func(c screen.Cell) bool { return true }},
		{13, "U", nil, nil, func(c screen.Cell) bool { return c.Italic && c.Underline }},
		{15, "V", nil, nil, func(c screen.Cell) bool { return c.Reverse }},
		{17, "F", nil, nil, func(c screen.Cell) bool { return c.Faint && c.Strikethrough }},
		{19, "宽", nil, nil, func(c screen.Cell) bool { return c.Width == 2 }},
		{20, "", nil, nil, func(c screen.Cell) bool { return c.Width == 0 }},
	} {
		c := snap.Cell(1, w.col)
		if c.Content != w.text || !screen.SameColor(c.Fg, w.fg) || !screen.SameColor(c.Bg, w.bg) || !w.is(c) {
			t.Errorf("cell 1,%d = %+v, want %q fg %v bg %v", w.col, c, w.text, w.fg, w.bg)
		}
	}
}

// Bash's readline enables bracketed paste: a pasted multi-line text is
// inserted whole and runs only at Enter. Typed instead, the first line
// would run at its newline, before the second is typed.
func TestBracketedPasteInBash(t *testing.T) {
	t.Parallel()
	term := spawnBash(t)
	term.ExpectScreen(expect.Func("bracketed paste is on", func(s screen.Snapshot) error {
		if !s.BracketedPaste() {
			return fmt.Errorf("bracketed paste is off")
		}
		return nil
	}))

	term.Paste("echo one\necho two")
	term.ExpectScreen(expect.Contains("echo two"))
	term.ExpectScreen(expect.Not(expect.Contains("\none\n")))
	term.Press(termtest.KeyEnter)
	term.ExpectScreen(expect.Matches(regexp.MustCompile(`\none\ntwo\n\$ $`)))
}

// pasteProgram enables bracketed paste and prints exactly what it reads.
const pasteProgram = `
import os, tty
tty.setraw(0)
os.write(1, b"\x1b[?2004hpaste now\r\n")
got = b""
while not got.endswith(b"\x1b[201~"):
    got += os.read(0, 1024)
os.write(1, b"got " + repr(got).encode() + b"\r\n")
`

func TestBracketedPasteArrivesWhole(t *testing.T) {
	t.Parallel()
	term := spawnPython(t, pasteProgram)
	term.ExpectScreen(expect.Contains("paste now"))
	term.Paste("multi\nline ✓")
	// Like xterm and VTE, line breaks are pasted as CR.
	term.ExpectScreen(expect.Contains(`got b'\x1b[200~multi\rline \xe2\x9c\x93\x1b[201~'`))
}

func TestCtrlCInterruptsSleep(t *testing.T) {
	t.Parallel()
	term := spawnBash(t)
	// The subshell prints once it is the foreground job, so Ctrl-C cannot
	// arrive while bash itself is still starting the command.
	term.Type("(echo sleeping; exec sleep 30)\n")
	term.ExpectScreen(expect.Contains("\nsleeping\n"))
	start := time.Now()
	term.NoWait().Press(termtest.Ctrl('c')) // while sleep runs: it would never be ready
	term.ExpectScreen(expect.Line(-1).Equals("$ "))
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the prompt came back %v after Ctrl-C", d)
	}
	term.Type("echo status=$?\n")
	term.ExpectScreen(expect.Contains("\nstatus=130\n"))
}

// Claude Code sets its title with "ESC]0;✳ Claude Code BEL"; ✳ holds the
// byte 0x9C, which the emulator's parser takes for a string terminator.
// End to end, through a real PTY: the title is exact and the screen clean.
func TestClaudeTitleSequence(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"printf", "hello\x1b]0;\xe2\x9c\xb3 Claude Code\x07 world"})
	term.ExpectScreen(expect.Title("✳ Claude Code"))
	term.ExpectScreen(expect.Equals("hello world"))
}
