package ready

// besideAnimation reports whether every row the program changed since the
// screen last changed otherwise (facts.lastSolid: repeat frames of a
// region already seen animating left out) is a spinner's: what else is on
// screen, a question among it, has stood still since then. An agent may
// keep its spinner turning while its approval dialog waits for the answer
// (pi spins "Working..." above it for as long as it waits; the question's
// quiet window never came).
func (f *facts) besideAnimation() bool {
	moved := false
	for i, t := range f.rows.at {
		if !t.After(f.lastSolid) {
			continue
		}
		br := f.busyAnim.rows[i+1]
		if br == nil || br.kind != "spinner" {
			return false
		}
		moved = true
	}
	return moved
}
