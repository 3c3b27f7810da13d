package ready

import (
	"fmt"
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

type questionSignal struct{}

func init() {
	register(signalKind{name: "question", rank: rankQuestion, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &questionSignal{}, nil }})
}

func (*questionSignal) seen(*facts) {}

func (q *questionSignal) vote(f *facts, now time.Time) vote {
	quiet := now.Sub(f.lastChange)
	if solid := now.Sub(f.lastSolid); solid > quiet && solid >= f.prof.Quiet.D() && f.besideAnimation() &&
		(f.view.mayAskPermission() || f.noPermitCheck) {
		// Only a spinner moved since the screen last changed otherwise:
		// an approval dialog drawn beside it has stood still for that
		// long (pi spins "Working..." above its dialog while it waits).
		// Not other shapes: a task tree's "❯ Building" over its
		// spinners reads as a chooser (corpus listr2).
		if p := f.view.promptDecides(); p != nil && p.Kind == PromptPermission {
			quiet = solid
		}
	}
	// Where the kernel proves the frame stays for the quiet window
	// (kernel_quiet.go), it is as if the window had passed: the cursor
	// signal, ranked after, would call the question ready otherwise.
	note := ""
	if q, ok := f.provenQuiet(now, f.lastChange); ok && quiet < f.prof.Quiet.D() && q >= f.prof.Quiet.D() {
		note = fmt.Sprintf(", and the kernel proves nothing can be drawn for %v more", roundMS(f.quietTill.Sub(now)))
		quiet = q
	}
	stillAsked := f.asked != nil && f.askedAt.Equal(f.inputAt)
	if !stillAsked && quiet < f.prof.Quiet.D() {
		// Only a frame that stays for the quiet window can ask; finding
		// the question on each frame of an animation is most of the
		// engine's work. The look again is the cursor signal's too, or
		// sooner, when only a spinner moved since the last solid change:
		// the rule above may ask then (pi's dialog, drawn 14 ms before its
		// spinner's first frame after the input, the second 72 ms later:
		// looked at only at the frame after, 154 ms after the dialog,
		// recordings/agents/generic/pi-approval.cast).
		again := f.lastChange.Add(f.prof.Quiet.D())
		if s := f.lastSolid.Add(f.prof.Quiet.D()); s.After(now) && s.Before(again) && f.besideAnimation() {
			again = s
		}
		return vote{}.later(again)
	}
	p := f.view.promptDecides()
	if stillAsked && p != nil && sameUntimed(f.asked, p) {
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
	if f.answeredUndrawn(p) && now.Sub(f.inputAt) < f.prof.Silence.D() {
		return vote{}.later(f.inputAt.Add(f.prof.Silence.D())) // question_undrawn.go
	}
	if until, ok := f.spinningBeside(p, now); ok {
		return vote{}.later(until) // question_spinning.go
	}
	if quiet >= f.prof.Quiet.D() {
		shown := quiet
		if note != "" {
			shown = now.Sub(f.lastChange) // the quiet seen; the note says the rest
		}
		f.asked, f.askedAt = p, f.inputAt
		f.rev++
		return vote{verdict: question, signal: SignalPattern, prompt: p,
			reason: fmt.Sprintf("%s question on screen, still for %v%s", p.Kind, roundMS(shown), note)}
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
	return p != nil && sameUntimed(f.asked, p)
}

// sameUntimed reports whether a and b are the same question but for their
// clocks and timers (untimed), masking only prompts that differ: the
// question signal asks at every evaluation while a question is asked.
func sameUntimed(a, b *Prompt) bool {
	return samePrompt(a, b) || samePrompt(untimed(a), untimed(b))
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
