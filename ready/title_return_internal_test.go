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
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }

	var shell animation
	f := &facts{}
	shell.returned(f, "~") // the prompt's title
	f.inputAt = ms(1000)
	shell.input()
	shell.add(ms(1010), "title", nil, true, false)
	if shell.returned(f, "sleep 1 ~") {
		t.Error("the command's title read as a return")
	}
	if !shell.returned(f, "~") {
		t.Error("the prompt's title back: not read as a return")
	}

	var spin animation
	f = &facts{}
	for i, title := range []string{"⠋ build", "⠙ build", "⠹ build"} {
		spin.returned(f, title)
		spin.add(ms(100*i), "title", nil, true, false)
	}
	f.inputAt = ms(250) // under "⠹ build"
	spin.input()
	spin.returned(f, "⠸ build")
	spin.add(ms(300), "title", nil, true, false)
	if spin.returned(f, "⠹ build") {
		t.Error("a spinner round to its frame at the input read as a return")
	}
}
