package asciicast

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxLine bounds one line of a recording. Output events of several MB are
// normal (a full-screen redraw, a dumped file); a line larger than this is
// corrupt input, not a reason to run out of memory.
const maxLine = 64 << 20

// LineError is a problem with one line of a recording. Every error a Reader
// returns for bad input is a *LineError; ReadFile fills in File.
type LineError struct {
	File string // the file's path; "" when not read by ReadFile
	Line int    // 1-based; 0 when the problem is the file as a whole
	Err  error  // what is wrong with the line
}

// Error returns "file:line: problem", the form editors and terminals turn
// into a link, leaving out what is not known.
func (e *LineError) Error() string {
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	case e.File != "":
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return e.Err.Error()
}

// Unwrap returns the problem without its position.
func (e *LineError) Unwrap() error { return e.Err }

// Reader reads an asciicast v2 or v3 recording one event at a time, for
// recordings too large to hold or to be replayed while they are read.
// Blank lines and lines starting with '#' (v3 comments; tolerated in v2
// too) are passed over.
type Reader struct {
	br      *bufio.Reader
	buf     []byte // a line longer than br's buffer, reused between lines
	h       Header
	line    int           // lines read so far: the number of the current line
	last    time.Duration // absolute time of the previous event, known or not
	skipped int
	err     error // sticky: once reading failed, it stays failed
}

