package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

const corpus = "../../recordings/testdata/corpus/"

func TestHelpAndBadArguments(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		inStderr string
	}{
		{nil, 2, "usage:"},
		{[]string{"--help"}, 0, ""},
		{[]string{"bogus"}, 2, `unknown command "bogus"`},
		{[]string{"replay", "--help"}, 0, "usage: ttyrig replay"},
		{[]string{"replay", "--frobnicate", "x.cast"}, 2, "flag provided but not defined: -frobnicate"},
		{[]string{"replay"}, 2, "want exactly one recording file"},
		{[]string{"replay", "no/such/file.cast"}, 1, "no/such/file.cast: no such file"},
		{[]string{"calibrate"}, 2, "want one or more recording files"},
		{[]string{"record", "--size", "wide", "--", "true"}, 2, `--size "wide" is not COLSxROWS`},
		{[]string{"record"}, 2, "want a command to run"},
		{[]string{"replay", "--runtime", "nosuch", corpus + "osc133.cast"}, 1, "nosuch"},
	}
	for _, tc := range tests {
		code, _, stderr := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.inStderr) {
			t.Errorf("ttyrig %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.inStderr)
		}
	}
}

func TestCorruptFileNamesTheLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.cast")
	if err := os.WriteFile(path, []byte(`{"version":2,"width":80,"height":24}`+"\n"+`[0.5,"o","ok"]`+"\n"+`[0.6,"o",`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd(t, "replay", path)
	if code != 1 || !strings.Contains(stderr, path+":3:") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("exit %d, stderr %q; want one line naming %s:3", code, stderr, path)
	}
}

// --events output is an interface scripts use: one JSON object per line
// with t, state, reason, row and col.
func TestReplayEvents(t *testing.T) {
	code, out, stderr := runCmd(t, "replay", "--events", corpus+"agent-permission.cast")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d is not JSON: %q", i+1, line)
		}
		for _, k := range []string{"t", "state", "reason", "row", "col"} {
			if _, ok := m[k]; !ok {
				t.Errorf("line %d lacks %q: %s", i+1, k, line)
			}
		}
	}
	goldie.New(t).Assert(t, "replay-events-agent-permission", []byte(out))
}

func TestReplayScreenAt(t *testing.T) {
	code, out, _ := runCmd(t, "replay", "--at", "0.001", corpus+"agent-two-turns.cast")
	if code != 0 || strings.Contains(out, "● say hi") {
		t.Errorf("screen at 1 ms shows the answer already:\n%s", out)
	}
	code, out, _ = runCmd(t, "replay", corpus+"agent-two-turns.cast")
	if code != 0 || !strings.Contains(out, "● and again") {
		t.Errorf("final screen lacks the last answer:\n%s", out)
	}
}

func TestCalibrateTable(t *testing.T) {
	code, out, stderr := runCmd(t, "calibrate", corpus+"agent-two-turns.cast", corpus+"spinner.cast")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "longest busy gap") || !strings.Contains(out, "agent-two-turns") || !strings.Contains(out, "spinner") {
		t.Errorf("table:\n%s", out)
	}
}

func TestRecordNonInteractive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.cast")
	code, out, stderr := runCmd(t, "record", "-o", path, "--size", "80x24", "--", "sh", "-c", "printf 'hello ✳'; exit 3")
	if code != 0 || !strings.Contains(out, "hello ✳") {
		t.Fatalf("exit %d, out %q, stderr %q", code, out, stderr)
	}
	code, out, _ = runCmd(t, "replay", path)
	if code != 0 || !strings.Contains(out, "hello ✳") || !strings.Contains(out, "screen 80x24") {
		t.Errorf("replay of the recording:\n%s", out)
	}
}
