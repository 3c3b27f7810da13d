package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/termtest"
)

// ttyrig record exits with the recorded program's status (128 + the
// signal for a program a signal ended), so a script that records a
// failing program fails; it names the recording once, and records no
// input after the program's exit.
func TestRecordExitsWithTheProgramsStatus(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script string
		want         int
	}{
		{"zero", "echo fine", 0},
		{"seven", "echo failing; exit 7", 7},
		{"signal", "echo ending; kill -TERM $$", 128 + 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "rec.cast")
			term := ttyrigIn(t, []string{"ttyrig", "record", "-o", path, "--", "sh", "-c", tc.script}, termtest.WithSize(200, 10))
			if code := term.WaitExit(); code != tc.want {
				t.Errorf("ttyrig record exited %d, want the program's %d", code, tc.want)
			}
			text := term.Snapshot().Text()
			if n := strings.Count(text, path); n != 1 {
				t.Errorf("the recording's path is printed %d times, want once:\n%s", n, text)
			}
			if strings.Contains(text, "termtest:") {
				t.Errorf("ttyrig's own message carries the library's prefix:\n%s", text)
			}
			cast, err := asciicast.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			exited := false
			for _, e := range cast.Events {
				switch {
				case e.Kind == asciicast.Marker && strings.HasPrefix(e.Data, "exit"):
					exited = true
				case exited && e.Kind == asciicast.Input:
					t.Errorf("input %q recorded after the exit marker", e.Data)
				}
			}
			if !exited {
				t.Errorf("no exit marker in the recording: %+v", cast.Events)
			}
		})
	}
}

// A program that cannot start is reported with one prefix, ttyrig's.
func TestRecordCannotRunSaysItOnce(t *testing.T) {
	t.Parallel()
	term := ttyrigIn(t, []string{"ttyrig", "record", "-o", filepath.Join(t.TempDir(), "x.cast"), "--", "no-such-program-here"},
		termtest.WithSize(200, 10))
	if code := term.WaitExit(); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	text := strings.TrimSpace(term.Snapshot().Text())
	want := `ttyrig record: cannot run "no-such-program-here": executable file not found in $PATH`
	if text != want {
		t.Errorf("message:\n%s\nwant:\n%s", text, want)
	}
}

// ttyrig help calibrate explains every column of the table.
func TestCalibrateHelpExplainsTheColumns(t *testing.T) {
	code, out, _ := runCmd(t, "calibrate", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, col := range []string{"turns", "idle col", "idle row↑", "busy cols", "distinct", "longest busy gap", "min quiet",
		"latency p50, p95", "missed", "premature", "signals", "premature by the usual rules"} {
		if !strings.Contains(out, "\n  "+col) {
			t.Errorf("ttyrig help calibrate does not explain %q:\n%s", col, out)
		}
	}
}
