package ready

// writes: output the program wrote after the input that changed nothing
// visible (a cursor moved away and back, attributes set again). The
// reaction signal awaits a visible change after input, and a program that
// takes a key and ignores it may draw none: newsboat, asked "Do you really
// want to quit (y:Yes n:No)?", takes any other key, moves its cursor to the
// question's end and back, and waits on (corpus round 9: missed, 6 s, the
// kernel's looks unchanged and never Still). Having written, it has taken
// the key; once it has been silent for the silence window after its last
// such write, the reaction signal lets the others decide, as it does for a
// cursor hidden with nothing drawn. A program that writes nothing at all
// after input (a hung shell) stays awaited: it may not have read the key.
//
// It looks at every snapshot, changed or not (the change perception stops
// the others at one that shows no change), so it ranks before it.
type reactionWrites reaction

func init() {
	perceive(perceptionKind{name: "writes", rank: lookSync + 50, part: func(f *facts) perception { return (*reactionWrites)(&f.reaction) }})
}

func (w *reactionWrites) look(f *facts, _ *glance) bool {
	if w.awaiting && f.now.After(f.inputAt) {
		w.wroteAt = f.now
	}
	return true
}
