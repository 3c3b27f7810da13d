package termtest

import "fmt"

// Key is a key press: the bytes a terminal sends for it.
type Key struct {
	name string
	seq  string
}

func (k Key) String() string { return k.name }

// Bytes returns what the terminal sends for the key.
func (k Key) Bytes() []byte { return []byte(k.seq) }

func key(name, seq string) Key { return Key{name: name, seq: seq} }

// Named keys, as xterm sends them in normal cursor-key mode.
var (
	KeyEnter     = key("Enter", "\r")
	KeyTab       = key("Tab", "\t")
	KeyShiftTab  = key("Shift+Tab", "\x1b[Z")
	KeyEsc       = key("Esc", "\x1b")
	KeyBackspace = key("Backspace", "\x7f")
	KeyDelete    = key("Delete", "\x1b[3~")
	KeyInsert    = key("Insert", "\x1b[2~")
	KeyUp        = key("Up", "\x1b[A")
	KeyDown      = key("Down", "\x1b[B")
	KeyRight     = key("Right", "\x1b[C")
	KeyLeft      = key("Left", "\x1b[D")
	KeyHome      = key("Home", "\x1b[H")
	KeyEnd       = key("End", "\x1b[F")
	KeyPgUp      = key("PgUp", "\x1b[5~")
	KeyPgDn      = key("PgDn", "\x1b[6~")
	KeySpace     = key("Space", " ")
	KeyF1        = key("F1", "\x1bOP")
	KeyF2        = key("F2", "\x1bOQ")
	KeyF3        = key("F3", "\x1bOR")
	KeyF4        = key("F4", "\x1bOS")
	KeyF5        = key("F5", "\x1b[15~")
	KeyF6        = key("F6", "\x1b[17~")
	KeyF7        = key("F7", "\x1b[18~")
	KeyF8        = key("F8", "\x1b[19~")
	KeyF9        = key("F9", "\x1b[20~")
	KeyF10       = key("F10", "\x1b[21~")
	KeyF11       = key("F11", "\x1b[23~")
	KeyF12       = key("F12", "\x1b[24~")
)

// Ctrl returns Ctrl plus a letter or one of @[\]^_ (Ctrl('c') interrupts).
func Ctrl(c rune) Key {
	switch {
	case c >= 'a' && c <= 'z':
		return key(fmt.Sprintf("Ctrl+%c", c), string(rune(c-'a'+1)))
	case c >= 'A' && c <= 'Z':
		return key(fmt.Sprintf("Ctrl+%c", c+'a'-'A'), string(rune(c-'A'+1)))
	case c >= '@' && c <= '_':
		return key(fmt.Sprintf("Ctrl+%c", c), string(rune(c-'@')))
	case c == ' ':
		return key("Ctrl+Space", "\x00")
	}
	return Key{name: fmt.Sprintf("Ctrl+%q (no control code)", c)} // Press reports it
}

// Alt returns Alt plus a key: ESC followed by the key's bytes, as xterm
// sends it with metaSendsEscape.
func Alt(k Key) Key { return key("Alt+"+k.name, "\x1b"+k.seq) }

// Rune returns the key for one character.
func Rune(r rune) Key { return key(string(r), string(r)) }
