package asciicast_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
)

const ms = time.Millisecond

func us(n int64) time.Duration { return time.Duration(n) * time.Microsecond }

// testdata/asciinema-v2.cast is the example of asciinema's v2 spec, with
// the spec's complete header (theme included, which this package ignores).
func TestReadAsciinemaV2(t *testing.T) {
	got, err := asciicast.ReadFile("testdata/asciinema-v2.cast")
	if err != nil {
		t.Fatal(err)
	}
	want := &asciicast.Cast{
		Header: asciicast.Header{
			Version: 2, Width: 80, Height: 24,
			Timestamp:     time.Unix(1504467315, 0).UTC(),
			Duration:      123450 * ms,
			IdleTimeLimit: 2 * time.Second,
			Command:       "/bin/bash",
			Title:         "Demo",
			Env:           map[string]string{"SHELL": "/bin/bash", "TERM": "xterm-256color"},
			Term:          "xterm-256color",
		},
		Events: []asciicast.Event{
			{Time: us(248848), Kind: asciicast.Output, Data: "\x1b[1;31mHello \x1b[32mWorld!\x1b[0m\n", Line: 2},
			{Time: us(1001376), Kind: asciicast.Output, Data: "That was ok\rThis is better.", Line: 3},
			{Time: 1500 * ms, Kind: asciicast.Marker, Data: "", Line: 4},
			{Time: us(2143733), Kind: asciicast.Output, Data: "Now... ", Line: 5},
			{Time: 4050 * ms, Kind: asciicast.Resize, Data: "80x24", Cols: 80, Rows: 24, Line: 6},
			{Time: us(6541828), Kind: asciicast.Output, Data: "Bye!", Line: 7},
		},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("ReadFile (-want +got):\n%s", d)
	}
}

// testdata/asciinema-v3.cast is the example of asciinema's v3 spec:
// intervals instead of times, comment lines, an exit event.
func TestReadAsciinemaV3(t *testing.T) {
	got, err := asciicast.ReadFile("testdata/asciinema-v3.cast")
	if err != nil {
		t.Fatal(err)
	}
	want := &asciicast.Cast{
		Header: asciicast.Header{
			Version: 3, Width: 80, Height: 24,
			Timestamp: time.Unix(1504467315, 0).UTC(),
			Title:     "Demo",
			Env:       map[string]string{"SHELL": "/bin/zsh"},
			Term:      "xterm-256color",
		},
		// Times are the running sums of the file's intervals.
		Events: []asciicast.Event{
			{Time: 248 * ms, Kind: asciicast.Output, Data: "\x1b[1;31mHello \x1b[32mWorld!\x1b[0m\n", Line: 3},
			{Time: 1249 * ms, Kind: asciicast.Output, Data: "That was ok\rThis is better.", Line: 4},
			{Time: 4749 * ms, Kind: asciicast.Marker, Data: "", Line: 5},
			{Time: 4892 * ms, Kind: asciicast.Output, Data: "Now... ", Line: 6},
			{Time: 6942 * ms, Kind: asciicast.Resize, Data: "90x30", Cols: 90, Rows: 30, Line: 8},
			{Time: 8483 * ms, Kind: asciicast.Output, Data: "Bye!", Line: 9},
			{Time: 9370 * ms, Kind: asciicast.Exit, Data: "0", Code: 0, Line: 10},
		},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("ReadFile (-want +got):\n%s", d)
	}
	if code, ok := got.ExitCode(); !ok || code != 0 {
		t.Errorf("ExitCode() = %d, %v; want 0, true", code, ok)
	}
	if got.Duration() != 9370*ms {
		t.Errorf("Duration() = %v, want 9.37s", got.Duration())
	}
}

