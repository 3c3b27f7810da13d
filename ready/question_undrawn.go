package ready

// answeredUndrawn reports whether p is the question that was on screen
// when input was last sent, with no row drawn since: the program has not
// answered the input visibly, so the question signal cannot tell whether
// it is asked again or left behind. ink-select's menu stays on screen as
// node exits after "Quit" (440 ms on a loaded machine, the kernel seeing
// it work with the terminal back in canonical mode): still for the quiet
// window, it was called a question 20 ms before the exit (corpus
// testdata/load/ink-select.cast); a live Claude Code, its folder trusted,
// changed only its title for 0.8 s under load before it redrew
// (agents/testdata/claude-trust-left-drawn.cast). A question asked again
// after input is drawn again (the menu redrawn after a task ran); one left
// as it was, a key ignored, is asked again by the question signal once the
// silence window has passed since the input, never lost.
func (f *facts) answeredUndrawn(p *Prompt) bool {
	if p == nil || f.answered == nil || !samePrompt(untimed(f.answered), untimed(p)) {
		return false
	}
	for _, t := range f.rows.at {
		if t.After(f.inputAt) {
			return false // a row drawn since (a cursor shown is none)
		}
	}
	return true
}
