package ready

import (
	"strings"
	"time"
	"unicode"
)

// title-spinner: a spinner drawn only in the window title (bubbletea's
// tea.SetWindowTitle, a shell's prompt hook, an agent's title): the title
// repainted with only spinner glyphs changed ("/ chat: thinking" to "- chat:
// thinking", as the busy-animation signal tells a spinner's row), its label
// saying what it does (a gerund: agents keep a glyph of their spinner in an
// idle title, "✳ Claude Code"). It is not ready while the title shows the
// spinner's last frame, drawn since the last input, for up to the silence
// window after it: the title's cadence alone
// (the animation signal) outwaits one and a half gaps, and live, on a
// loaded machine, a frame came 436 ms after the one before, 1.3 s into the
// work (corpus bubbletea-title-spinner: ready 2 turns early). The title
// turned plain ends it (perceive_animation.go: spinnerStopped).
type titleSpinSignal struct {
	frame string    // the title as the spinner last drew it; "" when it is no spinner's
	at    time.Time // when
}

// rankTitleSpin: right after the busy animations of rows.
const rankTitleSpin = rankBusyAnim + 5

func init() {
	register(signalKind{name: "title-spinner", rank: rankTitleSpin, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &titleSpinSignal{}, nil }})
}

func (s *titleSpinSignal) seen(f *facts) {
	if f.prev == nil || f.view == nil {
		return
	}
	old, cur := f.prev.snap.Title(), f.view.snap.Title()
	switch {
	case old == cur:
	case classifyFrame(old, cur) == "spinner" && saysDoing(cur):
		s.frame, s.at = cur, f.lastChange
	default:
		s.frame = ""
	}
}

func (s *titleSpinSignal) vote(f *facts, now time.Time) vote {
	stall := f.prof.Silence.D()
	if s.frame == "" || f.view == nil || f.view.snap.Title() != s.frame || s.at.Before(f.ref) || now.Sub(s.at) >= stall {
		return vote{}
	}
	return hold(SignalAnimation, "a spinner in the window title (last drawn %v ago): %q", roundMS(now.Sub(s.at)), clip(s.frame, 60)).
		later(s.at.Add(stall))
}

// saysDoing reports whether a spinner's label holds a gerund ("chat:
// thinking", "Compiling main.go").
func saysDoing(title string) bool {
	label, ok := spinnerLabel(title)
	if !ok {
		return false
	}
	for _, w := range strings.FieldsFunc(label, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if isGerund(strings.ToLower(w)) {
			return true
		}
	}
	return false
}