func TestReadErrors(t *testing.T) {
	const v2 = `{"version": 2, "width": 80, "height": 24}` + "\n"
	const v3 = `{"version": 3, "term": {"cols": 80, "rows": 24}}` + "\n"
	tests := []struct {
		name, in string
		want     string // the error after "<path>"
	}{
		{"empty", "", ": empty recording: no header line"},
		{"only blank lines", "\n\n", ": empty recording: no header line"},
		{"not json", "hello\n", `:1: bad header: want a JSON object such as {"version": 2, "width": 80, "height": 24} (is this an asciicast file?)`},
		{"event first", `[0.1, "o", "a"]` + "\n", `:1: bad header: want a header before the events, a JSON object such as {"version": 2, "width": 80, "height": 24}`},
		{"header syntax", `{"version": 2,}` + "\n", ":1: bad header: not valid JSON: invalid character '}' looking for beginning of object key string (at byte 15)"},
		{"no version", `{"width": 80, "height": 24}` + "\n", `:1: bad header: no "version" (is this an asciicast file?)`},
		{"version string", `{"version": "2"}` + "\n", `:1: bad header: "version" is a JSON string, want an integer`},
		{"version 1", `{"version": 1, "width": 80, "height": 24, "stdout": []}` + "\n", ":1: bad header: asciicast v1 (one JSON document) is not supported; want version 2 or 3"},
		{"version 7", `{"version": 7}` + "\n", ":1: bad header: version 7 is not supported; want 2 or 3"},
		{"v2 no size", `{"version": 2}` + "\n", `:1: bad header: a v2 header needs "width" and "height"`},
		{"v2 width type", `{"version": 2, "width": "80", "height": 24}` + "\n", `:1: bad header: "width" is a JSON string, want an integer`},
		{"v3 no term", `{"version": 3, "width": 80, "height": 24}` + "\n", `:1: bad header: a v3 header needs "term": {"cols": …, "rows": …}`},
		{"v3 cols type", `{"version": 3, "term": {"cols": 8.5, "rows": 24}}` + "\n", `:1: bad header: "term.cols" is a JSON number 8.5, want an integer`},
		{"size zero", `{"version": 2, "width": 0, "height": 24}` + "\n", `:1: bad header: "width" 0 is out of range (want 1 to 500)`},
		{"size huge", `{"version": 2, "width": 99999999, "height": 24}` + "\n", `:1: bad header: "width" 99999999 is out of range (want 1 to 500)`},
		// Past the largest screen ttyrig emulates: the reader refuses what
		// no replay could show (screen.MaxCols and MaxRows are these).
		{"width past the screen", `{"version": 2, "width": 501, "height": 24}` + "\n", `:1: bad header: "width" 501 is out of range (want 1 to 500)`},
		{"height past the screen", `{"version": 2, "width": 80, "height": 301}` + "\n", `:1: bad header: "height" 301 is out of range (want 1 to 300)`},
		{"v3 rows past the screen", `{"version": 3, "term": {"cols": 500, "rows": 10000}}` + "\n", `:1: bad header: "term.rows" 10000 is out of range (want 1 to 300)`},
		{"timestamp", `{"version": 2, "width": 80, "height": 24, "timestamp": -5}` + "\n", `:1: bad header: "timestamp" -5 is not a Unix time in seconds`},
		{"duration", `{"version": 2, "width": 80, "height": 24, "duration": -1}` + "\n", `:1: bad header: "duration" -1 is not a number of seconds from 0 to 1e+09`},
		{"env type", `{"version": 2, "width": 80, "height": 24, "env": {"TERM": 1}}` + "\n", `:1: bad header: "env" is a JSON number, want a string`},
		{"header truncated", `{"version": 2, "width": 80`, ":1: bad header: truncated: the last line has no newline and its JSON is incomplete: unexpected end of JSON input"},

		{"event syntax", v2 + `[0.1, "o", "a"]` + "\n" + `[0.2, "o"` + "\n", ":3: bad event: not valid JSON: unexpected end of JSON input (at byte 9)"},
		{"event object", v2 + `{"version": 2}` + "\n", `:2: want an event, a JSON array such as [1.5, "o", "text"]`},
		{"arity 2", v2 + `[0.1, "o"]` + "\n", ":2: event has 2 elements, want 3: [time, code, data]"},
		{"arity 4", v2 + `[0.1, "o", "a", "b"]` + "\n", ":2: event has 4 elements, want 3: [time, code, data]"},
		{"time string", v2 + `["0.1", "o", "a"]` + "\n", `:2: event time "0.1" is not a number of seconds from 0 to 1e+09`},
		{"time null", v2 + `[null, "o", "a"]` + "\n", ":2: event time null is not a number of seconds from 0 to 1e+09"},
		{"time negative", v2 + `[-1, "o", "a"]` + "\n", ":2: event time -1 is not a number of seconds from 0 to 1e+09"},
		{"time huge", v2 + `[1e300, "o", "a"]` + "\n", ":2: event time 1e300 is not a number of seconds from 0 to 1e+09"},
		{"v2 backwards", v2 + `[4.1, "o", "a"]` + "\n" + `[3.2, "o", "b"]` + "\n", ":3: event time goes backwards (3.2 < 4.1)"},
		{"v3 sum too large", v3 + `[9e8, "o", "a"]` + "\n" + `[9e8, "o", "b"]` + "\n", ":3: event time 1.8e+09 s from the start is more than 1e+09 s"},
		{"code number", v2 + `[1, 111, "a"]` + "\n", `:2: event code 111 is not a one-letter string such as "o"`},
		{"code empty", v2 + `[1, "", "a"]` + "\n", `:2: event code "" is not a one-letter string such as "o"`},
		{"code null", v2 + `[1, null, "a"]` + "\n", `:2: event code null is not a one-letter string such as "o"`},
		{"data null", v2 + `[1, "o", null]` + "\n", `:2: "o" event data null is not a string`},
		{"data number", v2 + `[1, "o", 42]` + "\n", `:2: "o" event data 42 is not a string`},
		{"resize", v2 + `[1, "r", "80by24"]` + "\n", `:2: resize "80by24" is not COLSxROWS`},
		{"resize zero", v2 + `[1, "r", "0x24"]` + "\n", `:2: resize "0x24": columns 0 is out of range (want 1 to 500)`},
		{"resize past the screen", v2 + `[1, "r", "80x900"]` + "\n", `:2: resize "80x900": rows 900 is out of range (want 1 to 300)`},
		{"exit", v3 + `[1, "x", "zero"]` + "\n", `:2: exit status "zero" is not an integer`},
		{"v2 comment-free garbage", v2 + "hello\n", `:2: want an event, a JSON array such as [1.5, "o", "text"]`},
		{"truncated last line", v2 + `[0.1, "o", "a"]` + "\n" + `[1, "o", "abc`, ":3: truncated: the last line has no newline and its JSON is incomplete: unexpected end of JSON input"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "rec.cast")
			if err := os.WriteFile(path, []byte(tc.in), 0o644); err != nil {
				t.Fatal(err)
			}
			c, err := asciicast.ReadFile(path)
			if err == nil {
				t.Fatalf("ReadFile succeeded with %d events; want error %q", len(c.Events), tc.want)
			}
			if got := err.Error(); got != path+tc.want {
				t.Errorf("error:\n got %s\nwant %s", got, path+tc.want)
			}
			var le *asciicast.LineError
			if !errors.As(err, &le) || le.File != path {
				t.Errorf("error %#v is not a *LineError naming the file", err)
			}
		})
	}
}

