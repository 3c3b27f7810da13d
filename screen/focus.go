package screen

import "github.com/charmbracelet/x/ansi"

// Focus reports (xterm's focus event mode, DEC mode 1004). A terminal
// window has a focus, and a test's, which nobody looks at, is truly
// unfocused. Programs that enable mode 1004 learn of its changes from CSI I
// (focus in) and CSI O (focus out); some act on them: opencode notifies
// that its turn is over only after a focus-out, Qwen Code rings its bell
// only then.

// Focus reports: CSI I and CSI O.
var (
	FocusInReport  = []byte(ansi.Focus)
	FocusOutReport = []byte(ansi.Blur)
)

// focus is the window's focus as the screen last set it.
type focus int

const (
	focusUnset focus = iota // never set: the program has not been told
	focusIn
	focusOut
)

// SetFocus gives the screen's window focus or takes it away. As xterm
// does, it tells the program only of a change, and only while the program
// has focus events on: CSI I or CSI O among the answers to its queries
// (WithReplies), after those already given. It reports whether it told the
// program. A program that turns focus events on later hears of the next
// change: opencode turns them on at start but listens for them only once
// its interface is up, and a report at once would be lost (measured: the
// later one is then no change to it, and it never notified).
func (s *Screen) SetFocus(focused bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, report := focusOut, FocusOutReport
	if focused {
		f, report = focusIn, FocusInReport
	}
	if s.closed || f == s.focus {
		return false
	}
	s.focus = f
	if !s.focusOn {
		return false
	}
	_, _ = s.emu.InputPipe().Write(report)
	return true
}
