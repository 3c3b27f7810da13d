package recordings_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/recordings"
)

func TestRoundTrip(t *testing.T) {
	for _, v := range []int{2, 3} {
		var buf bytes.Buffer
		h := recordings.Header{Width: 100, Height: 30, Command: "bash", Term: "xterm-256color", Timestamp: time.Unix(1700000000, 0).UTC()}
		w, err := recordings.NewWriter(&buf, h, recordings.WithVersion(v))
		if err != nil {
			t.Fatal(err)
		}
		ms := time.Millisecond
		_ = w.Output(100*ms, []byte("a <b> & \x1b[31mred\x1b[0m"))
		_ = w.Input(200*ms, []byte("echo hi\r"))
		_ = w.Resize(300*ms, 120, 40)
		_ = w.Marker(400*ms, "ready")
		_ = w.Exit(500*ms, 3)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(buf.String(), `\u003c`) {
			t.Errorf("v%d: HTML escaping in %s", v, buf.String())
		}
		c, err := recordings.Read(&buf)
		if err != nil {
			t.Fatalf("v%d: %v", v, err)
		}
		if c.Header.Width != 100 || c.Header.Height != 30 || c.Header.Command != "bash" || c.Header.Term != "xterm-256color" || !c.Header.Timestamp.Equal(h.Timestamp) {
			t.Errorf("v%d: header %+v", v, c.Header)
		}
		type ev struct {
			T          time.Duration
			K          string
			D          string
			Cols, Rows int
		}
		var got []ev
		for _, e := range c.Events {
			got = append(got, ev{e.Time, string(e.Kind), e.Data, e.Cols, e.Rows})
		}
		exit := ev{500 * ms, "m", "exit 3", 0, 0}
		if v == 3 {
			exit = ev{500 * ms, "x", "3", 0, 0}
		}
		want := []ev{{100 * ms, "o", "a <b> & \x1b[31mred\x1b[0m", 0, 0}, {200 * ms, "i", "echo hi\r", 0, 0}, {300 * ms, "r", "120x40", 120, 40}, {400 * ms, "m", "ready", 0, 0}, exit}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("v%d events (-want +got):\n%s", v, d)
		}
		if code, ok := c.ExitCode(); !ok || code != 3 {
			t.Errorf("v%d: ExitCode = %d, %v", v, code, ok)
		}
	}
}

// A character split between two PTY reads must arrive whole.
func TestOutputSplitUTF8(t *testing.T) {
	var buf bytes.Buffer
	w, _ := recordings.NewWriter(&buf, recordings.Header{Width: 80, Height: 24})
	star := []byte("✳") // E2 9C B3
	_ = w.Output(0, append([]byte("x"), star[:2]...))
	_ = w.Output(time.Millisecond, append(star[2:], 'y'))
	_ = w.Output(2*time.Millisecond, []byte{0xE2}) // dangling at Close: invalid
	_ = w.Close()
	c, err := recordings.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var all string
	for _, e := range c.Events {
		all += e.Data
	}
	if all != "x✳y\uFFFD" {
		t.Errorf("output = %q, want %q", all, "x✳y\uFFFD")
	}
}

func TestReadAsciinemaFiles(t *testing.T) {
	v2, err := recordings.ReadFile("testdata/asciinema-v2.cast")
	if err != nil {
		t.Fatal(err)
	}
	if v2.Header.Term != "xterm-256color" || len(v2.Events) != 6 || v2.Events[4].Cols != 90 {
		t.Errorf("v2: %+v", v2)
	}
	v3, err := recordings.ReadFile("testdata/asciinema-v3.cast")
	if err != nil {
		t.Fatal(err)
	}
	if len(v3.Events) != 4 {
		t.Fatalf("v3 events: %+v", v3.Events)
	}
	// v3 times are intervals: 0.248848 + 1.001376 + 0.3 + 0.2.
	if got, want := v3.Events[3].Time, 1750224*time.Microsecond; got != want {
		t.Errorf("v3 exit at %v, want %v", got, want)
	}
	if code, ok := v3.ExitCode(); !ok || code != 0 {
		t.Errorf("v3 exit = %d, %v", code, ok)
	}
}

func TestReadErrorsNameTheLine(t *testing.T) {
	hdr := `{"version":2,"width":80,"height":24}` + "\n"
	tests := []struct{ name, in, want string }{
		{"empty", "", "empty recording"},
		{"not json", "hello\n", ":1: bad header"},
		{"no size", `{"version":2}` + "\n", `:1: bad header: v2 header needs "width" and "height"`},
		{"huge", `{"version":2,"width":99999999,"height":24}` + "\n", "out of range"},
		{"version", `{"version":7,"width":1,"height":1}` + "\n", "version 7 is not supported"},
		{"bad json", hdr + `[0.1, "o", "a"]` + "\n" + `[0.2, "o"` + "\n", ":3: event is not a JSON array"},
		{"arity", hdr + `[0.1, "o"]` + "\n", ":2: event has 2 fields"},
		{"time", hdr + `["x", "o", "a"]` + "\n", ":2: event time"},
		{"backwards", hdr + `[2, "o", "a"]` + "\n" + `[1, "o", "b"]` + "\n", ":3: event time goes backwards"},
		{"resize", hdr + `[1, "r", "80by24"]` + "\n", `:2: resize "80by24" is not COLSxROWS`},
		{"truncated", hdr + `[1, "o", "abc`, `:2: event is not a JSON array`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "rec.cast")
			if err := os.WriteFile(path, []byte(tc.in), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := recordings.ReadFile(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), path) {
				t.Errorf("error = %v, want it to start with the file and contain %q", err, tc.want)
			}
		})
	}
}

func TestUnknownEventsAreSkipped(t *testing.T) {
	c, err := recordings.Read(strings.NewReader(`{"version":2,"width":80,"height":24}` + "\n" + `[0.1, "z", "?"]` + "\n" + `[0.2, "o", "a"]` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Skipped != 1 || len(c.Events) != 1 {
		t.Errorf("skipped %d, events %v", c.Skipped, c.Events)
	}
}

func TestValidLastLineWithoutNewline(t *testing.T) {
	c, err := recordings.Read(strings.NewReader(`{"version":2,"width":80,"height":24}` + "\n" + `[0.2, "o", "a"]`))
	if err != nil || len(c.Events) != 1 {
		t.Fatalf("%v %v", c, err)
	}
	var le *recordings.LineError
	_, err = recordings.Read(strings.NewReader(`{"version":2}`))
	if !errors.As(err, &le) || le.Line != 1 {
		t.Errorf("error %v is not a LineError at line 1", err)
	}
}

func FuzzRead(f *testing.F) {
	for _, name := range []string{"testdata/asciinema-v2.cast", "testdata/asciinema-v3.cast"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"version":2,"width":1,"height":1}` + "\n" + `[1e308, "r", "0x0"]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := recordings.Read(bytes.NewReader(b))
		if err != nil {
			return
		}
		// What reads must write back and read again the same.
		var buf bytes.Buffer
		w, err := recordings.NewWriter(&buf, c.Header)
		if err != nil {
			t.Fatalf("header read but not writable: %v", err)
		}
		for _, e := range c.Events {
			switch e.Kind {
			case recordings.Resize:
				_ = w.Resize(e.Time, e.Cols, e.Rows)
			case recordings.Output:
				_ = w.Output(e.Time, []byte(e.Data))
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := recordings.Read(&buf); err != nil {
			t.Fatalf("re-read: %v", err)
		}
	})
}
