package recordings

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"
)

// maxLine bounds one line of a recording; a larger one is corrupt input, not
// a reason to run out of memory.
const maxLine = 64 << 20

// Reader reads an asciicast recording event by event.
type Reader struct {
	r       *bufio.Reader
	h       Header
	line    int
	last    time.Duration // absolute time of the previous event
	skipped int
}

// LineError is a problem at one line of a recording.
type LineError struct {
	File string // "" when not read from a named file
	Line int
	Err  error
}

func (e *LineError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// NewReader reads the header of an asciicast v2 or v3 recording.
func NewReader(r io.Reader) (*Reader, error) {
	rd := &Reader{r: bufio.NewReaderSize(r, 64<<10)}
	for {
		line, err := rd.readLine()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, rd.errorf("empty recording: no header line")
			}
			return nil, err
		}
		if len(bytes.TrimSpace(line)) == 0 || line[0] == '#' {
			continue
		}
		if err := rd.parseHeader(line); err != nil {
			return nil, rd.errorf("bad header: %w", err)
		}
		return rd, nil
	}
}

// Header returns the recording's header.
func (r *Reader) Header() Header { return r.h }

// Skipped returns how many events with unknown codes were passed over so far.
func (r *Reader) Skipped() int { return r.skipped }

// Next returns the next event, or io.EOF after the last.
func (r *Reader) Next() (Event, error) {
	for {
		line, err := r.readLine()
		if err != nil {
			return Event{}, err
		}
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) == 0 || (r.h.Version == 3 && trimmed[0] == '#') {
			continue
		}
		ev, known, err := r.parseEvent(trimmed)
		if err != nil {
			return Event{}, r.errorf("%w", err)
		}
		if !known {
			r.skipped++
			continue
		}
		return ev, nil
	}
}

func (r *Reader) readLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLine {
			r.line++
			return nil, r.errorf("line longer than %d bytes", maxLine)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !(errors.Is(err, io.EOF) && len(line) > 0) {
			return nil, err
		}
		r.line++
		return line, nil
	}
}

func (r *Reader) errorf(format string, args ...any) error {
	return &LineError{Line: r.line, Err: fmt.Errorf(format, args...)}
}

type rawHeader struct {
	Version   *int    `json:"version"`
	Width     *int    `json:"width"`
	Height    *int    `json:"height"`
	Timestamp float64 `json:"timestamp"`
	Duration  float64 `json:"duration"`
	Command   string  `json:"command"`
	Title     string  `json:"title"`
	Env       map[string]string
	Idle      float64 `json:"idle_time_limit"`
	Term      *struct {
		Cols *int   `json:"cols"`
		Rows *int   `json:"rows"`
		Type string `json:"type"`
	} `json:"term"`
}

func (r *Reader) parseHeader(line []byte) error {
	var raw rawHeader
	if err := json.Unmarshal(line, &raw); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	if raw.Version == nil {
		return errors.New(`no "version" (is this an asciicast file?)`)
	}
	h := Header{Version: *raw.Version, Command: raw.Command, Title: raw.Title, Env: raw.Env, IdleTimeLimit: raw.Idle}
	switch h.Version {
	case 2:
		if raw.Width == nil || raw.Height == nil {
			return errors.New(`v2 header needs "width" and "height"`)
		}
		h.Width, h.Height = *raw.Width, *raw.Height
		h.Term = raw.Env["TERM"]
	case 3:
		if raw.Term == nil || raw.Term.Cols == nil || raw.Term.Rows == nil {
			return errors.New(`v3 header needs "term": {"cols", "rows"}`)
		}
		h.Width, h.Height, h.Term = *raw.Term.Cols, *raw.Term.Rows, raw.Term.Type
	default:
		return fmt.Errorf("version %d is not supported (want 2 or 3)", h.Version)
	}
	if h.Width <= 0 || h.Height <= 0 || h.Width > maxSize || h.Height > maxSize {
		return fmt.Errorf("terminal size %dx%d is out of range (1 to %d)", h.Width, h.Height, maxSize)
	}
	if raw.Timestamp > 0 && raw.Timestamp < 1e12 {
		h.Timestamp = time.Unix(int64(raw.Timestamp), 0).UTC()
	}
	if raw.Duration > 0 && raw.Duration < 1e9 {
		h.Duration = seconds(raw.Duration)
	}
	r.h = h
	return nil
}

// parseEvent reads [time, code, data]. known is false for codes this
// package does not know: they are skipped, as the format asks.
func (r *Reader) parseEvent(line []byte) (ev Event, known bool, err error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return ev, false, fmt.Errorf("event is not a JSON array: %w", err)
	}
	if len(raw) != 3 {
		return ev, false, fmt.Errorf("event has %d fields, want [time, code, data]", len(raw))
	}
	var t float64
	if err := json.Unmarshal(raw[0], &t); err != nil || t < 0 || math.IsInf(t, 0) || t > 1e9 {
		return ev, false, fmt.Errorf("event time %s is not a non-negative number of seconds", raw[0])
	}
	var code, data string
	if err := json.Unmarshal(raw[1], &code); err != nil || len(code) == 0 {
		return ev, false, fmt.Errorf("event code %s is not a string", raw[1])
	}
	if err := json.Unmarshal(raw[2], &data); err != nil {
		return ev, false, fmt.Errorf("event data %s is not a string", truncate(raw[2]))
	}
	at := seconds(t)
	if r.h.Version == 3 {
		at = r.last + at // v3 times are intervals
	} else if at < r.last {
		return ev, false, fmt.Errorf("event time goes backwards (%.6f < %.6f)", t, r.last.Seconds())
	}
	ev = Event{Time: at, Kind: EventKind(code[0]), Data: data, Line: r.line}
	if len(code) != 1 {
		return ev, false, nil
	}
	switch ev.Kind {
	case Output, Input, Marker:
	case Resize:
		if ev.Cols, ev.Rows, err = parseResize(data); err != nil {
			return ev, false, err
		}
	case Exit:
		if ev.Code, err = strconv.Atoi(data); err != nil {
			return ev, false, fmt.Errorf("exit status %q is not a number", data)
		}
	default:
		return ev, false, nil
	}
	r.last = at
	return ev, true, nil
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

// ReadFile reads a whole recording from a file; errors name the file and
// the line.
func ReadFile(path string) (*Cast, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c, err := Read(f)
	if err != nil {
		var le *LineError
		if errors.As(err, &le) {
			le.File = path
			return nil, le
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

func seconds(f float64) time.Duration { return time.Duration(math.Round(f*1e6)) * time.Microsecond }

func truncate(b []byte) []byte {
	if len(b) > 40 {
		return append(b[:40:40], "..."...)
	}
	return b
}