// Read, with no file to name, still names the line.
func TestReadErrorNamesLine(t *testing.T) {
	_, err := asciicast.Read(strings.NewReader(`{"version": 2, "width": 80, "height": 24}` + "\n\n" + `[1, "o"]` + "\n"))
	if got, want := err.Error(), "line 3: event has 2 elements, want 3: [time, code, data]"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
	var le *asciicast.LineError
	if !errors.As(err, &le) || le.Line != 3 || le.File != "" {
		t.Errorf("error %#v: want a *LineError at line 3 with no file", err)
	}
}

func TestReadFileMissing(t *testing.T) {
	_, err := asciicast.ReadFile("testdata/no-such.cast")
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "testdata/no-such.cast") {
		t.Errorf("error = %v, want a not-exist error naming the file", err)
	}
}

// Unknown codes are skipped and counted; in v3 their intervals still count.
func TestReadSkipsUnknownCodes(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"v2", `{"version": 2, "width": 80, "height": 24}` + "\n" +
			`[0.5, "z", {"any": "data"}]` + "\n" + `[1.0, "oo", "?"]` + "\n" + `[1.5, "o", "a"]` + "\n"},
		{"v3", `{"version": 3, "term": {"cols": 80, "rows": 24}}` + "\n" +
			`[0.5, "z", {"any": "data"}]` + "\n" + `[0.5, "oo", "?"]` + "\n" + `[0.5, "o", "a"]` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := asciicast.Read(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			want := []asciicast.Event{{Time: 1500 * ms, Kind: asciicast.Output, Data: "a", Line: 4}}
			if d := cmp.Diff(want, c.Events); d != "" || c.Skipped != 2 {
				t.Errorf("Skipped = %d, want 2; events (-want +got):\n%s", c.Skipped, d)
			}
		})
	}
}

