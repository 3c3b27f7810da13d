package termtest

// SetFocus gives the terminal's window focus or takes it away, as a user
// switching windows does. A program that turned focus events on (DEC mode
// 1004) is told at once, CSI I or CSI O, as xterm tells it: only of a
// change. A test's terminal, which nobody looks at, is truly unfocused;
// some programs act on it (opencode says its turn is over only after a
// focus-out). A terminal starts with its focus unset, and tells nothing
// until this is called.
//
// The recording carries the change as a marker (FocusMarker), not as
// input: the report is the terminal's answer, like those to a program's
// queries, and the readiness engine, live or in replay, never waits on a
// reaction to it. It reports whether the program was told (not: its focus
// events are off, or the focus is already so).
func (t *Terminal) SetFocus(focused bool) bool {
	told := t.sess.SetFocus(focused)
	label := FocusMarker + ": out"
	if focused {
		label = FocusMarker + ": in"
	}
	if told {
		label += ", reported"
	} else {
		label += ", not reported"
	}
	_ = t.Marker(t.cfg.clock.Now(), label)
	return told
}

// FocusMarker starts the label of the marker a recording has where the
// terminal's window gained or lost focus (SetFocus).
const FocusMarker = "focus"
