package asciicast_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ttyrig/ttyrig/asciicast"
)

// FuzzRead reads arbitrary bytes. Reading must not panic or hang, must
// fail only with a *LineError, and whatever it accepts must survive being
// written (as v2 and as v3) and read again.
//
// Seeds: the asciinema examples in testdata, and testdata/fuzz/FuzzRead,
// small on purpose (the fuzzer mutates and minimizes small inputs faster).
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.cast")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(readWriteRead)
}

// readWriteRead checks one input for FuzzRead.
func readWriteRead(t *testing.T, b []byte) {
	c, err := asciicast.Read(bytes.NewReader(b))
	if err != nil {
		var le *asciicast.LineError
		if !errors.As(err, &le) {
			t.Fatalf("error %#v is not a *LineError", err)
		}
		return
	}
	for _, version := range []int{2, 3} {
		var buf bytes.Buffer
		w, err := asciicast.NewWriter(&buf, c.Header, asciicast.WithVersion(version))
		if err != nil {
			t.Fatalf("v%d: header was read but cannot be written: %v", version, err)
		}
		var want []asciicast.Event
		for _, e := range c.Events {
			switch e.Kind {
			case asciicast.Output:
				err = w.Output(e.Time, []byte(e.Data))
			case asciicast.Input:
				err = w.Input(e.Time, []byte(e.Data))
			case asciicast.Resize:
				err = w.Resize(e.Time, e.Cols, e.Rows)
				e.Data = fmt.Sprintf("%dx%d", e.Cols, e.Rows) // "080x24" is written as "80x24"
			case asciicast.Marker:
				err = w.Marker(e.Time, e.Data)
			case asciicast.Exit:
				err = w.Exit(e.Time, e.Code)
				e.Data = fmt.Sprint(e.Code)
				if version == 2 {
					e = asciicast.Event{Time: e.Time, Kind: asciicast.Marker, Data: "exit " + e.Data}
				}
			}
			if err != nil {
				t.Fatalf("v%d: writing %+v: %v", version, e, err)
			}
			if e.Kind == asciicast.Output && e.Data == "" {
				continue // an empty Output writes nothing
			}
			want = append(want, e)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		got, err := asciicast.Read(&buf)
		if err != nil {
			t.Fatalf("v%d: reading back: %v\n%s", version, err, buf.Bytes())
		}
		if d := cmp.Diff(want, got.Events, cmpopts.IgnoreFields(asciicast.Event{}, "Line"), cmpopts.EquateEmpty()); d != "" {
			t.Errorf("v%d: events read back (-want +got):\n%s", version, d)
		}
		h, g := c.Header, got.Header
		if g.Width != h.Width || g.Height != h.Height || !g.Timestamp.Equal(h.Timestamp) || g.Duration != h.Duration ||
			g.IdleTimeLimit != h.IdleTimeLimit || g.Command != h.Command || g.Title != h.Title {
			t.Errorf("v%d: header read back %+v, want %+v", version, g, h)
		}
	}
}
