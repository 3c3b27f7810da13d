package termtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// A marker dated in the past is recorded at its own time, among the events
// it came between, not at the time it was made.
func TestMarkerInThePastKeepsItsTime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.cast")
	term := termtest.Spawn(t, []string{"sh", "-c", "echo one; read x; echo two; read y"}, termtest.WithRecording(path))
	term.ExpectScreen(expect.Contains("one"))
	// After "one" arrived and before the line that lets "two" out, on any
	// machine (a fixed +100 ms between them was before "one" under load).
	at := time.Since(term.Started()).Truncate(time.Millisecond) + time.Millisecond
	time.Sleep(time.Until(term.Started().Add(at)))
	term.NoWait().Press(termtest.KeyEnter)
	term.ExpectScreen(expect.Contains("two"))
	if err := term.Marker(term.Started().Add(at), "ready"); err != nil {
		t.Fatal(err)
	}
	if err := term.Marker(time.Time{}, "now"); err != nil {
		t.Fatal(err)
	}
	term.Close()
	c, err := asciicast.ReadFile(path) // refuses times going backwards
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("recording mode %v (%v), want 0600", fi.Mode(), err)
	}
	var order []string
	for _, e := range c.Events {
		switch {
		case e.Kind == asciicast.Marker && e.Data == "ready":
			if e.Time != at {
				t.Errorf("marker at %v, want %v", e.Time, at)
			}
			order = append(order, "ready")
		case e.Kind == asciicast.Marker && e.Data == "now":
			order = append(order, "now")
		case e.Kind == asciicast.Output && strings.Contains(e.Data, "one"):
			order = append(order, "one")
		case e.Kind == asciicast.Output && strings.Contains(e.Data, "two"):
			order = append(order, "two")
		}
	}
	if got, want := strings.Join(order, " "), "one ready two now"; got != want {
		t.Errorf("events in the recording: %q, want %q", got, want)
	}
}

// WithProfile decides with a profile built in code; WithRuntime reads a
// learnt JSON profile.
func TestWithProfileAndLearntRuntime(t *testing.T) {
	p := ready.Generic()
	p.Name, p.Quiet, p.Settle = "built-in-code", ready.Duration(200*time.Millisecond), ready.Duration(500*time.Millisecond)
	term := termtest.Spawn(t, []string{"sh", "-c", "read x"}, termtest.WithProfile(p), termtest.WithRuntime("claude"))
	if got := term.Profile(); got.Name != "built-in-code" || got.Quiet != p.Quiet {
		t.Errorf("profile %s quiet %v, want built-in-code 200ms", got.Name, got.Quiet)
	}
	term.Close()
	term = termtest.Spawn(t, []string{"sh", "-c", "read x"}, termtest.WithProfileFile("../recordings/agents/claude.learnt.json"))
	if got := term.Profile(); got.Name != "claude-learnt" || got.Extends != "generic" {
		t.Errorf("profile %s extends %q, want claude-learnt extends generic", got.Name, got.Extends)
	}
}
