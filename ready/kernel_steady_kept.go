package ready

import "github.com/ttyrig/ttyrig/kernel"

// A steady tick kept through a blocked read (kernel_steady.go).
//
// A look that finds the program blocked in read(2) on the terminal alone
// (kernel.Reading: no timer, no other thread busy) has it out of its loop,
// reading a line or a key for a question of its own; back in the loop, it
// arms its tick as before. Only a look that finds the loop itself waiting
// with nothing of its own due ends the tick (unsteadyAt): the loop changed
// what it waits for. Without this, every question held the turn after it
// for the tick's length again (corpus nnn after its name prompt, w3m after
// the "[Hit any key]" of its "!" command: 1.005 s each, the reaction drawn
// in 3 ms).
//
// A period (kernel_tick.go) still ends there: a false period kept
// through a blocked read let late-footer-thread's footer timer go
// unwaited.

// unsteadyAt forgets the steady tick on a look that finds the program
// waiting with no timer of its own, unless it is blocked reading the
// terminal outside its loop.
func (k *kernelSignal) unsteadyAt(v kernel.View) {
	if v.Wait == kernel.Reading {
		return
	}
	k.unsteady()
}
