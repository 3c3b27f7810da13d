package ready

// drawn: a cursor the program draws itself while the terminal's is hidden
// (blink.go). It remembers the prompt left of the last drawn cursor seen,
// to find the cursor again in its off phase: the program redrew the prompt
// with the cursor cell plain.
type drawn struct {
	prompt string
}

func init() {
	perceive(perceptionKind{name: "drawn", rank: lookDrawn, part: func(f *facts) perception { return &f.drawn }})
}

func (d *drawn) look(_ *facts, g *glance) bool {
	if g.snap.CursorVisible() {
		return true
	}
	if v := g.cur; v.drawn.Row > 0 {
		d.prompt = drawnPrompt(v.drawnBefore, d.prompt)
	} else if p, ok := offPhase(v, d.prompt); ok {
		v.setDrawn(p)
	}
	return true
}
