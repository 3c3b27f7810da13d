package ready

import (
	"strings"
	"time"
)

// answer-ticked: a program may tick the chosen option of the question just
// answered and leave the dialog up while it acts on the answer. Claude Code
// does (✔ after the option, ~0.2 s and longer under load:
// recordings/agents/claude-trust-ticked.cast). That dialog is the answered
// question, not a new one: not ready until the screen moves on.

type answeredSignal struct{}

func init() {
	register(signalKind{name: "answer-ticked", rank: rankAnswered,
		doc:   "the question just answered, still drawn with its chosen option ticked (✔ ✓), is not asked again",
		build: func(_ Profile, s SignalSpec) (signal, error) { return answeredSignal{}, nil }})
}

// steady (kept.go): it reads no clock.
func (answeredSignal) steady() {}

func (answeredSignal) seen(*facts) {}

func (answeredSignal) vote(f *facts, _ time.Time) vote {
	if f.answered == nil || !f.view.ticks() {
		// Nothing answered, or no tick drawn: no need to read the question
		// (ticked says no).
		return vote{}
	}
	if p := f.view.prompt(); p != nil {
		if opt, ok := ticked(f.answered, p); ok {
			return hold(SignalPattern, "question answered (%q ticked); waiting for the program to move on", opt)
		}
	}
	return vote{}
}

// ticked reports whether now is the question that was answered with its
// chosen option since marked done (✔ or ✓ after it), and returns that
// option.
func ticked(answered, now *Prompt) (string, bool) {
	if answered == nil || now.Kind != answered.Kind || now.Text != answered.Text ||
		len(now.Options) != len(answered.Options) || now.Default < 0 || now.Default >= len(now.Options) {
		return "", false
	}
	opt := strings.TrimSpace(now.Options[now.Default])
	for _, mark := range []string{"✔", "✓"} {
		if rest, ok := strings.CutSuffix(opt, mark); ok && strings.TrimSpace(rest) == strings.TrimSpace(answered.Options[now.Default]) {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}
