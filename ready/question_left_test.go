package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// A question answered and left drawn, only the title changed since the
// answer, is not asked again within the silence window: the program works
// on the answer (a live Claude Code, its folder trusted, set its title and
// drew nothing else for 0.8 s: agents/testdata/claude-trust-left-drawn.cast).
// A key the program ignores leaves the question as it was: it is asked
// again once the silence window has passed, never lost.
func TestAnsweredQuestionLeftDrawn(t *testing.T) {
	dialog := "\x1b[1;1H\x1b[2J Do you want to proceed?\r\n\x1b[36m❯ 1. Yes\x1b[0m\r\n  2. No\x1b[2;2H"
	s := newSim(t, ready.Generic())
	s.out(dialog)
	s.advance(time.Second)
	s.wantState(ready.Question)
	s.in("\r")
	answered := s.at()
	s.advance(20 * time.Millisecond)
	s.out("\x1b]0;working\x07")
	s.advance(ready.Generic().Silence.D() - 100*time.Millisecond)
	s.neverWaiting(answered)
	s.advance(200 * time.Millisecond)
	s.wantState(ready.Question)
}
