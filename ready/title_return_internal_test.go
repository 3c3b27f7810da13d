package ready

import (
	"testing"
	"time"
)

// The title back to the one the input came under ends its frames, unless
// the title was animating before that input: a spinner coming round to the
// frame it showed at the input stays a spinner.
func TestTitleReturned(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type prog struct {
		a animation
		f facts
	}
	// change shows a new title at ms, as titleFrame takes it in, and says
	// whether it was read as a return.
	change := func(p *prog, title string, ms int) bool {
		if p.a.returned(&p.f, title) {
			p.a.forgetKey("title")
			return true
		}
		p.a.add(t0.Add(time.Duration(ms)*time.Millisecond), "title", nil, true, false)
		return false
	}
	input := func(p *prog, ms int) {
		p.f.inputAt = t0.Add(time.Duration(ms) * time.Millisecond)
		p.a.input()
	}

	// fish under load (corpus round 11, set E, a live run): "read ~"
	// answered, "~" put back 983 ms before the next command's Enter, then
	// the command's title and "~" again.
	var shell prog
	change(&shell, "~", 0)
	input(&shell, 7000)
	change(&shell, "read ~", 7736)
	input(&shell, 8122)
	input(&shell, 8560)
	if change(&shell, "~", 8968) {
		t.Error("a title other than the input's read as a return")
	}
	input(&shell, 9420)
	input(&shell, 9951)
	if change(&shell, "echo $answer ~", 10072) {
		t.Error("the command's title read as a return")
	}
	if !change(&shell, "~", 10973) {
		t.Error("the prompt's title back after the command: not read as a return (one change of the title 983 ms before the input is no cadence)")
	}

	// A title spinner running when the input came, coming round to the
	// frame it showed then.
	var spin prog
	for i, title := range []string{"⠋ build", "⠙ build", "⠹ build"} {
		change(&spin, title, 100*i)
	}
	input(&spin, 250) // under "⠹ build"
	change(&spin, "⠸ build", 300)
	if change(&spin, "⠹ build", 400) {
		t.Error("a spinner round to its frame at the input read as a return")
	}
}
