package termtest_test

import (
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// A program with focus events on (DEC mode 1004) reads CSI O and CSI I when
// the window loses and gains focus, once per change; one without them reads
// nothing. The recording has each change as a marker, and no report as
// input.
func TestSetFocus(t *testing.T) {
	t.Parallel()
	t.Run("focus events on", func(t *testing.T) {
		t.Parallel()
		term := keyEcho(t, "\x1b[?1004h")
		if !term.SetFocus(false) {
			t.Fatal("SetFocus(false) told nothing to a program with focus events on")
		}
		term.ExpectScreen(expect.Contains(`b'\x1b[O'`))
		if term.SetFocus(false) {
			t.Error("SetFocus(false) told the program again: no change")
		}
		if !term.SetFocus(true) {
			t.Fatal("SetFocus(true) told nothing")
		}
		term.ExpectScreen(expect.Contains(`b'\x1b[I'`))
		term.Type("q")
		term.Close()
		markers, inputs := focusEvents(t, term.RecordingPath())
		if want := []string{"focus: out, reported", "focus: out, not reported", "focus: in, reported"}; strings.Join(markers, "|") != strings.Join(want, "|") {
			t.Errorf("markers %q, want %q", markers, want)
		}
		if strings.Join(inputs, "|") != "q" {
			t.Errorf("inputs recorded %q, want only the typed q (a focus report is no input)", inputs)
		}
	})
	t.Run("focus events off", func(t *testing.T) {
		t.Parallel()
		term := keyEcho(t, "")
		if term.SetFocus(false) {
			t.Error("SetFocus(false) told a program without focus events")
		}
		term.Type("x")
		term.ExpectScreen(expect.Contains(`b'x'`))
		if strings.Contains(term.Snapshot().Text(), `\x1b[O`) {
			t.Errorf("the program read a focus report:\n%s", term.Snapshot())
		}
	})
}

// focusEvents returns the focus markers and the inputs of a recording.
func focusEvents(t *testing.T, path string) (markers, inputs []string) {
	t.Helper()
	c, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Events {
		switch {
		case e.Kind == asciicast.Marker && strings.HasPrefix(e.Data, termtest.FocusMarker+":"):
			markers = append(markers, e.Data)
		case e.Kind == asciicast.Input:
			inputs = append(inputs, e.Data)
		}
	}
	return markers, inputs
}