// NewReader reads the header of a recording from r and returns a Reader
// positioned at the first event. Blank lines and '#' comment lines before
// the header are passed over.
func NewReader(r io.Reader) (*Reader, error) {
	rd := &Reader{br: bufio.NewReaderSize(r, 16<<10)}
	for {
		line, complete, err := rd.readLine()
		if errors.Is(err, io.EOF) {
			return nil, &LineError{Err: errors.New("empty recording: no header line")}
		}
		if err != nil {
			return nil, err
		}
		if rd.line == 1 {
			line = bytes.TrimPrefix(line, []byte("\uFEFF")) // a byte order mark some editors add
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		h, err := parseHeader(line)
		if err != nil {
			return nil, rd.errorf("bad header: %w", truncated(err, complete))
		}
		rd.h = h
		return rd, nil
	}
}

// Header returns the recording's header.
func (r *Reader) Header() Header { return r.h }

// Skipped returns how many events with unknown codes Next has passed over.
func (r *Reader) Skipped() int { return r.skipped }

// Next returns the next event, with its time counted from the start of the
// recording whatever the version. After the last event it returns io.EOF;
// after an error it returns the same error again.
func (r *Reader) Next() (Event, error) {
	for r.err == nil {
		line, complete, err := r.readLine()
		if err != nil {
			r.err = err
			break
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		ev, known, err := r.parseEvent(line)
		if err != nil {
			r.err = &LineError{Line: r.line, Err: truncated(err, complete)}
			break
		}
		if !known {
			r.skipped++
			continue
		}
		return ev, nil
	}
	return Event{}, r.err
}

// readLine returns the next line with its newline, and whether it had one
// (only the last line of a file may lack it). It returns io.EOF once the
// input is used up, and a *LineError for a line too long or a failed read.
func (r *Reader) readLine() (line []byte, complete bool, err error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		if len(r.buf)+len(chunk) > maxLine {
			r.line++
			return nil, false, r.errorf("line is longer than %d MiB", maxLine>>20)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			r.buf = append(r.buf, chunk...)
			continue
		}
		// A line that fits the buffer is used in place; only long ones are
		// copied together.
		line = chunk
		if len(r.buf) > 0 {
			r.buf = append(r.buf, chunk...)
			line = r.buf
		}
		switch {
		case err == nil:
			r.line++
			return line, true, nil
		case errors.Is(err, io.EOF) && len(line) > 0:
			r.line++
			return line, false, nil
		case errors.Is(err, io.EOF):
			return nil, false, io.EOF
		}
		return nil, false, &LineError{Line: r.line + 1, Err: fmt.Errorf("reading: %w", err)}
	}
}

func (r *Reader) errorf(format string, args ...any) error {
	return &LineError{Line: r.line, Err: fmt.Errorf(format, args...)}
}

// rawHeader is the union of the v2 and v3 headers. Pointers tell a missing
// field from a zero one; JSON null counts as missing.
type rawHeader struct {
	Version *int `json:"version"`

	Width  *int `json:"width"`  // v2
	Height *int `json:"height"` // v2
	Term   *struct {
		Cols *int   `json:"cols"`
		Rows *int   `json:"rows"`
		Type string `json:"type"`
	} `json:"term"` // v3

	Timestamp     float64            `json:"timestamp"`
	Duration      float64            `json:"duration"`
	IdleTimeLimit float64            `json:"idle_time_limit"`
	Command       string             `json:"command"`
	Title         string             `json:"title"`
	Env           map[string]*string `json:"env"` // asciinema 2 writes null for unset variables
}

// maxUnix is the last second of year 9999, the end of what time.Time
// formats sensibly.
const maxUnix = 253402300799

func parseHeader(line []byte) (Header, error) {
	switch line[0] {
	case '{':
	case '[':
		return Header{}, errors.New(`want a header before the events, a JSON object such as {"version": 2, "width": 80, "height": 24}`)
	default:
		return Header{}, errors.New(`want a JSON object such as {"version": 2, "width": 80, "height": 24} (is this an asciicast file?)`)
	}
	var raw rawHeader
	if err := json.Unmarshal(line, &raw); err != nil {
		return Header{}, jsonError(err)
	}
	if raw.Version == nil {
		return Header{}, errors.New(`no "version" (is this an asciicast file?)`)
	}
	h := Header{Version: *raw.Version, Command: raw.Command, Title: raw.Title}
	switch h.Version {
	case 2:
		if raw.Width == nil || raw.Height == nil {
			return Header{}, errors.New(`a v2 header needs "width" and "height"`)
		}
		h.Width, h.Height = *raw.Width, *raw.Height
		if t := raw.Env["TERM"]; t != nil {
			h.Term = *t
		}
	case 3:
		if raw.Term == nil || raw.Term.Cols == nil || raw.Term.Rows == nil {
			return Header{}, errors.New(`a v3 header needs "term": {"cols": …, "rows": …}`)
		}
		h.Width, h.Height, h.Term = *raw.Term.Cols, *raw.Term.Rows, raw.Term.Type
	case 1:
		return Header{}, errors.New("asciicast v1 (one JSON document) is not supported; want version 2 or 3")
	default:
		return Header{}, fmt.Errorf("version %d is not supported; want 2 or 3", h.Version)
	}
	colsField, rowsField := `"width"`, `"height"`
	if h.Version == 3 {
		colsField, rowsField = `"term.cols"`, `"term.rows"`
	}
	if err := checkSize(h.Width, h.Height, colsField, rowsField); err != nil {
		return Header{}, err
	}
	switch ts := raw.Timestamp; {
	case ts < 0 || ts > maxUnix:
		return Header{}, fmt.Errorf(`"timestamp" %v is not a Unix time in seconds`, ts)
	case ts >= 1:
		// To the second, as written. 0 is what a writer with no clock
		// leaves, and so is absent; a fraction of a second after the
		// epoch is too, or it would read as the epoch and be written back
		// as no timestamp at all.
		h.Timestamp = time.Unix(int64(ts), 0).UTC()
	}
	var err error
	if h.Duration, err = headerSeconds("duration", raw.Duration); err != nil {
		return Header{}, err
	}
	if h.IdleTimeLimit, err = headerSeconds("idle_time_limit", raw.IdleTimeLimit); err != nil {
		return Header{}, err
	}
	if len(raw.Env) > 0 {
		h.Env = make(map[string]string, len(raw.Env))
		for k, v := range raw.Env {
			if v != nil {
				h.Env[k] = *v
			}
		}
	}
	return h, nil
}

func headerSeconds(field string, f float64) (time.Duration, error) {
	if f < 0 || seconds(f) > maxTime {
		return 0, fmt.Errorf("%q %v is not a number of seconds from 0 to %v", field, f, maxTime.Seconds())
	}
	return seconds(f), nil
}

// parseEvent reads [time, code, data]. known is false for codes this
// package does not know: the format asks readers to skip them. Their time
// still counts, as v3 intervals are relative to them.
func (r *Reader) parseEvent(line []byte) (ev Event, known bool, err error) {
	if line[0] != '[' {
		return ev, false, errors.New(`want an event, a JSON array such as [1.5, "o", "text"]`)
	}
	if secs, code, data, ok := splitEvent(line); ok && seconds(secs) <= maxTime && EventKind(code[0]).known() {
		at := seconds(secs)
		if r.h.Version == 3 {
			at += r.last
		}
		if at <= maxTime && (r.h.Version == 3 || at >= r.last) { // else the general way says what is wrong
			r.last = at
			return finishEvent(Event{Time: at, Kind: EventKind(code[0]), Line: r.line, Data: data})
		}
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return ev, false, fmt.Errorf("bad event: %w", jsonError(err))
	}
	if len(raw) != 3 {
		return ev, false, fmt.Errorf("event has %d elements, want 3: [time, code, data]", len(raw))
	}

	// Type checks first: encoding/json takes null for a zero number or string.
	var secs float64
	if !isJSON(raw[0], "-0123456789") || json.Unmarshal(raw[0], &secs) != nil || secs < 0 || seconds(secs) > maxTime {
		return ev, false, fmt.Errorf("event time %s is not a number of seconds from 0 to %v", clip(raw[0]), maxTime.Seconds())
	}
	at := seconds(secs)
	if r.h.Version == 3 {
		at += r.last // v3 times are intervals since the previous event
		if at > maxTime {
			return ev, false, fmt.Errorf("event time %v s from the start is more than %v s", at.Seconds(), maxTime.Seconds())
		}
	} else if at < r.last {
		return ev, false, fmt.Errorf("event time goes backwards (%v < %v)", secs, r.last.Seconds())
	}
	r.last = at

	var code string
	if !isJSON(raw[1], `"`) || json.Unmarshal(raw[1], &code) != nil || code == "" {
		return ev, false, fmt.Errorf("event code %s is not a one-letter string such as \"o\"", clip(raw[1]))
	}
	if len(code) != 1 || !EventKind(code[0]).known() {
		return ev, false, nil
	}

	ev = Event{Time: at, Kind: EventKind(code[0]), Line: r.line}
	if !isJSON(raw[2], `"`) || json.Unmarshal(raw[2], &ev.Data) != nil {
		return ev, false, fmt.Errorf("%q event data %s is not a string", code, clip(raw[2]))
	}
	return finishEvent(ev)
}

// finishEvent reads what a resize or exit event's data holds.
func finishEvent(ev Event) (_ Event, known bool, err error) {
	switch ev.Kind {
	case Resize:
		if ev.Cols, ev.Rows, err = parseResize(ev.Data); err != nil {
			return ev, false, err
		}
	case Exit:
		if ev.Code, err = strconv.Atoi(ev.Data); err != nil {
			return ev, false, fmt.Errorf("exit status %q is not an integer", ev.Data)
		}
	}
	return ev, true, nil
}

// isJSON reports whether the JSON value v starts with one of the bytes in
// first: '"' for a string, digits and '-' for a number.
func isJSON(v json.RawMessage, first string) bool {
	return len(v) > 0 && strings.IndexByte(first, v[0]) >= 0
}

func (k EventKind) known() bool {
	switch k {
	case Output, Input, Resize, Marker, Exit, Kernel:
		return true
	}
	return false
}

// Read reads a whole recording.
func Read(r io.Reader) (*Cast, error) {
	rd, err := NewReader(r)
	if err != nil {
		return nil, err
	}
	c := &Cast{Header: rd.Header()}
	for {
		ev, err := rd.Next()
		if errors.Is(err, io.EOF) {
			c.Skipped = rd.Skipped()
			return c, nil
		}
		if err != nil {
			return nil, err
		}
		c.Events = append(c.Events, ev)
	}
}

// ReadFile reads the whole recording at path. Its errors name the file and
// the line: "rec.cast:17: event time goes backwards (3.2 < 4.1)".
func ReadFile(path string) (*Cast, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err // *fs.PathError names the file
	}
	defer f.Close()
	c, err := Read(f)
	var le *LineError
	if errors.As(err, &le) {
		le.File = path
	}
	return c, err
}

