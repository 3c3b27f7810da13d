package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
)

const agents = "../../recordings/agents/"

// calibrate --learn writes a profile that replay --runtime decides with,
// and prints its rules and the leave-one-out table.
func TestCalibrateLearnThenReplay(t *testing.T) {
	out := filepath.Join(t.TempDir(), "codexish.json")
	code, stdout, stderr := runCmd(t, "calibrate", "--learn", "-o", out, "--compare", "codex",
		agents+"codex-two-turns.cast", agents+"codex-notify.cast", agents+"codex-long-session.cast")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"wrote " + out, "rules", "cursor.min_col", "leave-one-out", "held out", "codex (given)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	var prof map[string]any
	data, err := os.ReadFile(out)
	if err != nil || json.Unmarshal(data, &prof) != nil || prof["extends"] != "generic" || prof["name"] != "codexish" {
		t.Fatalf("profile file: %v %s", err, data)
	}
	code, stdout, stderr = runCmd(t, "replay", "--events", "--runtime", out, agents+"codex-two-turns.cast")
	if code != 0 || !strings.Contains(stdout, `"state":"ready"`) {
		t.Fatalf("replay with the learnt profile: exit %d: %s %s", code, stdout, stderr)
	}
}

// An unmarked recording is refused, named, with what it lacks.
func TestCalibrateLearnRefusesUnmarked(t *testing.T) {
	code, _, stderr := runCmd(t, "calibrate", "--learn", agents+"codex-two-turns.cast", "testdata/asciinema-rec.cast")
	if code != 1 || !strings.Contains(stderr, "asciinema-rec") || !strings.Contains(stderr, `no "ready" markers`) {
		t.Fatalf("exit %d, stderr %q: want 1 and the file named with what it lacks", code, stderr)
	}
	bad := filepath.Join(t.TempDir(), "bad.cast")
	if err := os.WriteFile(bad, []byte("{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.1, \"o\", \"x\"]\n[oops\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCmd(t, "calibrate", "--learn", agents+"codex-two-turns.cast", bad)
	if code != 1 || !strings.Contains(stderr, "bad.cast:3") {
		t.Fatalf("exit %d, stderr %q: want 1 and the file and line named", code, stderr)
	}
}

// mark adds markers at their times, in time order, atomically and 0600.
func TestMarkAddsMarkersInTimeOrder(t *testing.T) {
	data, err := os.ReadFile(corpus + "spinner.cast")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "s.cast")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCmd(t, "mark", path, "--at", "0.25", "question", "--at", "0", "start")
	if code != 0 || !strings.Contains(stdout, `marker "question" at 0.250000s`) {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	c, err := asciicast.ReadFile(path) // refuses times going backwards
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, e := range c.Events {
		if e.Kind == asciicast.Marker && (e.Data == "question" && e.Time == 250*time.Millisecond || e.Data == "start" && e.Time == 0) {
			found++
		}
	}
	if found != 2 {
		t.Errorf("found %d of the 2 markers at their times", found)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v (%v), want 0600", fi.Mode(), err)
	}
	for _, bad := range [][]string{{"mark", path}, {"mark", path, "--at", "1"}, {"mark", path, "--at", "-1", "x"}, {"mark", "--at", "1", "x"}} {
		if code, _, _ := runCmd(t, bad...); code != 2 {
			t.Errorf("%q: exit %d, want 2", bad, code)
		}
	}
	if code, _, stderr := runCmd(t, "mark", filepath.Join(t.TempDir(), "none.cast"), "--at", "1", "x"); code != 1 || !strings.Contains(stderr, "none.cast") {
		t.Errorf("missing file: exit %d %q", code, stderr)
	}
}
