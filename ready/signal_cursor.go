package ready

import (
	"fmt"
	"time"
)

// cursor: the cursor at an input position (cursor.go) on a screen still for
// long enough: the quiet window after a prompt glyph or with an idle marker
// shown, the settle window elsewhere, above the cadence of any animation
// seen, and longer right after a terminal query.

type cursorSignal struct{}

func init() {
	register(signalKind{name: "cursor", rank: rankCursor, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return cursorSignal{}, nil }})
}

// steady (kept.go): it abstains when the cursor is at no input position (no clock read), or until the stillness
// it needs, when it asks to be looked at again (an animation's need changes only at the time it names).
func (cursorSignal) steady() {}

func (cursorSignal) seen(*facts) {}

func (cursorSignal) vote(f *facts, now time.Time) vote {
	s := fullStillness(f, now)
	if !s.at {
		return vote{}
	}
	if s.quiet >= s.need || s.proven {
		if p := f.view.prompt(); p != nil && s.alt {
			// A full-screen frame is final once its changes are only
			// repeat frames of an animation (a spinner stopped in it): the
			// question it shows is asked now, not a quiet window later
			// (corpus/testdata/bubbles-list.cast).
			return vote{verdict: question, signal: SignalCursor, prompt: p,
				reason: fmt.Sprintf("%s question on a full-screen frame still for %v%s", p.Kind, roundMS(s.quiet), s.provenNote(now))}
		}
		at := f.view.cursor
		if c, _, ok := f.view.inputCursor(f.prof.Cursor.Hidden); ok && !s.alt {
			at = c // the cursor the program drew, where the terminal's is parked
		}
		return vote{verdict: ready, signal: SignalCursor,
			reason: fmt.Sprintf("cursor at input position %s, screen still for %v (needs %v: %s)%s", at, roundMS(s.quiet), roundMS(s.need), s.why, s.provenNote(now))}
	}
	return vote{}.later(now.Add(s.need - s.quiet)).later(s.until)
}
