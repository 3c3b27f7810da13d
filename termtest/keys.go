package termtest

import (
	"fmt"

	"github.com/ttyrig/ttyrig/screen"
)

// Key is a key press. What it sends follows the modes the program set, as a
// terminal's keyboard does: arrows send ESC O A in application cursor mode
// (less, vim, git's pager), keypad keys follow the application keypad, and
// a program that enabled the kitty keyboard protocol gets Esc, Ctrl and Alt
// combinations as unambiguous CSI u sequences.
type Key struct {
	name   string
	seq    string // legacy, normal mode
	app    string // in application cursor or keypad mode, when it differs
	keypad bool   // app applies in keypad mode rather than cursor mode
	kitty  kittyKey
}

// kittyKey is a key as the kitty keyboard protocol encodes it: CSI code ;
// mods u. A zero code means the legacy bytes stay right under the protocol
// (arrows, function keys, or a key that is not a combination).
type kittyKey struct {
	code, mods int
	always     bool // sent as CSI u only when every key is (flag 8): Enter, Tab, Backspace, text
}

func (k Key) String() string { return k.name }

// BytesFor returns what the key sends to a program whose screen is snap:
// its modes decide (application cursor keys, keypad, kitty keyboard).
// ttyrig codegen reads recorded input back into keys with it.
func (k Key) BytesFor(snap screen.Snapshot) []byte {
	if f := snap.KittyKeyboard(); f != 0 && k.kitty.code != 0 && (f&1 != 0 && !k.kitty.always || f&kittyAllKeys != 0) {
		if k.kitty.mods == 0 {
			return fmt.Appendf(nil, "\x1b[%du", k.kitty.code)
		}
		return fmt.Appendf(nil, "\x1b[%d;%du", k.kitty.code, k.kitty.mods+1)
	}
	if k.app != "" && (k.keypad && snap.KeypadApp() || !k.keypad && snap.CursorKeysApp()) {
		return []byte(k.app)
	}
	return []byte(k.seq)
}

func key(name, seq string) Key { return Key{name: name, seq: seq} }

// cursorKey is a key whose CSI final byte becomes SS3 in application
// cursor mode.
func cursorKey(name string, final byte) Key {
	return Key{name: name, seq: "\x1b[" + string(final), app: "\x1bO" + string(final)}
}

// Named keys. Their bytes follow the program's modes (see Key).
var (
	KeyEnter     = Key{name: "Enter", seq: "\r", kitty: kittyKey{code: 13, always: true}}
	KeyTab       = Key{name: "Tab", seq: "\t", kitty: kittyKey{code: 9, always: true}}
	KeyShiftTab  = key("Shift+Tab", "\x1b[Z")
	KeyEsc       = Key{name: "Esc", seq: "\x1b", kitty: kittyKey{code: 27}}
	KeyBackspace = Key{name: "Backspace", seq: "\x7f", kitty: kittyKey{code: 127, always: true}}
	KeyDelete    = key("Delete", "\x1b[3~")
	KeyInsert    = key("Insert", "\x1b[2~")
	KeyUp        = cursorKey("Up", 'A')
	KeyDown      = cursorKey("Down", 'B')
	KeyRight     = cursorKey("Right", 'C')
	KeyLeft      = cursorKey("Left", 'D')
	KeyHome      = cursorKey("Home", 'H')
	KeyEnd       = cursorKey("End", 'F')
	KeyPgUp      = key("PgUp", "\x1b[5~")
	KeyPgDn      = key("PgDn", "\x1b[6~")
	KeySpace     = Key{name: "Space", seq: " ", kitty: kittyKey{code: ' ', always: true}}
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

// kitty modifier bits (the sequence carries 1 + their sum).
const (
	kittyShift = 1
	kittyAlt   = 2
	kittyCtrl  = 4
)

// Ctrl returns Ctrl plus a letter or one of @[\]^_ (Ctrl('c') interrupts).
func Ctrl(c rune) Key {
	switch {
	case c >= 'a' && c <= 'z':
		return Key{name: fmt.Sprintf("Ctrl+%c", c), seq: string(c - 'a' + 1), kitty: kittyKey{code: int(c), mods: kittyCtrl}}
	case c >= 'A' && c <= 'Z':
		l := c + 'a' - 'A'
		return Key{name: fmt.Sprintf("Ctrl+%c", l), seq: string(c - 'A' + 1), kitty: kittyKey{code: int(l), mods: kittyCtrl}}
	case c >= '@' && c <= '_':
		return Key{name: fmt.Sprintf("Ctrl+%c", c), seq: string(c - '@'), kitty: kittyKey{code: int(c), mods: kittyCtrl}}
	case c == ' ':
		return Key{name: "Ctrl+Space", seq: "\x00", kitty: kittyKey{code: ' ', mods: kittyCtrl}}
	}
	return Key{name: fmt.Sprintf("Ctrl+%q (no control code)", c)} // Press reports it
}

// Alt returns Alt plus a key: ESC followed by the key's bytes, as xterm
// sends it with metaSendsEscape, or CSI code ; 3 u under the kitty protocol.
func Alt(k Key) Key {
	a := Key{name: "Alt+" + k.name, seq: "\x1b" + k.seq}
	if k.app != "" {
		a.app, a.keypad = "\x1b"+k.app, k.keypad
	}
	if k.kitty.code != 0 {
		a.kitty = kittyKey{code: k.kitty.code, mods: k.kitty.mods | kittyAlt}
	}
	return a
}

// Rune returns the key for one character.
func Rune(r rune) Key {
	k := Key{name: string(r), seq: string(r), kitty: kittyKey{code: int(r), always: true}}
	if r >= 'A' && r <= 'Z' { // kitty reports the base key and Shift
		k.kitty = kittyKey{code: int(r + 'a' - 'A'), mods: kittyShift, always: true}
	}
	return k
}

// Keypad returns a key of the numeric keypad: a digit, one of . + - * /,
// or '\r' for the keypad's Enter. In the numeric keypad mode it sends the
// character; in the application keypad mode (ESC =) its ESC O sequence.
func Keypad(c rune) Key {
	app := map[rune]byte{'0': 'p', '1': 'q', '2': 'r', '3': 's', '4': 't', '5': 'u', '6': 'v', '7': 'w', '8': 'x', '9': 'y',
		'.': 'n', '+': 'k', '-': 'm', '*': 'j', '/': 'o', '\r': 'M'}
	f, ok := app[c]
	if !ok {
		return Key{name: fmt.Sprintf("Keypad %q (no such key)", c)}
	}
	name := "Keypad " + string(c)
	if c == '\r' {
		name = "Keypad Enter"
	}
	return Key{name: name, seq: string(c), app: "\x1bO" + string(f), keypad: true}
}
