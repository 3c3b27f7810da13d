package termtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// keyEcho runs a program that sets modes with setup, then shows every
// read of its raw input as a Python bytes literal, one per line.
func keyEcho(t *testing.T, setup string) *termtest.Term {
	t.Helper()
	script := `import os, sys, tty
tty.setraw(0)
sys.stdout.write(` + fmt.Sprintf("%q", setup) + ` + "ready\r\n"); sys.stdout.flush()
while True:
    b = os.read(0, 256)
    sys.stdout.write(repr(b) + "\r\n"); sys.stdout.flush()
    if b == b"q": break
`
	term := termtest.Spawn(t, []string{"python3", "-c", script}, termtest.WithSize(80, 12))
	term.ExpectScreen(expect.Contains("ready"))
	return term
}

func TestKeysFollowModes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, setup string
		keys        []termtest.Key
		want        string
	}{
		{"normal cursor keys", "", []termtest.Key{termtest.KeyDown}, `b'\x1b[B'`},
		{"application cursor keys (DECCKM)", "\x1b[?1h", []termtest.Key{termtest.KeyDown, termtest.KeyHome}, `b'\x1bOB\x1bOH'`},
		{"cursor keys reset", "\x1b[?1h\x1b[?1l", []termtest.Key{termtest.KeyUp}, `b'\x1b[A'`},
		{"numeric keypad", "", []termtest.Key{termtest.Keypad('5'), termtest.Keypad('\r')}, `b'5\r'`},
		{"application keypad (DECKPAM)", "\x1b=", []termtest.Key{termtest.Keypad('5'), termtest.Keypad('\r')}, `b'\x1bOu\x1bOM'`},
		{"legacy Esc and Ctrl", "", []termtest.Key{termtest.KeyEsc, termtest.Ctrl('c'), termtest.Alt(termtest.Rune('x'))}, `b'\x1b\x03\x1bx'`},
		{"kitty: disambiguate (flag 1)", "\x1b[>1u", []termtest.Key{termtest.KeyEsc, termtest.Ctrl('c'), termtest.Alt(termtest.Rune('x')), termtest.KeyEnter, termtest.KeyDown},
			`b'\x1b[27u\x1b[99;5u\x1b[120;3u\r\x1b[B'`},
		{"kitty: every key (flags 1|8)", "\x1b[=9;1u", []termtest.Key{termtest.Rune('a'), termtest.KeyEnter, termtest.KeyTab},
			`b'\x1b[97u\x1b[13u\x1b[9u'`},
		{"kitty popped", "\x1b[>1u\x1b[<u", []termtest.Key{termtest.KeyEsc}, `b'\x1b'`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			term := keyEcho(t, tc.setup)
			term.Press(tc.keys...)
			term.ExpectScreen(expect.Contains(tc.want))
		})
	}
}

// Typed text follows the kitty protocol too: with "report all keys as
// escape codes" (flag 8) each character is sent as its key, Shift included;
// with flag 1 alone text stays text.
func TestTypeFollowsKittyFlags(t *testing.T) {
	t.Parallel()
	t.Run("every key", func(t *testing.T) {
		t.Parallel()
		term := keyEcho(t, "\x1b[=9;1u")
		term.Type("aB\n")
		term.ExpectScreen(expect.Contains(`b'\x1b[97u\x1b[98;2u\x1b[13u'`))
	})
	t.Run("disambiguate only", func(t *testing.T) {
		t.Parallel()
		term := keyEcho(t, "\x1b[>1u")
		term.Type("aB\n")
		term.ExpectScreen(expect.Contains(`b'aB\r'`))
	})
}

func TestMouse(t *testing.T) {
	t.Parallel()
	t.Run("SGR", func(t *testing.T) {
		t.Parallel()
		term := keyEcho(t, "\x1b[?1000h\x1b[?1006h")
		term.Click(3, 7)
		term.ExpectScreen(expect.Contains(`b'\x1b[<0;7;3M\x1b[<0;7;3m'`))
		term.Wheel(2, 1, -1)
		term.ExpectScreen(expect.Contains(`b'\x1b[<64;1;2M'`))
	})
	t.Run("X10 encoding", func(t *testing.T) {
		t.Parallel()
		term := keyEcho(t, "\x1b[?1000h")
		term.Click(1, 1)
		term.ExpectScreen(expect.Contains(`b'\x1b[M !!\x1b[M#!!'`))
	})
	t.Run("not enabled", func(t *testing.T) {
		t.Parallel()
		msg := fatalMessage(t, func(tb testing.TB) {
			term := termtest.Spawn(tb, []string{"bash", "--norc", "--noprofile", "-c", "echo hi; read x"})
			term.ExpectScreen(expect.Contains("hi"))
			term.Click(1, 1)
		})
		if !strings.Contains(msg, "has not enabled mouse tracking") {
			t.Errorf("message: %s", msg)
		}
	})
}

// less enables application cursor keys; arrows reach it only in that form.
func TestArrowsInLess(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	file := filepath.Join(t.TempDir(), "lines.txt")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	term := termtest.Spawn(t, []string{"less", file}, termtest.WithSize(40, 10), termtest.WithEnv("LESS=", "LESSHISTFILE=-"))
	term.ExpectScreen(expect.Line(1).Equals("line 1"))
	if !term.Snapshot().CursorKeysApp() {
		t.Fatalf("less did not set application cursor keys; the test proves nothing:\n%s", term.Snapshot())
	}
	term.Press(termtest.KeyDown, termtest.KeyDown)
	term.ExpectScreen(expect.Line(1).Equals("line 3"))
	term.Press(termtest.KeyUp)
	term.ExpectScreen(expect.Line(1).Equals("line 2"))
	term.Type("q")
	if code := term.WaitExit(); code != 0 {
		t.Errorf("less exited with %d", code)
	}
}
