package ready_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// A cursor shown once is a change (a program showing its cursor at exit);
// toggled again within the animation gap it is a blink, not a change.
func TestCursorVisibilityBlink(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("$ ")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("x")
	s.out("\x1b[?25l") // the first toggle after input: the program's reaction
	s.advance(100 * ms)
	s.wantState(ready.Busy)
	for range 10 { // then blinking every 500 ms: compatible with ready
		s.advance(400 * ms)
		s.out("\x1b[?25h")
		s.advance(100 * ms)
		s.out("\x1b[?25l")
	}
	if d := s.readyAt(100 * ms); d < 0 || d > 2*time.Second {
		t.Errorf("ready at +%v, want within 2 s of a blinking cursor's first toggle\n%s", d, s.timeline())
	}
}

// A clock ticking every second while the cursor rests at the prompt is no
// change; a counter of seconds running faster than the clock ("elapsed 4s"
// a second after "elapsed 0s") is progress.
func TestClockIsNoChangeCounterIs(t *testing.T) {
	s := newSim(t, ready.Generic())
	for i := range 5 {
		s.out("\x1b[1;1H\x1b[2K12:00:0" + string(rune('0'+i)) + "\x1b[3;1H\x1b[2K> ")
		s.advance(time.Second)
	}
	if d := s.readyAt(0); d < 0 || d > 1200*ms {
		t.Errorf("a ticking clock above the prompt: ready at +%v, want by its second tick\n%s", d, s.timeline())
	}
	s = newSim(t, ready.Generic())
	s.out("\x1b[3;1H> ")
	s.advance(time.Second)
	s.in("\r")
	for i := range 5 {
		s.out("\x1b[1;1H\x1b[2Kelapsed " + string(rune('0'+i)) + "s\x1b[3;1H\x1b[2K> ")
		s.advance(100 * ms)
		if i == 0 {
			s.advance(700 * ms) // a stall after the first frame: not known as a counter yet
		}
	}
	second := s.at() - 400*ms
	s.advance(2 * time.Second) // a long stall after the fifth
	s.neverWaiting(second)
}

