package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// bubbles' textinput after a line is taken redraws "note>" with its
// cursor in the off phase of its blink (corpus/testdata/bubbletea-toast.cast):
// no cursor is seen until the blink turns it on 233 ms later. The prompt
// is known from the frames that showed the cursor after "note>", with text
// typed after it since, so the off-phase line is the input line: ready a
// quiet window after the answer is drawn, not at the next blink.
func TestOffPhaseCursorAfterALabelPrompt(t *testing.T) {
	trs, at, timeline := replayCorpus(t, "bubbletea-toast")
	var readyAt []time.Duration
	for i, tr := range trs {
		if tr.State == ready.Ready {
			readyAt = append(readyAt, at[i])
		}
	}
	// The truth after each Enter: the note saved and listed at 1.028857 s,
	// 2.096226 s and 4.229658 s; the blink turned the cursor on 233 ms later.
	for _, truth := range []time.Duration{1028857 * time.Microsecond, 2096226 * time.Microsecond, 4229658 * time.Microsecond} {
		found := false
		for _, d := range readyAt {
			if d >= truth && d <= truth+160*time.Millisecond {
				found = true
			}
		}
		if !found {
			t.Errorf("no ready within 160ms after the answer at %v\n%s", truth, timeline)
		}
	}
}
