package ready

import (
	"fmt"
	"slices"
	"time"
)

// question: a question on screen (prompt.go finds them: y/n, options,
// chevron lists, passwords, press-enter, or a profile's question markers),
// once it has stopped being drawn for the quiet window. Waiting beats
// busy: a permission dialog may sit under a busy footer.
//
// A question asked stays asked until input is sent: a program that repaints
// it (Codex blinks "[ ! ]"/"[ . ] Action Required" in the title every
// second, recordings/agents/codex-notify.cast) or ticks a timer beside it
// while it waits has not moved on, so the same prompt, unanswered, is a
// question at once, with no new quiet window to wait for (in which the
// weaker signals would say ready). A clock or timer in its text ("expires
// in 29s") ticking leaves it the question asked, as it was asked.

type questionSignal struct {
	// answered is the question asked when input was last sent, and rows
	// the screen's rows then: the same question on the same rows after the
	// input is the one answered, left drawn while the program works on the
	// answer (Claude, its folder trusted, changed only its title for 0.8 s
	// under load before it redrew). It is asked again, a key ignored, only
	// once the screen has been still for the silence window since.
	answered *Prompt
	rows     []string
}

func (q *questionSignal) observe(f *facts, ev Event) {
	if ev.Kind != Input {
		return
	}
	q.answered, q.rows = nil, nil
	if f.asked != nil && f.view != nil { // asked before this input (observe runs after inputAt moved)
		q.answered, q.rows = f.asked, slices.Clone(f.view.rows)
	}
}

// leftDrawn reports whether p is the question answered by the last input,
// on a screen none of whose rows changed since.
func (q *questionSignal) leftDrawn(p *Prompt) bool {
	return q.answered != nil && samePrompt(untimed(q.answered), untimed(p))
}

func init() {
	register(signalKind{name: "question", rank: rankQuestion, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &questionSignal{}, nil }})
}

// seen forgets the question answered once a row changes: the program
// moved on, or cleared it to ask again.
func (q *questionSignal) seen(f *facts) {
	if q.answered != nil && (f.view == nil || !slices.Equal(q.rows, f.view.rows)) {
		q.answered, q.rows = nil, nil
	}
}

func (q *questionSignal) vote(f *facts, now time.Time) vote {
	quiet := now.Sub(f.lastChange)
	if solid := now.Sub(f.lastSolid); solid > quiet && solid >= f.prof.Quiet.D() && f.besideAnimation() {
		// Only a spinner moved since the screen last changed otherwise:
		// an approval dialog drawn beside it has stood still for that
		// long (pi spins "Working..." above its dialog while it waits).
		// Not other shapes: a task tree's "❯ Building" over its
		// spinners reads as a chooser (corpus listr2).
		if p := f.view.promptDecides(); p != nil && p.Kind == PromptPermission {
			quiet = solid
		}
	}
	stillAsked := f.asked != nil && f.askedAt.Equal(f.inputAt)
	if !stillAsked && quiet < f.prof.Quiet.D() {
		// Only a frame that stays for the quiet window can ask; finding
		// the question on each frame of an animation is most of the
		// engine's work. The look again is the cursor signal's too.
		return vote{}.later(f.lastChange.Add(f.prof.Quiet.D()))
	}
	p := f.view.promptDecides()
	if stillAsked && p != nil && samePrompt(untimed(f.asked), untimed(p)) {
		return vote{verdict: question, signal: SignalPattern, prompt: f.asked,
			reason: fmt.Sprintf("%s question still on screen, unanswered", p.Kind)}
	}
	if stillAsked && quiet < f.prof.Quiet.D() {
		// A frame without it, or with part of it, not yet still: a dialog
		// redrawn in two writes beside a spinner (Continue's,
		// recordings/agents/generic/continue-approval.cast) is gone only
		// between them. Its going is believed as its coming is, once the
		// screen is still for the quiet window.
		return vote{verdict: question, signal: SignalPattern, prompt: f.asked,
			reason: fmt.Sprintf("%s question being redrawn, unanswered", f.asked.Kind)}.later(f.lastChange.Add(f.prof.Quiet.D()))
	}
	if p == nil {
		return vote{}
	}
	if q.leftDrawn(p) && now.Sub(f.inputAt) < f.prof.Silence.D() {
		return vote{}.later(f.inputAt.Add(f.prof.Silence.D()))
	}
	if quiet >= f.prof.Quiet.D() {
		f.asked, f.askedAt = p, f.inputAt
		return vote{verdict: question, signal: SignalPattern, prompt: p,
			reason: fmt.Sprintf("%s question on screen, still for %v", p.Kind, roundMS(quiet))}
	}
	return vote{}.later(f.lastChange.Add(f.prof.Quiet.D()))
}

// stillAsking reports whether the question the question signal declared
// last is still asked at now: no input since, and it is on screen, or the
// screen changed less than the quiet window ago. The kernel's view gives
// way to it: a program that asked and draws a spinner beside its question
// runs between the spinner's frames, and waits for the answer
// (recordings/agents/generic/pi-approval.cast, continue-approval.cast).
func (f *facts) stillAsking(now time.Time) bool {
	if f.asked == nil || !f.askedAt.Equal(f.inputAt) || f.view == nil {
		return false
	}
	if now.Sub(f.lastChange) < f.prof.Quiet.D() {
		return true
	}
	p := f.view.promptDecides()
	return p != nil && samePrompt(untimed(f.asked), untimed(p))
}

// untimed returns p with the clock and duration tokens of its text and
// options masked: the question a ticking timer in it does not change.
func untimed(p *Prompt) *Prompt {
	mask := func(s string) string {
		return durationToken.ReplaceAllString(clockToken.ReplaceAllString(s, "#"), "#")
	}
	c := *p
	c.Text = mask(p.Text)
	c.Options = make([]string, len(p.Options))
	for i, o := range p.Options {
		c.Options[i] = mask(o)
	}
	return &c
}
