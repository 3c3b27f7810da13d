package ready_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

const ms = time.Millisecond

func TestShellPromptReadyAfterQuiet(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("welcome\r\n$ ")
	s.advance(100 * ms)
	s.wantState(ready.Starting)
	s.advance(100 * ms)
	s.wantState(ready.Ready)
	if got := s.readyAt(0); got != 150*ms {
		t.Errorf("ready at +%v, want +150ms (the generic quiet window after a prompt glyph)\n%s", got, s.timeline())
	}
	if tr := s.eng.Current(); tr.Signal != ready.SignalCursor || tr.Cursor.Col != 3 {
		t.Errorf("ready transition %v, want signal cursor at column 3", tr)
	}
}

// A prompt theme that pauses halfway (git status) leaves the cursor at a
// plausible column with no prompt glyph: that is not ready.
func TestSlowPromptWaitsForSecondHalf(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[34m~/proj \x1b[0m")
	s.advance(300 * ms)
	s.neverWaiting(0)
	s.out("\x1b[32m(main) $ \x1b[0m")
	start := s.at()
	s.advance(time.Second)
	if got := s.readyAt(start) - start; got != 150*ms {
		t.Errorf("ready %v after the prompt was complete, want 150ms\n%s", got, s.timeline())
	}
}

// agentScreen draws an agent TUI like the fixture (and Claude Code): the
// transcript, a spinner line, the input box with the cursor at column 3 and
// a footer.
type agentScreen struct {
	s     *sim
	title string
}

func (a *agentScreen) paint(spin, input string) {
	a.s.out(fmt.Sprintf("\x1b]0;%s\x07\x1b[5;1H\x1b[2K%s\x1b[6;1H\x1b[2K%s\x1b[7;1H\x1b[2K❯ %s\x1b[8;1H\x1b[2K%s\x1b[9;1H\x1b[2K  ? for shortcuts\x1b[7;%dH",
		a.title, spin, strings.Repeat("─", 40), input, strings.Repeat("─", 40), 3+len([]rune(input))))
}

func (a *agentScreen) transcript(line string) {
	a.s.out("\x1b[4;1H\x1b[2K" + line)
}

var claudeGlyphs = []string{"·", "✢", "✳", "✶", "✻", "✽"}

// runTurn submits a prompt to the simulated agent, spins for n frames at the
// irregular 100–450 ms cadence, then finishes; it returns when the turn
// ended (the true ready time) relative to the start.
func (a *agentScreen) runTurn(spin func(i int) string, n int) time.Duration {
	s := a.s
	s.in("hello")
	a.paint("", "hello")
	s.advance(400 * ms)
	s.in("\r")
	a.title = "⠂ Agent"
	a.transcript("> hello")
	a.paint(spin(0), "")
	for i := 1; i <= n; i++ {
		s.advance(gap(i))
		if i%2 == 0 {
			a.title = "⠐ Agent"
		} else {
			a.title = "⠂ Agent"
		}
		a.paint(spin(i), "")
	}
	s.advance(gap(n + 1))
	a.title = "✳ Agent"
	a.transcript("● hello")
	a.paint("", "")
	return s.at()
}

func claudeSpin(i int) string {
	return fmt.Sprintf("%s Thinking… (%ds · esc to interrupt)", claudeGlyphs[i%len(claudeGlyphs)], i/3)
}

// The trap that fools "cursor column >= 3 and 150 ms quiet": the cursor
// stays in the input box while a spinner repaints up to 450 ms apart.
func TestAgentSpinnerInInputBoxIsBusy(t *testing.T) {
	for _, p := range []ready.Profile{ready.Generic(), ready.Claude()} {
		t.Run(p.Name, func(t *testing.T) {
			s := newSim(t, p)
			a := &agentScreen{s: s, title: "✳ Agent"}
			a.paint("", "")
			s.advance(time.Second)
			s.wantState(ready.Ready)
			enter := s.at() + 400*ms
			done := a.runTurn(claudeSpin, 20)
			s.neverWaiting(enter)
			s.advance(2 * time.Second)
			s.wantState(ready.Ready)
			lat := s.readyAt(done) - done
			t.Logf("ready %v after the turn ended", lat)
			if lat > 900*ms {
				t.Errorf("ready %v after the turn ended, want at most 2x the longest spinner gap (900ms)\n%s", lat, s.timeline())
			}
			if p.Name == "claude" && lat > p.Quiet.D() {
				t.Errorf("claude profile: ready %v after the turn ended, want %v (the idle title vouches)", lat, p.Quiet)
			}
		})
	}
}

// Without any marker the engine still learns the spinner's cadence: after
// its second frame no silence between frames reads as ready.
func TestAnimationWithoutMarkersAdaptsQuiet(t *testing.T) {
	s := newSim(t, ready.Generic())
	a := &agentScreen{s: s, title: "Agent"}
	a.paint("", "")
	s.advance(time.Second)
	frames := []string{"[=    ]", "[ =   ]", "[  =  ]", "[   = ]", "[    =]"}
	s.in("\r")
	a.paint(frames[0], "")
	// The first gap cannot be foreseen (markers cover that); once a 310 ms
	// gap was seen, the longer ones up to 449 ms must not fool it.
	s.advance(gap(0))
	a.paint(frames[1], "")
	second := s.at()
	for i := 1; i < 30; i++ {
		s.advance(gap(i))
		a.paint(frames[(i+1)%len(frames)], "")
	}
	s.neverWaiting(second)
	s.advance(gap(30))
	a.paint("", "")
	done := s.at()
	s.advance(2 * time.Second)
	lat := s.readyAt(done) - done
	if lat < 0 || lat > 900*ms {
		t.Errorf("ready %v after the animation stopped, want within 2x the longest gap (900ms)\n%s", lat, s.timeline())
	}
	if tr := s.eng.Timeline(); !hasSignal(tr, ready.SignalAnimation) {
		t.Errorf("no busy transition credited to animation:\n%s", s.timeline())
	}
}

// A region drawn before an input and changed after it (an input line
// cleared on Enter, a footer turned from one word to another) is the
// program answering: the gap since its first drawing is how long the user
// took, not a cadence to outwait. Frames that go on across an input still
// are one.
func TestAnswerToInputIsNoCadence(t *testing.T) {
	t.Run("answer", func(t *testing.T) {
		s := newSim(t, ready.Generic())
		s.out("\x1b[1;1H❯ \x1b[3;1H─ idle\x1b[1;3H")
		s.advance(300 * ms)
		s.in("ls")
		s.out("ls")
		s.advance(150 * ms)
		s.in("\r")
		s.advance(10 * ms)
		s.out("\x1b[1;1H\x1b[2K❯ \x1b[3;1H\x1b[2K─ done\x1b[1;3H")
		done := s.at()
		s.advance(time.Second)
		if lat := s.readyAt(done) - done; lat < 0 || lat > 200*ms {
			t.Errorf("ready %v after the answer, want within the 150ms quiet window\n%s", lat, s.timeline())
		}
	})
	t.Run("animation across input", func(t *testing.T) {
		s := newSim(t, ready.Generic())
		a := &agentScreen{s: s, title: "Agent"}
		a.paint("", "")
		s.advance(time.Second)
		s.in("\r")
		// a marquee: no spinner glyph, status word or bar, nothing known
		frames := []string{"ttyrig", "tyrigt", "yrigtt", "rigtty", "igttyr", "gttyri"}
		a.paint(frames[0], "")
		s.advance(gap(0))
		a.paint(frames[1], "")
		second := s.at()
		input := ""
		for i := 1; i < 24; i++ {
			s.advance(gap(i))
			if i%8 == 0 {
				input += "x" // typed ahead while it works
				s.in("x")
			}
			a.paint(frames[(i+1)%len(frames)], input)
		}
		s.neverWaiting(second)
	})
}

func hasSignal(trs []ready.Transition, sig ready.Signal) bool {
	for _, tr := range trs {
		if tr.Signal == sig {
			return true
		}
	}
	return false
}

// A "\r" spinner every 80 ms leaves the cursor past column 3; only the
// prompt after it is ready, and quickly.
func TestCarriageReturnSpinner(t *testing.T) {
	s := newSim(t, ready.Generic())
	braille := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
	for i := 0; i < 25; i++ {
		s.out("\r" + braille[i%10] + " Installing dependencies…")
		s.advance(80 * ms)
	}
	s.neverWaiting(0)
	s.out("\r\x1b[K✔ Installing dependencies done\r\n$ ")
	done := s.at()
	s.advance(time.Second)
	if lat := s.readyAt(done) - done; lat < 0 || lat > 160*ms {
		t.Errorf("ready %v after the prompt, want at most 160ms (2x the 80ms frame gap)\n%s", lat, s.timeline())
	}
}

// A full-screen program clears and redraws every frame and parks its cursor
// mid-screen: a still, complete frame is ready; work after a key is not.
func TestFullScreenParkedCursor(t *testing.T) {
	s := newSim(t, ready.Generic())
	frame := func(sel int) string {
		var b strings.Builder
		b.WriteString("\x1b[H\x1b[2J\x1b[1;1H\x1b[7m fixture list \x1b[0m")
		for i := 0; i < 20; i++ {
			fmt.Fprintf(&b, "\x1b[%d;1H", i+3)
			if i == sel {
				b.WriteString("\x1b[7m")
			}
			fmt.Fprintf(&b, "  item %02d\x1b[0m", i+1)
		}
		fmt.Fprintf(&b, "\x1b[30;1H item %d/20\x1b[10;20H", sel+1)
		return b.String()
	}
	s.out("\x1b[?1049h")
	s.advance(300 * ms)
	s.neverWaiting(0) // a blank alternate screen is not ready
	s.out(frame(0))
	first := s.at()
	s.advance(time.Second)
	if lat := s.readyAt(first) - first; lat < 0 || lat > 200*ms {
		t.Fatalf("ready %v after the first frame, want at most 200ms\n%s", lat, s.timeline())
	}
	// A key that takes 500 ms of work before the redraw: nothing changes on
	// screen until then, so nothing may be ready.
	s.in("j")
	key := s.at()
	s.advance(500 * ms)
	s.neverWaiting(key)
	s.out(frame(1))
	redraw := s.at()
	s.advance(time.Second)
	if lat := s.readyAt(redraw) - redraw; lat < 0 || lat > 200*ms {
		t.Errorf("ready %v after the redraw, want at most 200ms\n%s", lat, s.timeline())
	}
	// A header clock that ticks while it waits for keys does not hold it busy.
	for i := 0; i < 10; i++ {
		s.out(fmt.Sprintf("\x1b7\x1b[1;30Htick %d\x1b8", i))
		s.advance(100 * ms)
	}
	s.wantState(ready.Ready)
}

func TestChevronSelectIsQuestion(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[?25l\x1b[36m?\x1b[0m \x1b[1mPick a color\x1b[0m \x1b[90m›\x1b[0m\x1b[90m - Use arrow-keys. Return to submit.\x1b[0m" +
		"\r\n\x1b[36m❯ \x1b[4mred\x1b[0m\r\n  green\r\n  blue")
	s.advance(time.Second)
	s.wantState(ready.Question)
	p := s.eng.Current().Prompt
	want := &ready.Prompt{Kind: "chevron", Text: "Pick a color", Options: []string{"red", "green", "blue"}, Default: 0}
	if p.String() != want.String() {
		t.Errorf("prompt %v, want %v", p, want)
	}
	if lat := s.readyAt(0); lat != 150*ms {
		t.Errorf("question at +%v, want +150ms", lat)
	}
}

func TestNumberedPermissionDialog(t *testing.T) {
	s := newSim(t, ready.Generic())
	for i := 0; i < 5; i++ {
		s.out(fmt.Sprintf("\x1b[1;1H\x1b[2K%s Thinking… (esc to interrupt)\x1b[2;1H", claudeGlyphs[i%6]))
		s.advance(120 * ms)
	}
	s.neverWaiting(0)
	s.out("\x1b[1;1H\x1b[2K" + strings.Repeat("─", 40) + "\r\n Bash command\r\n\r\n   rm -rf build\r\n   Remove the build directory\r\n\r\n Do you want to proceed?\r\n" +
		"\x1b[36m❯ 1. Yes\x1b[0m\r\n  2. Yes, and don't ask again for rm commands in this directory\r\n  3. No, and tell the agent what to do differently (esc)\x1b[8;2H")
	shown := s.at()
	s.advance(time.Second)
	s.wantState(ready.Question)
	p := s.eng.Current().Prompt
	if p.Kind != "permission" || p.Text != "Do you want to proceed?" || len(p.Options) != 3 || p.Default != 0 ||
		p.Options[2] != "No, and tell the agent what to do differently (esc)" {
		t.Errorf("prompt %v", p)
	}
	if lat := s.readyAt(shown) - shown; lat != 150*ms {
		t.Errorf("question %v after the dialog, want 150ms", lat)
	}
	// Moving the selection is a new question state with the new default.
	s.in("\x1b[B")
	s.out("\x1b[8;1H\x1b[2K  1. Yes\x1b[9;1H\x1b[2K\x1b[36m❯ 2. Yes, and don't ask again for rm commands in this directory\x1b[0m\x1b[9;2H")
	s.advance(time.Second)
	if p := s.eng.Current().Prompt; p == nil || p.Default != 1 {
		t.Errorf("after Down: prompt %v, want default 1", p)
	}
}

// A numbered list in ordinary output, followed by a prompt, is no question.
func TestNumberedOutputIsNotQuestion(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("Steps:\r\n1. build\r\n2. test\r\n3. ship\r\n$ ")
	s.advance(time.Second)
	s.wantState(ready.Ready)
}

func TestLinePrompts(t *testing.T) {
	for _, tc := range []struct {
		out  string
		want string
	}{
		{"Continue? [y/N] ", `yesno "Continue?" options: y | [N]`},
		{"Overwrite file.txt? (yes/no) ", `yesno "Overwrite file.txt?" options: yes | no`},
		{"[sudo] password for ann: ", `password "[sudo] password for ann:"`},
		{"Password: ", `password "Password:"`},
		{"Press Enter to continue...", `press-enter "Press Enter to continue..."`},
		{"Press any key to continue...", `press-enter "Press any key to continue..."`},
		{"? Project name › ", `chevron "Project name"`},
	} {
		s := newSim(t, ready.Generic())
		s.out("Resolving packages…\r\n" + tc.out)
		s.advance(time.Second)
		if got := s.eng.Current(); got.State != ready.Question || got.Prompt.String() != tc.want {
			t.Errorf("%q: %v, want question %s", tc.out, got, tc.want)
		}
	}
}

// A program that asked the terminal something and printed nothing since is
// not waiting for the user yet.
func TestQueryPendingHolds(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("> \x1b[6n")
	s.advance(400 * ms)
	s.neverWaiting(0)
	s.advance(200 * ms)
	s.wantState(ready.Ready)
}

func TestNeverReadyBecomesStuck(t *testing.T) {
	s := newSim(t, ready.Generic(), ready.StuckAfter(5*time.Second))
	braille := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
	for i := 0; i < 100; i++ {
		if i%10 == 9 {
			s.out(fmt.Sprintf("\r\x1b[K✔ step %d done\n", i/10+1))
		}
		s.out(fmt.Sprintf("\r\x1b[K%s Indexing files… step %d", braille[i%10], i/10+1))
		s.advance(100 * ms)
	}
	s.neverWaiting(0)
	s.wantState(ready.Stuck)
	tr := s.eng.Current()
	if tr.Signal != ready.SignalTimeout || !strings.Contains(tr.Reason, "not ready 5s after start") {
		t.Errorf("stuck transition %v", tr)
	}
}

// The spinner text the never fixture can show instead: "⠋ > " with the
// cursor at column 5, like a prompt, repainted 100-450 ms apart.
func TestPromptLikeSpinnerIsBusy(t *testing.T) {
	s := newSim(t, ready.Generic())
	braille := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
	s.out("\r\x1b[K" + braille[0] + " > ")
	s.advance(100 * ms)
	s.out("\r\x1b[K" + braille[1] + " > ")
	second := s.at()
	for i := 2; i < 40; i++ {
		s.advance(gap(i))
		s.out("\r\x1b[K" + braille[i%10] + " > ")
	}
	s.neverWaiting(second)
}

func TestOSC133(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b]133;A\x07> \x1b]133;B\x07")
	s.wantState(ready.Ready) // no quiet needed: the shell said so
	if tr := s.eng.Current(); tr.Signal != ready.SignalProtocol {
		t.Errorf("ready by %s, want protocol", tr.Signal)
	}
	s.advance(100 * ms)
	s.in("sleep 1\r")
	s.out("sleep 1\r\n")
	s.out("\x1b]133;C\x07")
	enter := s.at()
	s.advance(time.Second)
	s.neverWaiting(enter)
	// The mark split across two reads, and a slow prompt between A and B.
	s.out("\x1b]133;D;0\x07\x1b]1")
	s.out("33;A\x07")
	s.advance(3 * time.Second) // longer than the silence fallback: the marks are trusted
	s.neverWaiting(enter)
	s.out("> \x1b]133")
	s.out(";B\x1b\\")
	s.wantState(ready.Ready)
}

func TestOSC7501AndProgress(t *testing.T) {
	s := newSim(t, ready.Codex())
	s.out("\x1b]0;work\x07› ") // Codex names its window once initialised
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("hi\r")
	s.out("\x1b]7501;state=working:app=codex\x07\x1b[1;1Hworking")
	enter := s.at()
	s.advance(5 * time.Second) // silent, cursor at column 8: only the protocol says busy
	s.neverWaiting(enter)
	s.out("\x1b]7501;state=done:app=codex\x07\x1b]7501;state=idle:app=codex\x07\x1b[1;1H\x1b[2K› ")
	done := s.at()
	s.advance(time.Second)
	if lat := s.readyAt(done) - done; lat != 150*ms {
		t.Errorf("ready %v after state=idle, want 150ms\n%s", lat, s.timeline())
	}

	s.in("x")
	s.out("\x1b]9;4;3;0\x07x")
	start := s.at()
	s.advance(5 * time.Second)
	s.neverWaiting(start)
	s.out("\x1b]9;4;0;0\x07")
	s.advance(time.Second)
	s.wantState(ready.Ready)
}

// Codex says it is done and draws its answer in the next write, a moment
// later, after a screen that was still but for its "Working" shimmer: the
// screen must be still since it said so, or ready comes before the answer
// (TestToolApproval/codex, recordings/agents/codex-notify.cast at 13.424 s).
func TestOSC7501DoneBeforeItsDraw(t *testing.T) {
	s := newSim(t, ready.Codex())
	s.out("\x1b[?1049h\x1b]0;work\x07\x1b]7501;state=idle:app=codex\x1b\\\x1b[27;1H› ")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("run the proof command\r")
	s.out("\x1b]7501;state=working:app=codex\x1b\\\x1b[11;1H• Ran touch proof.txt\x1b[27;3H")
	for i := range 16 { // the shimmer: "Working" repainted in turning shades
		s.advance(33 * ms)
		s.out(fmt.Sprintf("\x1b[24;3H\x1b[38;2;%[1]d;%[1]d;%[1]dmWorking\x1b[0m\x1b[27;3H", 127+8*(i%16)))
	}
	s.advance(12 * ms)
	s.out("\x1b[24;1H\x1b[K\x1b[27;3H") // the shimmer erased
	s.advance(9 * ms)
	s.out("\x1b]9;The command printed tool-ran-ok.\x07\x1b]7501;state=done:app=codex\x1b\\")
	done := s.at()
	s.advance(100 * time.Microsecond)
	s.neverWaiting(done)
	s.out("\x1b[14;1H• The command printed tool-ran-ok.\x1b[27;3H")
	drawn := s.at()
	s.advance(time.Second)
	if at := s.readyAt(drawn); at < 0 {
		t.Errorf("never ready after the answer\n%s", s.timeline())
	}
}

func TestExit(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("bye\r\n")
	s.exit(3)
	s.wantState(ready.Exited)
	if tr := s.eng.Current(); tr.Code != 3 || tr.Signal != ready.SignalExit {
		t.Errorf("exit transition %v", tr)
	}
	s.out("late")
	s.advance(5 * time.Second)
	if n := len(s.eng.Timeline()); s.eng.Timeline()[n-1].State != ready.Exited {
		t.Errorf("transition after exit:\n%s", s.timeline())
	}
	if _, ok := s.eng.Deadline(); ok {
		t.Error("deadline after exit")
	}
}

// After input, only a ready state reached after the program reacted counts.
func TestFreshnessAfterInput(t *testing.T) {
	s := newSim(t, ready.Generic(), ready.StuckAfter(3*time.Second))
	s.out("$ ")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("ls\r")
	s.wantState(ready.Busy)
	if tr := s.eng.Current(); tr.Signal != ready.SignalInput {
		t.Errorf("busy by %s, want input", tr.Signal)
	}
	in := s.at()
	s.advance(2 * time.Second) // the program has not reacted: the old prompt is stale
	s.neverWaiting(in)
	s.advance(2 * time.Second)
	s.wantState(ready.Stuck)
	s.out("ls\r\nfile\r\n$ ")
	react := s.at()
	s.advance(time.Second)
	if lat := s.readyAt(react) - react; lat != 150*ms {
		t.Errorf("ready %v after the reaction, want 150ms\n%s", lat, s.timeline())
	}
}

func TestSynchronizedUpdateHolds(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("\x1b[?2026h$ ")
	s.advance(800 * ms)
	s.neverWaiting(0)
	s.out("\x1b[?2026l")
	s.advance(200 * ms)
	s.wantState(ready.Ready)
}

// A screen that stays put with the cursor off any input position is ready
// only by silence.
func TestSilenceFallback(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("loading\r\n")
	s.advance(1900 * ms)
	s.neverWaiting(0)
	s.advance(200 * ms)
	s.wantState(ready.Ready)
	if tr := s.eng.Current(); tr.Signal != ready.SignalSilence {
		t.Errorf("ready by %s, want silence", tr.Signal)
	}
}

// Ticking more often than asked never changes a decision, and the deadline
// is never late: a tick every millisecond finds the same states within 1 ms.
func TestDeadlinesAreExact(t *testing.T) {
	sameAsFineTicks(t, func(s *sim, step func(time.Duration)) {
		a := &agentScreen{s: s, title: "✳ Agent"}
		a.paint("", "")
		step(time.Second)
		s.in("\r")
		for i := 0; i < 15; i++ {
			a.paint(claudeSpin(i), "")
			step(gap(i))
		}
		a.paint("", "")
		step(2 * time.Second)
		s.out("\r\nbye\r\n$ ")
		step(3 * time.Second)
	})
}

// An animation's gap is forgotten 5 s after its first frame; a wait for its
// cadence that has not run out by then is asked again at that moment, not
// when the forgotten need would have been outwaited.
func TestAnimationNeedLapsesOnTime(t *testing.T) {
	exact := sameAsFineTicks(t, func(s *sim, step func(time.Duration)) {
		a := &agentScreen{s: s, title: "Agent"}
		a.paint("", "")
		step(time.Second)
		s.in("\r")
		step(10 * ms)
		a.paint("ttyrig", "") // a marquee, nothing known: 600 ms later
		step(600 * ms)
		a.paint("tyrigt", "") // its second frame; needs 900 ms still
		step(3900 * ms)
		s.out("\x1b[4;1Hanswer\x1b[7;3H") // at 5.51 s; the gap is forgotten at 6.01 s
		step(2 * time.Second)
	})
	if got := exact.readyAt(5510 * ms); got < 0 || got > 6010*ms {
		t.Errorf("ready at +%v, want by +6.01s, when the 600ms gap left the window\n%s", got, exact.timeline())
	}
}

// sameAsFineTicks runs script twice, stepping the clock from deadline to
// deadline and by a tick every millisecond, and fails unless both find the
// same states within 1 ms. It returns the first run.
func sameAsFineTicks(t *testing.T, script func(s *sim, step func(time.Duration))) *sim {
	t.Helper()
	exact := newSim(t, ready.Generic())
	script(exact, exact.advance)
	fine := newSim(t, ready.Generic())
	script(fine, func(d time.Duration) {
		for end := fine.clk.Now().Add(d); fine.clk.Now().Before(end); {
			fine.clk.Advance(time.Millisecond)
			fine.eng.Tick(fine.clk.Now())
		}
	})
	a, b := exact.eng.Timeline(), fine.eng.Timeline()
	if len(a) != len(b) {
		t.Fatalf("exact ticks:\n%s\nevery millisecond:\n%s", exact.timeline(), fine.timeline())
	}
	for i := range a {
		if a[i].State != b[i].State || b[i].Time.Sub(a[i].Time) < 0 || b[i].Time.Sub(a[i].Time) > ms {
			t.Fatalf("transition %d differs:\nexact ticks:\n%s\nevery millisecond:\n%s", i, exact.timeline(), fine.timeline())
		}
	}
	return exact
}

// restartingProfile is generic with a start-up marker ("Banner v1" at a
// row's start) and a restart marker ("restarting" in the last 3 lines).
func restartingProfile() ready.Profile {
	p := ready.Generic()
	p.Name = "startup"
	restarting := ready.Marker{Name: "restarting", Pattern: `restarting`, Region: ready.LastLines(3)}
	p.Signals = append(p.Signals,
		ready.SignalSpec{Name: "restart", Markers: []ready.Marker{restarting}},
		ready.SignalSpec{Name: "startup", Markers: []ready.Marker{{Name: "banner", Pattern: `^Banner v1`, Region: ready.WholeScreen}},
			Restart: []ready.Marker{restarting}})
	return p
}

// A program that draws its input box before it accepts input (Gemini CLI)
// is not ready until its start-up marker appears; after a restart marker,
// only a marker drawn anew counts.
func TestStartedAndRestartMarkers(t *testing.T) {
	p := restartingProfile()
	s := newSim(t, p)
	s.out("\x1b[5;1H> ")
	s.advance(time.Second)
	s.neverWaiting(s.at())
	s.out("\x1b[1;1HBanner v1\x1b[5;3H")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("x")
	s.out("\x1b[6;1Hrestarting\x1b[5;3H")
	s.advance(time.Second)
	restart := s.at()
	s.out("\x1b[6;1H\x1b[2K\x1b[5;3H") // the restart line goes, the old banner stays
	s.advance(time.Second)
	s.neverWaiting(restart)
	s.out("\x1b[7;1HBanner v1\x1b[9;1H> ") // drawn anew by the restarted program, below the old screen
	s.advance(2 * time.Second)             // the restart line came and went: an animation to outwait
	s.wantState(ready.Ready)
}

// A restarting program may redraw its screen, start-up marker included, in
// the same burst of output as the restart message and a few reads before
// it (Gemini CLI does, depending on load): that marker is drawn anew, and
// start-up is over without another.
func TestRestartMarkerDrawnInTheSameBurst(t *testing.T) {
	p := restartingProfile()
	s := newSim(t, p)
	s.out("\x1b[1;1HBanner v1\x1b[5;1H> ")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("x")
	s.advance(300 * time.Millisecond)
	s.out("\x1b[1;1H\x1b[2K\x1b[5;3H") // the redraw erases...
	s.advance(time.Millisecond)
	s.out("\x1b[1;1HBanner v1\x1b[5;3H") // ...and draws the banner again...
	s.advance(time.Millisecond)
	s.out("\x1b[6;1Hrestarting\x1b[5;3H") // ...then the message, in one burst
	s.advance(100 * time.Millisecond)
	s.out("\x1b[6;1H\x1b[2K\x1b[5;3H")
	s.advance(4 * time.Second)
	s.wantState(ready.Ready)

	// A banner from before the burst does not count: the same, with a
	// pause between the redraw and the message.
	s = newSim(t, p)
	s.out("\x1b[1;1HBanner v1\x1b[5;1H> ")
	s.advance(time.Second)
	s.wantState(ready.Ready)
	s.in("x")
	s.advance(300 * time.Millisecond)
	s.out("\x1b[1;1H\x1b[2K\x1b[5;3H")
	s.advance(time.Millisecond)
	s.out("\x1b[1;1HBanner v1\x1b[5;3H")
	s.advance(time.Second)
	restart := s.at()
	s.out("\x1b[6;1Hrestarting\x1b[5;3H")
	s.advance(100 * time.Millisecond)
	s.out("\x1b[6;1H\x1b[2K\x1b[5;3H")
	s.advance(4 * time.Second)
	s.neverWaiting(restart)
}

// Claude Code ticks the chosen option and leaves its dialog up while it
// acts on the answer; under load for well over the quiet window. That is
// the answered question, not a new one: busy until the screen moves on.
// The same dialog drawn again without the tick is a question again.
func TestAnsweredQuestionTicked(t *testing.T) {
	dialog := func(first string) string {
		return "\x1b[1;1H\x1b[2J Do you want to proceed?\r\n" + first + "\r\n  2. No\x1b[2;2H"
	}
	s := newSim(t, ready.Generic())
	s.out(dialog("\x1b[36m❯ 1. Yes\x1b[0m"))
	s.advance(time.Second)
	s.wantState(ready.Question)
	s.in("\r")
	answered := s.at()
	s.advance(20 * ms)
	s.out(dialog("\x1b[36m❯ 1. Yes ✔\x1b[0m"))
	s.advance(2 * time.Second)
	s.neverWaiting(answered)
	if got := s.eng.Status(); !strings.Contains(got.Reason, "answered") {
		t.Errorf("state %v, want busy because the question was answered", got)
	}
	s.out("\x1b[1;1H\x1b[2J$ ")
	s.advance(time.Second)
	s.wantState(ready.Ready)

	// No tick: the program asks again.
	s = newSim(t, ready.Generic())
	s.out(dialog("\x1b[36m❯ 1. Yes\x1b[0m"))
	s.advance(time.Second)
	s.in("\r")
	s.advance(20 * ms)
	s.out("\x1b[1;1H\x1b[2J")
	s.advance(20 * ms)
	s.out(dialog("\x1b[36m❯ 1. Yes\x1b[0m"))
	s.advance(time.Second)
	s.wantState(ready.Question)
}

// The question of an options dialog is the line above the list that asks
// one, even with the command, its reason and its environment in between
// (Codex's approval dialog, as drawn by Codex 0.169).
func TestApprovalDialogQuestionText(t *testing.T) {
	s := newSim(t, ready.Codex())
	s.out("\x1b]0;work\x07› run the proof command\r\n\r\n• Running touch proof.txt\r\n\r\n" +
		"  Would you like to run the following command?\r\n\r\n  Environment: local\r\n\r\n" +
		"  Reason: Do you want to run the scripted command?\r\n\r\n  $ touch proof.txt\r\n\r\n\r\n" +
		"› 1. Yes, proceed (y)\r\n  2. Yes, and don't ask again for commands that start with `touch proof.txt` (p)\r\n" +
		"  3. No, and tell Codex what to do differently (esc)\r\n\r\n  Press enter to confirm or esc to cancel")
	s.advance(time.Second)
	s.wantState(ready.Question)
	p := s.eng.Current().Prompt
	if p.Text != "Would you like to run the following command?" || p.Kind != "approval" || len(p.Options) != 3 || p.Default != 0 {
		t.Errorf("prompt %v, want the approval question %q with 3 options, the first chosen", p, "Would you like to run the following command?")
	}
}
