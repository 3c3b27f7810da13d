package ready

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// notify: the agent's own "turn complete" notification (OSC 9, OSC 777,
// OSC 99 or BEL; Codex tui.notifications, Gemini
// general.enableNotifications, Claude Code's terminal bell) as a strong
// hint that the turn is over, cross-checked with the screen: it counts only
// after the latest input, never while a question is drawn, and only once the
// cursor is back at an input position on a screen still for tune.NotifySettle
// since both the mark and the last change. The busy evidence ranked before
// it (protocol, busy markers, busy animations, a status line) still holds,
// so a mark never makes a program ready while a busy marker is fresh; what
// it skips is the wait to outlast an unclassified animation and the quiet
// window.
//
// The spec's markers match the notification's text (any region): a match
// means the program asks for attention (an approval), not that the turn is
// done; then the mark can only hasten a question the screen shows.
//
// Measured on the live CLIs (agents/notify_test.go): each mark arrives
// 11–59 ms after the fake model's last byte, at every turn end, never at
// start-up or while busy.

// The screen must stay still tune.NotifySettle after the mark (params.go).

type notifySignal struct {
	attention []compiledMarker
	at        time.Time // the latest notification mark; zero if none
	raw       string    // its sequence, for reasons
	asks      bool      // it matched an attention marker
}

func init() {
	register(signalKind{name: "notify", rank: rankNotify,
		doc: "the agent's own notification (OSC 9/777/99, BEL) hints that its turn is done, once the screen agrees; markers: notification texts that ask for attention instead",
		build: func(_ Profile, spec SignalSpec) (signal, error) {
			return &notifySignal{attention: compileAll(spec.Markers)}, nil
		}})
}

func (s *notifySignal) seen(*facts) {}

func (s *notifySignal) observe(_ *facts, ev Event) {
	if ev.Kind != Output {
		return
	}
	for _, m := range ev.Changes.Marks {
		if m.Kind != screen.MarkNotify && m.Kind != screen.MarkBell {
			continue
		}
		s.at, s.raw, s.asks = ev.Time, m.Raw, asksAttention(s.attention, m.Value)
	}
}

// asksAttention reports whether a notification's text matches one of the
// notify spec's markers: the program asks for attention (an approval), it
// does not say its turn is done.
func asksAttention(attention []compiledMarker, text string) bool {
	for _, a := range attention {
		if a.re.MatchString(text) {
			return true
		}
	}
	return false
}

func (s *notifySignal) vote(f *facts, now time.Time) vote {
	if s.at.IsZero() || f.view == nil || f.inputAt.IsZero() || !s.at.After(f.inputAt) {
		return vote{} // none since the latest input: it speaks of an earlier turn
	}
	if s.asks {
		return s.asking(f, now)
	}
	from := s.at
	if f.lastChange.After(from) {
		from = f.lastChange
	}
	quiet := now.Sub(from)
	if quiet < tune.NotifySettle {
		return vote{}.later(from.Add(tune.NotifySettle))
	}
	if f.view.prompt() != nil {
		return vote{} // a question is drawn: the question signal decides
	}
	if at, _ := inputPosition(f, f.view, f.lowestChanged(f.prof.Quiet.D())); !at {
		return vote{} // the screen disagrees: the other signals decide
	}
	return vote{verdict: ready, signal: SignalProtocol,
		reason: fmt.Sprintf("%s: the agent notified %v ago; cursor at input position %s, screen still for %v", clip(s.raw, 60), roundMS(now.Sub(s.at)), f.view.cursor, roundMS(quiet))}
}

// asking decides for an attention message: a question, once tune.NotifySettle
// has passed since the message and while the screen shows the question.
// Repaints of a question held open (Codex redraws its approval every
// second) do not restart the wait: the program said it asks, and the screen
// still agrees.
func (s *notifySignal) asking(f *facts, now time.Time) vote {
	if since := now.Sub(s.at); since < tune.NotifySettle {
		return vote{}.later(s.at.Add(tune.NotifySettle))
	}
	p := f.view.prompt()
	if p == nil {
		return vote{} // never ready on an attention message
	}
	return vote{verdict: question, signal: SignalProtocol, prompt: p,
		reason: fmt.Sprintf("%s: the agent asks for attention; %s question on screen", clip(s.raw, 60), p.Kind)}
}
