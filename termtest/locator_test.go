package termtest_test

import (
	"regexp"
	"testing"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// menu is a selection list as TUI libraries draw it: the current option in
// reverse video, moved by arrows (in application cursor mode) or chosen by
// a click (SGR mouse).
const menu = `import os, sys, tty, re
tty.setraw(0)
opts = ["apple", "banana", "cherry"]
cur = 0
def draw():
    out = "\x1b[H\x1b[2JPick a fruit:\r\n"
    for i, o in enumerate(opts):
        out += ("\x1b[7m> " + o + "\x1b[m" if i == cur else "  " + o) + "\r\n"
    sys.stdout.write(out); sys.stdout.flush()
sys.stdout.write("\x1b[?1h\x1b[?1000h\x1b[?1006h"); draw()
while True:
    b = os.read(0, 64)
    if b == b"\x1bOB": cur = min(cur + 1, 2)
    elif b == b"\x1bOA": cur = max(cur - 1, 0)
    elif b == b"\r":
        sys.stdout.write("\x1b[?1000l\x1b[?1006l\x1b[H\x1b[2Jchose " + opts[cur] + "\r\n"); break
    else:
        m = re.match(rb"\x1b\[<0;(\d+);(\d+)M", b)
        if m and 2 <= int(m.group(2)) <= 4: cur = int(m.group(2)) - 2
    draw()
`

func TestHighlightedOption(t *testing.T) {
	t.Parallel()
	term := termtest.Spawn(t, []string{"python3", "-c", menu}, termtest.WithSize(30, 6))
	term.ExpectScreen(expect.Text("apple").Highlighted())
	term.ExpectScreen(expect.Not(expect.Text("banana").Highlighted()))
	term.Press(termtest.KeyDown)
	term.ExpectScreen(expect.Text("banana").Highlighted())
	term.ExpectScreen(expect.Not(expect.Text("apple").Highlighted()))

	term.ClickOn(expect.Text("cherry"))
	term.ExpectScreen(expect.Text("cherry").Highlighted())
	term.ExpectScreen(expect.TextMatching(regexp.MustCompile(`^  [a-z]+ *$`)).Count(2)) // the two other options
	term.Press(termtest.KeyEnter)
	term.ExpectScreen(expect.Line(1).Equals("chose cherry"))
}
