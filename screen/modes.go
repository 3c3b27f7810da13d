package screen

import "github.com/charmbracelet/x/ansi"

// MouseTracking is which mouse events the program asked the terminal to
// report (DEC modes 9, 1000, 1002, 1003); the highest enabled wins.
type MouseTracking int

const (
	MouseOff     MouseTracking = 0    // no reports
	MouseX10     MouseTracking = 9    // presses only
	MouseClicks  MouseTracking = 1000 // presses, releases and the wheel
	MouseDrags   MouseTracking = 1002 // and motion while a button is held
	MouseMotions MouseTracking = 1003 // and all motion
)

// inputModes are the modes that decide what a key or a mouse event sends.
type inputModes struct {
	cursorKeysApp bool // DECCKM
	keypadApp     bool // DECKPAM / DECNKM
	mouseSGR      bool // 1006
	mouse         [4]bool
}

var mouseModes = [4]ansi.Mode{ansi.ModeMouseX10, ansi.ModeMouseNormal, ansi.ModeMouseButtonEvent, ansi.ModeMouseAnyEvent}
var mouseLevels = [4]MouseTracking{MouseX10, MouseClicks, MouseDrags, MouseMotions}

// set records mode m; it reports whether m is an input mode.
func (im *inputModes) set(m ansi.Mode, on bool) bool {
	switch m {
	case ansi.ModeCursorKeys:
		im.cursorKeysApp = on
	case ansi.ModeNumericKeypad:
		im.keypadApp = on
	case ansi.ModeMouseExtSgr:
		im.mouseSGR = on
	default:
		for i, mm := range mouseModes {
			if m == mm {
				im.mouse[i] = on
				return true
			}
		}
		return false
	}
	return true
}

// CursorKeysApp reports whether the program set application cursor keys
// (DECCKM, CSI ? 1 h): arrows then send ESC O A rather than ESC [ A.
func (s Snapshot) CursorKeysApp() bool { return s.input.cursorKeysApp }

// KeypadApp reports whether the program set the application keypad (DECKPAM,
// ESC =, or DECNKM): keypad keys then send ESC O sequences.
func (s Snapshot) KeypadApp() bool { return s.input.keypadApp }

// Mouse returns which mouse events the program asked to have reported.
func (s Snapshot) Mouse() MouseTracking {
	level := MouseOff
	for i, on := range s.input.mouse {
		if on {
			level = mouseLevels[i]
		}
	}
	return level
}

// MouseSGR reports whether the program asked for SGR mouse reports (mode
// 1006: CSI < b ; x ; y M), which have no limit on coordinates.
func (s Snapshot) MouseSGR() bool { return s.input.mouseSGR }

// KittyKeyboard returns the kitty keyboard protocol flags the program
// pushed or set (0: legacy keys). Bit 1 asks for unambiguous escape codes,
// 8 for every key as an escape code.
func (s Snapshot) KittyKeyboard() int { return s.kittyFlags }
