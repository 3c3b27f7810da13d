package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// click's "Repeat for confirmation: " names no secret; the kernel's view
// says python reads a line with echo off. Live (the corpus' click run kept
// in testdata), the look 1 ms after the prompt found the reader still, and
// the still loop's ready came without the password: each of five live runs
// scored click's questions 3 of 4 (docs/CORPUS.md, "Round 10: questions").
// A still reader reading a line with echo off is asked a password too
// (question_secretline.go).
func TestLineReadWithEchoOffFoundStillIsAPassword(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "click-confirm-still.cast"))
	if err != nil {
		t.Fatal(err)
	}
	// The hook's second password mark: the confirmation's.
	var asked []time.Duration
	for _, ev := range cast.Events {
		if ev.Kind == asciicast.Marker && ev.Data == "prompt:password" {
			asked = append(asked, ev.Time)
		}
	}
	if len(asked) != 2 {
		t.Fatalf("the recording's truth asks %d passwords, want 2", len(asked))
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var b strings.Builder
	var got *ready.Transition
	for _, tr := range rep.Run() {
		at := tr.Time.Sub(rep.Start())
		b.WriteString("  " + at.String() + " " + string(tr.State) + " " + tr.Reason + "\n")
		if got == nil && at >= asked[1] && (tr.State == ready.Ready || tr.State == ready.Question) {
			got = &tr
		}
	}
	switch {
	case got == nil:
		t.Fatalf("no waiting state after the confirmation prompt:\n%s", b.String())
	case got.State != ready.Question || got.Prompt == nil || got.Prompt.Kind != ready.PromptPassword ||
		got.Prompt.Text != "Repeat for confirmation:":
		t.Errorf("at the confirmation prompt: %s %v (%s), want a password question \"Repeat for confirmation:\"\n%s",
			got.State, got.Prompt, got.Reason, b.String())
	case got.By != "kernel" || !strings.Contains(got.Reason, "nothing ran"):
		t.Errorf("decided by %s (%s), want the kernel's still reader", got.By, got.Reason)
	}
}
