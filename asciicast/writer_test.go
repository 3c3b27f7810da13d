package asciicast_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ttyrig/ttyrig/asciicast"
)

var session = asciicast.Header{
	Width: 80, Height: 24,
	Timestamp: time.Unix(1700000000, 0).UTC(),
	Command:   "bash",
	Term:      "xterm-256color",
	Env:       map[string]string{"SHELL": "/bin/bash"},
}

// record writes the same short session with w.
func record(t *testing.T, w *asciicast.Writer) {
	t.Helper()
	for _, err := range []error{
		w.Output(100*ms, []byte("\x1b[1m<b> & </b>\x1b[0m\r\n")),
		w.Input(1200*ms, []byte("ls\r")),
		w.Resize(1500*ms, 100, 30),
		w.Marker(1500*ms, "ready"),
		w.Output(1*ms, []byte("late")), // a clock that went backwards: clamped to 1.5 s
		w.Exit(2250*ms, 3),
		w.Close(),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// The bytes written, exactly: header field order as asciinema's, "<", ">"
// and "&" literal, ESC as \u001b, times with microsecond precision, v3
// times as intervals, the exit status as a marker in v2 and an event in v3.
func TestWriterBytes(t *testing.T) {
	tests := []struct {
		version int
		want    string
	}{
		{2, `{"version":2,"width":80,"height":24,"timestamp":1700000000,"command":"bash","env":{"SHELL":"/bin/bash","TERM":"xterm-256color"}}
[0.100000,"o","\u001b[1m<b> & </b>\u001b[0m\r\n"]
[1.200000,"i","ls\r"]
[1.500000,"r","100x30"]
[1.500000,"m","ready"]
[1.500000,"o","late"]
[2.250000,"m","exit 3"]
`},
		{3, `{"version":3,"term":{"cols":80,"rows":24,"type":"xterm-256color"},"timestamp":1700000000,"command":"bash","env":{"SHELL":"/bin/bash"}}
[0.100000,"o","\u001b[1m<b> & </b>\u001b[0m\r\n"]
[1.100000,"i","ls\r"]
[0.300000,"r","100x30"]
[0.000000,"m","ready"]
[0.000000,"o","late"]
[0.750000,"x","3"]
`},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint("v", tc.version), func(t *testing.T) {
			var b bytes.Buffer
			w, err := asciicast.NewWriter(&b, session, asciicast.WithVersion(tc.version))
			if err != nil {
				t.Fatal(err)
			}
			record(t, w)
			if d := cmp.Diff(tc.want, b.String()); d != "" {
				t.Errorf("file (-want +got):\n%s", d)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	for _, version := range []int{2, 3} {
		t.Run(fmt.Sprint("v", version), func(t *testing.T) {
			var b bytes.Buffer
			w, err := asciicast.NewWriter(&b, session, asciicast.WithVersion(version))
			if err != nil {
				t.Fatal(err)
			}
			record(t, w)
			c, err := asciicast.Read(&b)
			if err != nil {
				t.Fatal(err)
			}

			wantHeader := session
			wantHeader.Version = version
			if version == 2 {
				wantHeader.Env = map[string]string{"SHELL": "/bin/bash", "TERM": "xterm-256color"}
			}
			exit := asciicast.Event{Time: 2250 * ms, Kind: asciicast.Marker, Data: "exit 3"}
			if version == 3 {
				exit = asciicast.Event{Time: 2250 * ms, Kind: asciicast.Exit, Data: "3", Code: 3}
			}
			want := &asciicast.Cast{
				Header: wantHeader,
				Events: []asciicast.Event{
					{Time: 100 * ms, Kind: asciicast.Output, Data: "\x1b[1m<b> & </b>\x1b[0m\r\n"},
					{Time: 1200 * ms, Kind: asciicast.Input, Data: "ls\r"},
					{Time: 1500 * ms, Kind: asciicast.Resize, Data: "100x30", Cols: 100, Rows: 30},
					{Time: 1500 * ms, Kind: asciicast.Marker, Data: "ready"},
					{Time: 1500 * ms, Kind: asciicast.Output, Data: "late"},
					exit,
				},
			}
			if d := cmp.Diff(want, c, cmpopts.IgnoreFields(asciicast.Event{}, "Line")); d != "" {
				t.Errorf("read back (-want +got):\n%s", d)
			}
			if code, ok := c.ExitCode(); !ok || code != 3 {
				t.Errorf("ExitCode() = %d, %v; want 3, true", code, ok)
			}
		})
	}
}

// PTY reads end wherever they end, often inside a character. Each case
// feeds chunks to Output and checks the events that come out.
func TestWriterOutputUTF8(t *testing.T) {
	star := "✳"  // E2 9C B3
	smile := "😀" // F0 9F 98 80
	tests := []struct {
		name   string
		chunks []string
		want   []string // the data of the output events
	}{
		{"whole", []string{"a✳b"}, []string{"a✳b"}},
		{"split after E2 9C", []string{"x" + star[:2], star[2:] + "y"}, []string{"x", "✳y"}},
		{"split after E2", []string{"x" + star[:1], star[1:]}, []string{"x", "✳"}},
		{"byte by byte", []string{star[:1], star[1:2], star[2:]}, []string{"✳"}},
		{"four bytes split", []string{smile[:3], smile[3:]}, []string{"😀"}},
		{"split twice", []string{"a" + star[:1], star[1:] + "b" + smile[:2], smile[2:]}, []string{"a", "✳b", "😀"}},
		// Invalid bytes become U+FFFD at once, one per byte, and only they.
		{"invalid byte", []string{"a\xffb"}, []string{"a\uFFFDb"}},
		{"lead byte then ASCII", []string{"\xe2A"}, []string{"\uFFFDA"}},
		{"lead byte then ASCII in the next chunk", []string{"\xe2", "A"}, []string{"\uFFFDA"}},
		{"stray continuation bytes", []string{"a\x9c\xb3"}, []string{"a\uFFFD\uFFFD"}},
		{"surrogate", []string{"\xed\xa0\x80"}, []string{"\uFFFD\uFFFD\uFFFD"}},
		// A character still incomplete at Close can no longer be completed.
		{"dangling at Close", []string{"x" + star[:2]}, []string{"x", "\uFFFD\uFFFD"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			w, err := asciicast.NewWriter(&b, asciicast.Header{Width: 80, Height: 24})
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range tc.chunks {
				if err := w.Output(time.Duration(i)*ms, []byte(c)); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			c, err := asciicast.Read(&b)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range c.Events {
				got = append(got, e.Data)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("output events (-want +got):\n%s", d)
			}
		})
	}
}

// A character split by a PTY read is held back past an input event and
// completed by the next output, and Exit writes out what is left.
func TestWriterPendingAcrossEvents(t *testing.T) {
	var b bytes.Buffer
	w, _ := asciicast.NewWriter(&b, asciicast.Header{Width: 80, Height: 24}, asciicast.WithVersion(3))
	star := []byte("✳")
	_ = w.Output(1*ms, star[:1])
	_ = w.Input(2*ms, []byte("q"))
	_ = w.Output(3*ms, star[1:])
	_ = w.Output(4*ms, star[:2])
	_ = w.Exit(5*ms, 0)
	_ = w.Close()
	c, err := asciicast.Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	want := []asciicast.Event{
		{Time: 2 * ms, Kind: asciicast.Input, Data: "q"},
		{Time: 3 * ms, Kind: asciicast.Output, Data: "✳"},
		{Time: 5 * ms, Kind: asciicast.Output, Data: "\uFFFD\uFFFD"},
		{Time: 5 * ms, Kind: asciicast.Exit, Data: "0"},
	}
	if d := cmp.Diff(want, c.Events, cmpopts.IgnoreFields(asciicast.Event{}, "Line")); d != "" {
		t.Errorf("events (-want +got):\n%s", d)
	}
}

// Times from different goroutines' clocks arrive out of order; the file's
// must not, and v3 intervals must sum to the times given.
func TestWriterTimes(t *testing.T) {
	for _, version := range []int{2, 3} {
		t.Run(fmt.Sprint("v", version), func(t *testing.T) {
			var b bytes.Buffer
			w, _ := asciicast.NewWriter(&b, asciicast.Header{Width: 80, Height: 24}, asciicast.WithVersion(version))
			in := []time.Duration{-time.Second, 333333333, 333333334, 200 * ms, 666666667, 1000000001, time.Hour + 1}
			for _, d := range in {
				_ = w.Marker(d, "")
			}
			_ = w.Close()
			c, err := asciicast.Read(&b)
			if err != nil {
				t.Fatal(err)
			}
			var got []time.Duration
			for _, e := range c.Events {
				got = append(got, e.Time)
			}
			want := []time.Duration{0, us(333333), us(333333), us(333333), us(666667), us(1000000), time.Hour}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("times (-want +got):\n%s", d)
			}
		})
	}
}

// A PTY read loop and an input path write at once; run with -race.
func TestWriterConcurrent(t *testing.T) {
	var b bytes.Buffer
	w, _ := asciicast.NewWriter(&b, asciicast.Header{Width: 80, Height: 24}, asciicast.WithVersion(3))
	start := time.Now()
	var wg sync.WaitGroup
	const n = 200
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range n {
				switch g {
				case 0:
					_ = w.Output(time.Since(start), []byte("✳")[:1+i%3]) // split characters from one goroutine only
				case 1:
					_ = w.Input(time.Since(start), []byte("k"))
				case 2:
					_ = w.Resize(time.Since(start), 80+i%5, 24)
				default:
					_ = w.Marker(time.Since(start), "m")
				}
			}
		}()
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := asciicast.Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[asciicast.EventKind]int{}
	for _, e := range c.Events {
		counts[e.Kind]++
	}
	if counts[asciicast.Input] != n || counts[asciicast.Resize] != n || counts[asciicast.Marker] != n || counts[asciicast.Output] == 0 {
		t.Errorf("event counts %v, want %d input, resize and marker events and some output", counts, n)
	}
}

func TestWriterErrors(t *testing.T) {
	h := asciicast.Header{Width: 80, Height: 24}
	if _, err := asciicast.NewWriter(new(bytes.Buffer), h, asciicast.WithVersion(1)); err == nil ||
		err.Error() != "asciicast: asciicast version 1 is not supported; want 2 or 3" {
		t.Errorf("WithVersion(1): error = %v", err)
	}
	if _, err := asciicast.NewWriter(new(bytes.Buffer), asciicast.Header{}); err == nil ||
		err.Error() != "asciicast: header: width 0 is out of range (want 1 to 500)" {
		t.Errorf("zero size: error = %v", err)
	}

	var b bytes.Buffer
	w, _ := asciicast.NewWriter(&b, h)
	if err := w.Resize(0, 0, 24); err == nil {
		t.Error("Resize(0x24) succeeded, want an error")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
	if err := w.Output(0, []byte("x")); err == nil {
		t.Error("Output after Close succeeded, want an error")
	}
	if strings.Count(b.String(), "\n") != 1 {
		t.Errorf("file %q, want the header only", b.String())
	}

	// A failed write is reported, and by every later call.
	boom := errors.New("disk full")
	w, err := asciicast.NewWriter(&failAfter{n: 1, err: boom}, h)
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Marker(0, "a")
	if err := w.Output(0, []byte("b")); !errors.Is(err, boom) {
		t.Errorf("Output after a failed write = %v, want %v", err, boom)
	}
	if err := w.Close(); !errors.Is(err, boom) {
		t.Errorf("Close after a failed write = %v, want %v", err, boom)
	}
}

// failAfter accepts n writes, then fails.
type failAfter struct {
	n   int
	err error
}

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n == 0 {
		return 0, f.err
	}
	f.n--
	return len(p), nil
}

// Create's file has its header at once, so a crashed run leaves a readable
// recording, and is complete after Close.
func TestCreate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.cast")
	w, err := asciicast.Create(path, session)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := asciicast.ReadFile(path); err != nil || len(c.Events) != 0 {
		t.Errorf("before Close: %v, %v; want the header and no events", c, err)
	}
	_ = w.Output(time.Second, []byte("hi"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Events) != 1 || c.Events[0].Data != "hi" {
		t.Errorf("events %+v, want one output event", c.Events)
	}

	if _, err := asciicast.Create(filepath.Join(t.TempDir(), "missing", "rec.cast"), session); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Create in a missing directory: %v, want a not-exist error", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.cast")
	if _, err := asciicast.Create(bad, asciicast.Header{}); err == nil {
		t.Error("Create with no size succeeded")
	} else if _, serr := os.Stat(bad); !errors.Is(serr, os.ErrNotExist) {
		t.Errorf("Create with no size left %s behind", bad)
	}
}

// WriteFile keeps a Cast that was read and edited.
func TestWriteFile(t *testing.T) {
	c, err := asciicast.ReadFile("testdata/asciinema-v3.cast")
	if err != nil {
		t.Fatal(err)
	}
	c.Events = append(c.Events[:1:1], append([]asciicast.Event{{Time: 1 * time.Second, Kind: asciicast.Marker, Data: "ready"}}, c.Events[1:]...)...)
	path := filepath.Join(t.TempDir(), "sub", "edited.cast")
	if err := asciicast.WriteFile(path, c, asciicast.WithVersion(3)); err != nil {
		t.Fatal(err)
	}
	got, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(c, got, cmpopts.IgnoreFields(asciicast.Event{}, "Line")); d != "" {
		t.Errorf("read back (-want +got):\n%s", d)
	}
}

// Every event is in the file when its call returns, without Flush or
// Close: a process that ends in os.Exit or SIGKILL leaves a recording of
// everything before. Buffered holds them back for whole-file writes.
func TestWriterWritesThrough(t *testing.T) {
	var through, held bytes.Buffer
	w, err := asciicast.NewWriter(&through, session)
	if err != nil {
		t.Fatal(err)
	}
	b, err := asciicast.NewWriter(&held, session, asciicast.Buffered())
	if err != nil {
		t.Fatal(err)
	}
	headerOnly := held.Len()
	for _, w := range []*asciicast.Writer{w, b} {
		if err := w.Output(time.Second, []byte("hello")); err != nil {
			t.Fatal(err)
		}
		if err := w.Input(2*time.Second, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	if got := through.String(); !strings.HasSuffix(got, "[1.000000,\"o\",\"hello\"]\n[2.000000,\"i\",\"x\"]\n") {
		t.Errorf("write-through Writer holds events back; the output so far is\n%s", got)
	}
	if held.Len() != headerOnly {
		t.Errorf("Buffered Writer wrote events before Flush:\n%s", held.String())
	}
}

// A recording is readable by its owner only: it holds everything typed.
func TestCreateIsPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.cast")
	w, err := asciicast.Create(path, session)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("recording mode = %v, want -rw-------", perm)
	}
}
