package ready_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// withoutSignal returns p without its selected signal of that name.
func withoutSignal(p ready.Profile, name string) ready.Profile {
	var sigs []ready.SignalSpec
	for _, s := range p.Signals {
		if s.Name != name {
			sigs = append(sigs, s)
		}
	}
	p.Signals = sigs
	return p
}

// Codex blinks "[ ! ]"/"[ . ] Action Required" in the title every second
// while its approval waits. Without its notification channel the engine
// reads only the screen: the question, once asked, stays asked through
// every blink until the answer is typed, never turning busy or ready for
// a quiet window after each repaint.
func TestRepaintedQuestionStaysAsked(t *testing.T) {
	for _, file := range []string{"codex-notify.cast", "codex-approval.cast"} {
		t.Run(strings.TrimSuffix(file, ".cast"), func(t *testing.T) {
			cast, err := asciicast.ReadFile(filepath.Join("..", "recordings", "agents", file))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := recordings.Replay(cast, recordings.WithProfile(withoutSignal(ready.Codex(), "notify")))
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			tl := rep.Run()
			var b strings.Builder
			for _, tr := range tl {
				b.WriteString("  " + tr.Time.Sub(rep.Start()).String() + " " + string(tr.State) + " " + tr.Reason + "\n")
			}
			asked := -1
			for i, tr := range tl {
				if tr.State == ready.Question && tr.Prompt != nil && strings.Contains(tr.Prompt.Text, "Would you like to run") {
					asked = i
					break
				}
			}
			if asked < 0 {
				t.Fatalf("the approval was never a question\n%s", b.String())
			}
			if next := tl[asked+1]; next.State != ready.Busy || next.Signal != ready.SignalInput {
				t.Errorf("after the approval was asked: %s (%s) at %v, want it asked until the answer is typed\n%s",
					next.State, next.Reason, next.Time.Sub(rep.Start()), b.String())
			}
		})
	}
}

// A question whose own text carries a ticking timer stays the question
// asked: no recording has one yet, so the screen is drawn here.
func TestQuestionWithTimerStaysAsked(t *testing.T) {
	s := newSim(t, ready.Generic())
	s.out("$ ")
	s.advance(time.Second)
	s.in("deploy\r")
	ask := func(left int) {
		s.out(fmt.Sprintf("\x1b[2;1H\x1b[2KDeploy to production (expires in %ds)? [y/n] ", left))
	}
	ask(30)
	s.advance(200 * time.Millisecond)
	s.wantState(ready.Question)
	asked := s.at()
	for left := 29; left > 25; left-- {
		s.advance(800 * time.Millisecond)
		ask(left)
	}
	s.advance(100 * time.Millisecond)
	for _, tr := range s.eng.Timeline() {
		if at := tr.Time.Sub(s.t0); at > asked {
			t.Errorf("+%v %s (%s): want the question asked at +%v held while its timer ticks\n%s", at, tr.State, tr.Reason, asked, s.timeline())
		}
	}
}