// What is tolerated: blank lines, CRLF line ends, comments, a byte order
// mark, a last line without a newline, null for optional header fields.
func TestReadTolerates(t *testing.T) {
	in := "\uFEFF" + `{"version": 2, "width": 80, "height": 24, "title": null, "env": {"SHELL": null, "TERM": "xterm"}}` + "\r\n" +
		"\r\n" +
		"  \t\n" +
		"# a comment\n" +
		`[0.5, "o", "a"]` + "\r\n" +
		`  [ 1 ,"i" , "b" ]  ` + "\n" +
		`[1.5, "o", "c"]`
	c, err := asciicast.Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := &asciicast.Cast{
		Header: asciicast.Header{Version: 2, Width: 80, Height: 24, Env: map[string]string{"TERM": "xterm"}, Term: "xterm"},
		Events: []asciicast.Event{
			{Time: 500 * ms, Kind: asciicast.Output, Data: "a", Line: 5},
			{Time: time.Second, Kind: asciicast.Input, Data: "b", Line: 6},
			{Time: 1500 * ms, Kind: asciicast.Output, Data: "c", Line: 7},
		},
	}
	if d := cmp.Diff(want, c); d != "" {
		t.Errorf("Read (-want +got):\n%s", d)
	}
}

// One output event of several MB, far beyond bufio.Scanner's 64 KB default.
func TestReadLargeLine(t *testing.T) {
	big := strings.Repeat("\x1b[31m✳ red <&> ", 400_000) // about 7 MB once escaped
	var b strings.Builder
	w, err := asciicast.NewWriter(&b, asciicast.Header{Width: 80, Height: 24})
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Output(ms, []byte(big))
	_ = w.Output(2*ms, []byte("after"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if b.Len() < 5<<20 {
		t.Fatalf("file is %d bytes, want several MB", b.Len())
	}
	c, err := asciicast.Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Events) != 2 || c.Events[0].Data != big || c.Events[1].Data != "after" || c.Events[1].Line != 3 {
		t.Errorf("read %d events, first %d bytes; want the %d-byte event and then \"after\" at line 3", len(c.Events), len(c.Events[0].Data), len(big))
	}
}

// A line with no end is refused at the limit, not read until memory runs out.
func TestReadLineTooLong(t *testing.T) {
	in := io.MultiReader(strings.NewReader(`{"version": 2, "width": 80, "height": 24}`+"\n"+`[0, "o", "`), endless{})
	_, err := asciicast.Read(in)
	if err == nil || err.Error() != "line 2: line is longer than 64 MiB" {
		t.Errorf("error = %v, want %q", err, "line 2: line is longer than 64 MiB")
	}
}

// endless reads as an unending run of "a".
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// The streaming Reader hands out events one at a time, then io.EOF for
// good; an error, once returned, is returned again.
func TestReaderNext(t *testing.T) {
	r, err := asciicast.NewReader(strings.NewReader(`{"version": 3, "term": {"cols": 100, "rows": 30, "type": "xterm"}}` + "\n" +
		`[0.25, "o", "a"]` + "\n" + `[0.5, "x", "7"]` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if h := r.Header(); h.Version != 3 || h.Width != 100 || h.Height != 30 || h.Term != "xterm" {
		t.Errorf("Header() = %+v", h)
	}
	var got []asciicast.Event
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ev)
	}
	want := []asciicast.Event{
		{Time: 250 * ms, Kind: asciicast.Output, Data: "a", Line: 2},
		{Time: 750 * ms, Kind: asciicast.Exit, Data: "7", Code: 7, Line: 3},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("events (-want +got):\n%s", d)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("Next after the end = %v, want io.EOF", err)
	}

	r, err = asciicast.NewReader(strings.NewReader(`{"version": 2, "width": 80, "height": 24}` + "\n" + `[1, "r", "x"]` + "\n" + `[2, "o", "a"]` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err1 := r.Next()
	_, err2 := r.Next()
	if err1 == nil || err2 != err1 {
		t.Errorf("Next = %v, then %v; want the same error twice", err1, err2)
	}
}

// A failing reader's error is passed on, naming the line it stopped at.
func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	in := io.MultiReader(strings.NewReader(`{"version": 2, "width": 80, "height": 24}`+"\n"+`[1, "o", "a"]`+"\n"), iotest.ErrReader(boom))
	_, err := asciicast.Read(in)
	if !errors.Is(err, boom) || err.Error() != "line 3: reading: boom" {
		t.Errorf("error = %v, want %q wrapping boom", err, "line 3: reading: boom")
	}
}