// A spinner's glyph cycle holds busy through a stall longer than its
// cadence and the quiet window; once the spinner line is replaced by the
// answer, ready comes at once.
func TestSpinnerHoldsThroughStall(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[5;1H> ")
	s.advance(time.Second)
	s.in("\r")
	for i, g := range []string{"◐", "◓", "◑", "◒"} {
		s.out("\x1b[3;1H\x1b[2K" + g + " Compiling\x1b[5;3H")
		s.advance(time.Duration(80+i*10) * ms)
	}
	since := s.at()
	s.advance(2500 * ms) // stalled with the cursor in the input line
	s.neverWaiting(since)
	s.out("\x1b[3;1H\x1b[2Kdone\x1b[5;3H")
	done := s.at()
	s.advance(time.Second)
	if d := s.readyAt(done) - done; d < 0 || d > 200*ms {
		t.Errorf("ready %v after the spinner was replaced, want within 200ms\n%s", d, s.timeline())
	}
}

// A selection list that is output (the cursor at a prompt below it) is not
// a question, though a question line is above it.
func TestSelectListInOutputIsNotQuestion(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("? Which color do you like?\r\n❯ red\r\n  green\r\n  blue\r\n$ ")
	s.advance(time.Second)
	if tr := s.eng.Current(); tr.State != ready.Ready {
		t.Errorf("state %v, want ready at the shell prompt", tr)
	}
	s = newSim(t, ready.Generic())
	s.out("\x1b[?25l? Which color do you like?\r\n❯ red\r\n  green\r\n  blue\r\n")
	s.advance(time.Second)
	if tr := s.eng.Current(); tr.State != ready.Question || tr.Prompt.Kind != ready.PromptSelect || tr.Prompt.Default != 0 {
		t.Errorf("state %v, want a select question with red chosen", tr)
	}
}

// A list whose chosen item is shown in reverse video, with no marker glyph.
func TestSelectListReverseHighlight(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[?25lPick a branch:\r\n  main\r\n  \x1b[7mdevelop\x1b[0m\r\n  release\r\n")
	s.advance(time.Second)
	tr := s.eng.Current()
	if tr.State != ready.Question || tr.Prompt.Kind != ready.PromptSelect || tr.Prompt.Default != 1 ||
		strings.Join(tr.Prompt.Options, ",") != "main,develop,release" {
		t.Errorf("state %v, want a select question with develop chosen", tr)
	}
}

// A status word holds busy only while it is the program's last word: with
// "done" after it, or a prompt drawn below it later, it is history.
func TestStatusWordFinished(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("Loading config... done\r\n> ")
	s.advance(time.Second)
	if d := s.readyAt(0); d != 150*ms {
		t.Errorf("ready at +%v, want +150ms after a finished step\n%s", d, s.timeline())
	}
	s = newSim(t, ready.Generic())
	s.out("Loading config...")
	s.advance(time.Second)
	s.neverWaiting(0)
	s.out("\r\n> ")
	at := s.at()
	s.advance(time.Second)
	if d := s.readyAt(at) - at; d != 150*ms {
		t.Errorf("ready %v after the prompt below the status word, want 150ms\n%s", d, s.timeline())
	}
}

// A spinner whose glyph says nothing on its own ("✶ Working") and whose
// first gap is its longest: on a later turn, its label, seen spinning
// before, makes its first frame busy.
func TestLearnedSpinnerLabel(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[5;1H> ")
	s.advance(time.Second)
	turn := func() time.Duration {
		s.in("\r")
		start := s.at()
		for i, g := range []string{"✶", "✻", "✢", "✶", "✻", "✢"} {
			s.out("\x1b[3;1H\x1b[2K" + g + " Working\x1b[5;3H")
			if i == 0 {
				s.advance(480 * ms) // the first gap, the longest
			} else {
				s.advance(100 * ms)
			}
		}
		s.out("\x1b[3;1H\x1b[2K● done\x1b[5;3H")
		s.advance(time.Second)
		return start
	}
	turn()                     // the first turn: "✶ Working" means nothing yet (may be early)
	s.advance(6 * time.Second) // longer than the animation memory (5 s)
	second := turn()
	s.advance(2 * time.Second)
	for _, tr := range s.eng.Timeline() {
		if d := tr.Time.Sub(s.t0); tr.State.Waiting() && d >= second && d < second+980*ms {
			t.Errorf("second turn: %s at +%v, before the spinner ended (+%v)\n%s", tr.State, d, second+980*ms, s.timeline())
		}
	}
	if s.readyAt(second+980*ms) < 0 {
		t.Errorf("never ready after the second turn\n%s", s.timeline())
	}
}

// An elapsed-time footer ("─ ready · 3s elapsed", bubbletea-clock in the
// corpus) ticking once a second in step with the clock, the cursor in the
// input line, is a timer: ready within the quiet window and never busy
// again while it ticks. The same footer counting down, or counting faster
// than the clock, is progress.
func TestTimerInStepIsNoChange(t *testing.T) {
	footer := func(s *sim, word string, secs int) {
		s.out(fmt.Sprintf("\x1b[3;1H\x1b[2K─ %s · %ds elapsed\x1b[1;3H", word, secs))
	}
	s := newSim(t, ready.Generic())
	s.out("> ")
	footer(s, "ready", 0)
	for i := 1; i <= 12; i++ {
		at := time.Duration(i)*time.Second + time.Duration(i%3)*7*ms // a timer is drawn a few ms late
		if i >= 6 && i <= 8 {
			// and once, on a loaded machine, stalls 2 s: its queued
			// ticks drawn at once
			at = 8*time.Second + time.Duration(i-6)*10*ms
		}
		s.advance(at - s.at())
		footer(s, "ready", i)
	}
	s.advance(time.Second)
	if d := s.readyAt(0); d != 150*ms {
		t.Errorf("ready at +%v, want +150ms with a timer ticking\n%s", d, s.timeline())
	}
	for _, tr := range s.eng.Timeline()[1:] {
		if tr.State != ready.Ready {
			t.Errorf("%s at +%v (%s), want ready throughout a timer ticking\n%s", tr.State, tr.Time.Sub(s.t0), tr.Reason, s.timeline())
		}
	}

	for _, c := range []struct {
		name string
		secs func(i int) int
		gap  time.Duration
	}{
		{"countdown", func(i int) int { return 30 - i }, time.Second},
		{"faster than the clock", func(i int) int { return i }, 400 * ms},
		{"standing still, then ticking", func(i int) int { return i / 4 }, time.Second},
	} {
		s := newSim(t, ready.Generic())
		s.out("> ")
		s.advance(time.Second)
		s.in("\r")
		footer(s, "working", c.secs(0))
		for i := 1; i <= 8; i++ {
			s.advance(c.gap)
			footer(s, "working", c.secs(i))
		}
		s.advance(2 * time.Second) // a stall
		// The first few frames may pass for a timer; from the 7th frame on,
		// the counter is known for what it is.
		if d := s.readyAt(time.Second + 7*c.gap + 10*ms); d >= 0 {
			t.Errorf("%s: ready at +%v while the counter was shown\n%s", c.name, d, s.timeline())
		}
		if s.state() != ready.Busy {
			t.Errorf("%s: %s at the end, want busy\n%s", c.name, s.state(), s.timeline())
		}
	}
}

// Agents carry timers in their busy lines ("✻ Thinking… (3s · ↓ 2 tokens)",
// "⠋ Thinking (esc to cancel, 1s)", Codex's "• Working (0s • esc to
// interrupt)"): a frame where only the timer ticked is still a frame of the
// busy line, which holds busy by its status word or glyph, or, for a line
// led by a gerund, as progress once it ticked.
func TestTimerOnBusyLineStaysBusy(t *testing.T) {
	for _, line := range []string{"✻ Thinking… (%ds · ↓ 2 tokens)", "⠋ Thinking (esc to cancel, %ds)", "• Working (%ds • esc to interrupt)"} {
		s := newSim(t, ready.Generic())
		s.out("\x1b[5;1H> ")
		s.advance(time.Second)
		s.in("\r")
		for i := range 8 {
			s.out("\x1b[3;1H\x1b[2K" + fmt.Sprintf(line, i) + "\x1b[5;3H")
			s.advance(time.Second)
		}
		s.neverWaiting(time.Second) // from the first frame: generic's "interrupt hint" and "elapsed timer" markers hold it before it ticks
	}
}

// A progress bar short of 100% is busy from its first frame (a download's
// 0% may stall while it connects), and stays busy while its statistics
// change shape; at 100% it is done, and a checkbox or an empty table cell
// is no bar.
func TestProgressBarHolds(t *testing.T) {
	bar := func(pct, cells int, stats string) string {
		return fmt.Sprintf("\rget: %3d%%|%s%s| %s", pct, strings.Repeat("█", cells), strings.Repeat(" ", 20-cells), stats)
	}
	s := newSim(t, ready.Generic())
	s.out("url> ")
	s.advance(time.Second)
	s.in("\r")
	s.out("\r\n" + bar(0, 0, "0/8 [00:00<?, ?it/s]"))
	s.advance(2 * time.Second) // connecting
	s.out(bar(12, 2, "1/8 [00:02<00:14, 1.04s/it]"))
	s.advance(100 * ms)
	s.out(bar(25, 5, "2/8 [00:02<00:07, 1.21it/s]"))
	s.advance(2 * time.Second) // a stall after the rate changed shape
	s.neverWaiting(time.Second)
	s.out(bar(100, 20, "8/8 [00:05<00:00, 1.60it/s]") + "\r\nsaved\r\nurl> ")
	done := s.at()
	s.advance(time.Second)
	if d := s.readyAt(done) - done; d < 0 || d > 200*ms {
		t.Errorf("ready %v after the bar finished and the prompt came back, want within 200ms\n%s", d, s.timeline())
	}

	s = newSim(t, ready.Generic())
	s.out("| 1 |      | alice |\r\n\r\n> ")
	s.advance(time.Second)
	s.in("x")
	s.out("\x1b[1;1H| 1 |      | bob   |\x1b[3;3H")
	at := s.at()
	s.advance(time.Second)
	if d := s.readyAt(at) - at; d < 0 || d > 200*ms {
		t.Errorf("a table row with an empty cell changed: waiting %v after it, want within 200ms\n%s", d, s.timeline())
	}

	s = newSim(t, ready.Generic())
	s.out("\x1b[?25l? Toppings\r\n[ ] cheese\r\n[ ] ham\r\n")
	s.advance(time.Second)
	s.in(" ")
	s.out("\x1b[2;1H[x] cheese")
	at = s.at()
	s.advance(time.Second)
	if d := s.readyAt(at) - at; d < 0 || d > 200*ms {
		t.Errorf("a checkbox list: waiting %v after the tick, want within 200ms\n%s", d, s.timeline())
	}
}

// A status line below the input that turns to a gerund phrase after the
// input ("─ running ls · 7s elapsed"), the input line cleared at once, is
// busy until it turns back; a status line that changes otherwise, or a
// gerund in output above the input, is not.
func TestStatusLineTurnedBusy(t *testing.T) {
	turn := func(after, done string) *sim {
		s := newSim(t, ready.Generic())
		s.out("❯ \r\n\r\n─ ready · 0s elapsed\x1b[1;3H")
		s.advance(time.Second)
		s.in("ls\r")
		s.out("\x1b[1;1H\x1b[2K❯ \x1b[3;1H\x1b[2K" + after + "\x1b[1;3H")
		for i := 2; i <= 3; i++ { // the timer ticks while it works
			s.advance(time.Second)
			s.out("\x1b[3;1H\x1b[2K" + strings.Replace(after, "1s", fmt.Sprintf("%ds", i), 1) + "\x1b[1;3H")
		}
		s.advance(time.Second)
		s.out("\x1b[3;1H\x1b[2K" + done + "\x1b[1;3H")
		s.advance(time.Second)
		return s
	}
	s := turn("─ running ls · 1s elapsed", "─ ready · 4s elapsed")
	if d := s.readyAt(time.Second); d < 4*time.Second {
		t.Errorf("ready at +%v while the status line said \"running ls\" (+1s to +4s)\n%s", d, s.timeline())
	}
	if d := s.readyAt(4*time.Second) - 4*time.Second; d < 0 || d > 200*ms {
		t.Errorf("ready %v after the status line turned back, want within 200ms\n%s", d, s.timeline())
	}
	s = turn("─ ready · 1s elapsed · 1 item", "─ ready · 4s elapsed · 1 item")
	if d := s.readyAt(time.Second) - time.Second; d < 0 || d > 200*ms {
		t.Errorf("a status line changed without a gerund: ready %v after the input, want within 200ms\n%s", d, s.timeline())
	}

	s = newSim(t, ready.Generic())
	s.out("$ ")
	s.advance(time.Second)
	s.in("ls\r")
	s.out("\r\nstring.go  thing.go\r\nrunning.log\r\n$ ")
	at := s.at()
	s.advance(time.Second)
	if d := s.readyAt(at) - at; d < 0 || d > 200*ms {
		t.Errorf("gerunds in output above the prompt: ready %v after it, want within 200ms\n%s", d, s.timeline())
	}
}

// A busy marker's row with only a timer ticking ("esc to interrupt ·
// 12s", no spinner, no gerund) is the marker's row being repainted: the
// generic profile's "interrupt hint" stays fresh past its 5 s window.
func TestTimerKeepsBusyMarkerFresh(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[5;1H> ")
	s.advance(time.Second)
	s.in("\r")
	for i := range 9 {
		s.out("\x1b[3;1H\x1b[2K" + fmt.Sprintf("(esc to interrupt · %ds)", i) + "\x1b[5;3H")
		s.advance(time.Second)
	}
	s.neverWaiting(time.Second + 10*ms)
}