// seconds converts a time in the file to a Duration, rounded to the
// microsecond precision asciinema writes so that 1.001376 stays 1.001376 s.
func seconds(f float64) time.Duration {
	if f > maxTime.Seconds() {
		return maxTime + time.Second // out of range, to be refused; converting would overflow
	}
	return time.Duration(math.Round(f*1e6)) * time.Microsecond
}

// truncated tells a cut-short last line from other bad JSON: a line with
// no newline whose JSON ends before it is complete, as when the recorder was
// killed mid-write. Other errors are returned as they are.
func truncated(err error, complete bool) error {
	var se *json.SyntaxError
	if complete || !errors.As(err, &se) || se.Error() != "unexpected end of JSON input" {
		return err
	}
	return fmt.Errorf("truncated: the last line has no newline and its JSON is incomplete: %w", se)
}

// jsonError rewords encoding/json's errors, which speak of Go types, in
// terms of the file.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := "value"
		if te.Field != "" {
			field = strconv.Quote(te.Field)
		}
		return &wrapped{fmt.Sprintf("%s is a JSON %s, want %s", field, te.Value, jsonKind(te.Type)), err}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not valid JSON: %w (at byte %d)", err, se.Offset)
	}
	return err
}

func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int:
		return "an integer"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice:
		return "an array"
	}
	return t.String()
}

// wrapped is an error with its own message that still unwraps to its cause.
type wrapped struct {
	msg string
	err error
}

func (e *wrapped) Error() string { return e.msg }
func (e *wrapped) Unwrap() error { return e.err }

// clip shortens a JSON value quoted in an error message.
func clip(b []byte) string {
	const n = 40
	if len(b) <= n {
		return string(b)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut]) + "…"
}
