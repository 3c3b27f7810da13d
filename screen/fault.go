package screen

import (
	"fmt"
	"strconv"
)

// x/vt panics on some output it should take in its stride (margins past
// the screen's edge did, until bounds.go clamped them). A panic in the
// goroutine that feeds a screen would end the whole test binary, every
// other test with it, with a stack trace into x/vt and nothing about the
// program; so a write that panics is recovered: the screen records the
// fault, resets its emulator (RIS: the state the panic left half-changed
// is not to be trusted) and goes on with the output that follows, and
// whoever owns the screen reports Fault (termtest fails the test with it).

// faultContext is how many bytes of the output that made x/vt panic a
// fault quotes.
const faultContext = 64

// write feeds piece to the emulator, recovering a panic into s.fault.
func (s *Screen) write(piece []byte) {
	defer s.recoverFault("output", piece)
	_, _ = s.emu.Write(piece)
}

// resize resizes the emulator, recovering a panic into s.fault.
func (s *Screen) resize(cols, rows int) {
	defer s.recoverFault(fmt.Sprintf("a resize to %dx%d", cols, rows), nil)
	s.emu.Resize(cols, rows)
}

// recoverFault, deferred, recovers a panic of the emulator's on what (the
// output p, if any) into s.fault, and resets the emulator.
func (s *Screen) recoverFault(what string, p []byte) {
	r := recover()
	if r == nil {
		return
	}
	s.faults++
	if s.fault == nil {
		if p != nil {
			what = fmt.Sprintf("%s %s (%d bytes)", what, clipQuote(p), len(p))
		}
		s.fault = fmt.Errorf("screen: the emulator (x/vt) panicked on %s: %v; "+
			"the screen was reset and later output drawn on it", what, r)
	}
	s.bind.faulted = true // not handed to another screen
	if s.bind.parser != nil {
		s.bind.parser.Reset()
	}
	func() {
		defer func() { _ = recover() }() // the reset's own panic leaves the screen as it is
		_, _ = s.emu.Write([]byte("\x1bc"))
	}()
	s.allDirty = true
}

// clipQuote quotes at most the last faultContext bytes of p: where the
// panic was, since x/vt panics as it parses.
func clipQuote(p []byte) string {
	if len(p) <= faultContext {
		return strconv.Quote(string(p))
	}
	return "…" + strconv.Quote(string(p[len(p)-faultContext:]))
}

// Fault returns the first panic of the emulator on this screen's output,
// with how many there were, or nil if it never panicked. The screen after
// a fault is the emulator's reset, then whatever came next.
func (s *Screen) Fault() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.faults > 1 {
		return fmt.Errorf("%w (and %d more times)", s.fault, s.faults-1)
	}
	return s.fault
}
