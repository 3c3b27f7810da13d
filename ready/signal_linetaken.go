package ready

import (
	"bytes"
	"slices"
	"strings"
	"time"
)

// line-taken: a program that erases the line just submitted from its input
// line, in place, and draws nothing else has taken the line, not answered
// it: chat and note-taking TUIs clear the input on Enter at once and draw
// the answer (the message sent, the note saved, an error) when their work
// is done. Until something else is drawn, for up to the silence window
// after the Enter, it is not ready. The bare prompt left behind looks like
// the ready screen, so the cursor signal would be early.
//
// Only that shape counts: exactly one row changed since the Enter, and it
// is what it was with the typed text cut off its end, ending at a prompt
// glyph. A shell or REPL answers on the rows below; a form moves on to its
// next field; an agent draws the message and a spinner; all change more
// rows. A program blocked reading the terminal is decided by the kernel's
// view before this. Measured on the corpus's bubbletea-toast (400 ms of
// silent saving after the input cleared: ready 150 ms after Enter before).
// A program that takes a line in place and then has nothing to draw is
// decided by the silence window.
type lineTakenSignal struct {
	rows []string  // the screen's rows when Enter was sent; nil when none is pending
	at   time.Time // when it was sent
}

func init() {
	register(signalKind{name: "line-taken", rank: rankLineTaken, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &lineTakenSignal{}, nil }})
}

func (*lineTakenSignal) seen(*facts) {}

func (l *lineTakenSignal) observe(f *facts, ev Event) {
	switch ev.Kind {
	case Input:
		l.rows = nil
		if f.view != nil && bytes.ContainsAny(ev.Data, "\r\n") {
			l.rows, l.at = slices.Clone(f.view.rows), ev.Time
		}
	case Resize:
		l.rows = nil
	}
}

func (l *lineTakenSignal) vote(f *facts, now time.Time) vote {
	v := f.view
	if l.rows == nil || v == nil || len(v.rows) != len(l.rows) || now.Sub(l.at) >= f.prof.Silence.D() {
		return vote{}
	}
	row := 0
	for i := range v.rows {
		if v.rows[i] != l.rows[i] {
			if row != 0 {
				return vote{} // more than the input line changed: an answer
			}
			row = i + 1
		}
	}
	if row == 0 {
		return vote{}
	}
	old, cur := l.rows[row-1], v.rows[row-1]
	if cur == "" || !strings.HasPrefix(old, cur) || strings.TrimSpace(old[len(cur):]) == "" || !atPrompt(cur) {
		return vote{}
	}
	return hold(SignalInput, "the line submitted was erased from row %d (%q left) and nothing else drawn since the Enter, %v ago",
		row, clip(cur, 20), roundMS(now.Sub(l.at))).later(l.at.Add(f.prof.Silence.D()))
}
