package ready_test

import (
	"path/filepath"
	"strings"
	"testing"

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
