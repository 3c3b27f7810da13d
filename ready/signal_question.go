package ready

import (
	"fmt"
	"time"
)

// question: a question on screen (prompt.go finds them: y/n, options,
// chevron lists, passwords, press-enter, or a profile's question markers),
// once it has stopped being drawn for the quiet window. Waiting beats
// busy: a permission dialog may sit under a busy footer.

type questionSignal struct{}

func init() {
	register(signalKind{name: "question", rank: rankQuestion, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return questionSignal{}, nil }})
}

func (questionSignal) seen(*facts) {}

func (questionSignal) vote(f *facts, now time.Time) vote {
	p := f.view.prompt()
	if p == nil {
		return vote{}
	}
	if quiet := now.Sub(f.lastChange); quiet >= f.prof.Quiet.D() {
		return vote{verdict: question, signal: SignalPattern, prompt: p,
			reason: fmt.Sprintf("%s question on screen, still for %v", p.Kind, roundMS(quiet))}
	}
	return vote{}.later(f.lastChange.Add(f.prof.Quiet.D()))
}
