package asciicast

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// WriterOption configures a Writer.
type WriterOption func(*writerConfig)

type writerConfig struct {
	version  int
	buffered bool
}

// WithVersion chooses the asciicast version to write: 2, the default, which
// every asciinema player reads, or 3, which stores the exit status as an
// event of its own.
func WithVersion(v int) WriterOption { return func(c *writerConfig) { c.version = v } }

// Buffered lets the Writer hold events in memory until Flush or Close, for
// writing a whole recording at once (WriteFile does). A Writer without it
// writes each event through to the file as it comes: a live session may
// end in os.Exit, a test timeout's panic or SIGKILL, and its recording must
// still hold everything that happened before.
func Buffered() WriterOption { return func(c *writerConfig) { c.buffered = true } }

// errClosed is returned by a Writer's methods after Close.
var errClosed = errors.New("asciicast: write to a closed Writer")

// Writer writes a recording as events happen.
//
// It is safe for concurrent use, since a PTY read loop and an input path
// call it from different goroutines. Event times are clamped so they never
// go backwards, whatever the callers' clocks did, and rounded to the
// microsecond the format keeps. Each event is written through to the
// underlying writer as it is recorded (one write per event; see Buffered).
// The first error is sticky: every later call returns it.
type Writer struct {
	mu      sync.Mutex
	bw      *bufio.Writer
	enc     *json.Encoder
	closer  io.Closer // the file Create opened, closed by Close
	version int
	through bool          // write each event out at once (not Buffered)
	last    time.Duration // time of the latest event written
	pending []byte        // the start of a UTF-8 character the next Output completes
	line    []byte        // reused by event
	err     error
	closed  bool
}

// NewWriter writes h as the header of a recording to w and returns a Writer
// for its events. The version written is the one chosen with WithVersion
// (default 2); h.Version is ignored. In v2, h.Term is written as env TERM.
func NewWriter(w io.Writer, h Header, opts ...WriterOption) (*Writer, error) {
	cfg := writerConfig{version: 2}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.version != 2 && cfg.version != 3 {
		return nil, fmt.Errorf("asciicast: asciicast version %d is not supported; want 2 or 3", cfg.version)
	}
	if err := checkSize(h.Width, h.Height, "width", "height"); err != nil {
		return nil, fmt.Errorf("asciicast: header: %w", err)
	}
	// Written through, each event is one line written at once (a line
	// longer than the buffer goes straight to w): a small buffer does, and
	// a live terminal holds it for its whole life.
	size := 8 << 10
	if !cfg.buffered {
		size = 512
	}
	bw := bufio.NewWriterSize(w, size)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false) // "<", ">" and "&" are common in terminal output and must stay readable
	wr := &Writer{bw: bw, enc: enc, version: cfg.version, through: !cfg.buffered}
	if err := wr.encode(headerJSON(h, cfg.version)); err != nil {
		return nil, err
	}
	// The header goes out at once: a recording cut short by a crash should
	// still be a readable file.
	if err := wr.flush(); err != nil {
		return nil, err
	}
	return wr, nil
}

// Create creates (or truncates) the file at path, readable by its owner
// only (a session's recording holds everything typed into it), and returns
// a Writer that records into it; Close flushes and closes the file.
func Create(path string, h Header, opts ...WriterOption) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, fmt.Errorf("asciicast: %w", err)
	}
	// A recording holds what was typed: 0600 also over an older file of
	// another mode, before anything is written. Only a regular file: a
	// path may name a device (/dev/null) that is not ours to change.
	fi, err := f.Stat()
	regular := err == nil && fi.Mode().IsRegular()
	if regular {
		_ = f.Chmod(0o600)
	}
	w, err := NewWriter(f, h, opts...)
	if err != nil {
		_ = f.Close()
		if regular {
			_ = os.Remove(path)
		}
		return nil, fmt.Errorf("asciicast: %s: %w", path, err)
	}
	w.closer = f
	return w, nil
}

// The headers as asciinema writes them, field order included.
type (
	headerV2 struct {
		Version int `json:"version"`
		Width   int `json:"width"`
		Height  int `json:"height"`
		headerCommon
	}
	headerV3 struct {
		Version int    `json:"version"`
		Term    termV3 `json:"term"`
		headerCommon
	}
	termV3 struct {
		Cols int    `json:"cols"`
		Rows int    `json:"rows"`
		Type string `json:"type,omitempty"`
	}
	headerCommon struct {
		Timestamp     int64             `json:"timestamp,omitempty"`
		Duration      float64           `json:"duration,omitempty"`
		IdleTimeLimit float64           `json:"idle_time_limit,omitempty"`
		Command       string            `json:"command,omitempty"`
		Title         string            `json:"title,omitempty"`
		Env           map[string]string `json:"env,omitempty"`
	}
)

func headerJSON(h Header, version int) any {
	c := headerCommon{Command: h.Command, Title: h.Title, Env: h.Env}
	// Out-of-range values are left out rather than written for no reader
	// to accept.
	if !h.Timestamp.IsZero() && h.Timestamp.Unix() > 0 && h.Timestamp.Unix() <= maxUnix {
		c.Timestamp = h.Timestamp.Unix()
	}
	if h.Duration > 0 && h.Duration <= maxTime {
		c.Duration = h.Duration.Round(time.Microsecond).Seconds()
	}
	if h.IdleTimeLimit > 0 && h.IdleTimeLimit <= maxTime {
		c.IdleTimeLimit = h.IdleTimeLimit.Round(time.Microsecond).Seconds()
	}
	if version == 3 {
		return headerV3{Version: 3, Term: termV3{Cols: h.Width, Rows: h.Height, Type: h.Term}, headerCommon: c}
	}
	if h.Term != "" {
		// v2 has no field for the terminal type; asciinema keeps it in env.
		c.Env = make(map[string]string, len(h.Env)+1)
		for k, v := range h.Env {
			c.Env[k] = v
		}
		c.Env["TERM"] = h.Term
	}
	return headerV2{Version: 2, Width: h.Width, Height: h.Height, headerCommon: c}
}

// Output records p, bytes the program wrote, at time t from the start.
//
// p is raw PTY output, so it is decoded as UTF-8 incrementally: a character
// whose bytes are split between two calls is held back until the call that
// completes it, and is written whole. Bytes that are not UTF-8 and cannot
// become UTF-8 are written as U+FFFD, one per byte; a character still
// incomplete at Exit or Close is written that way too.
func (w *Writer) Output(t time.Duration, p []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	data := p
	if len(w.pending) > 0 {
		// A full slice expression, so the append copies and w.pending's
		// array is free to hold the next tail.
		data = append(w.pending[:len(w.pending):len(w.pending)], p...)
	}
	cut := len(data) - incompleteTail(data)
	w.pending = append(w.pending[:0], data[cut:]...)
	if cut == 0 {
		return nil
	}
	return w.event(t, Output, validUTF8(data[:cut]))
}

// Input records p, bytes sent to the program, at time t. Each call is
// taken as whole characters: input comes from the test, not a byte stream.
func (w *Writer) Input(t time.Duration, p []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	return w.event(t, Input, validUTF8(p))
}

// Resize records that the terminal became cols×rows at time t.
func (w *Writer) Resize(t time.Duration, cols, rows int) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	if err := checkSize(cols, rows, "columns", "rows"); err != nil {
		return fmt.Errorf("asciicast: resize: %w", err) // not written: no reader would take it
	}
	return w.event(t, Resize, strconv.Itoa(cols)+"x"+strconv.Itoa(rows))
}

// Marker records a labelled point in time. asciinema's player shows markers
// as chapters; calibration reads "ready" and "busy" markers as ground truth.
// The recording is flushed, so a marker is on disk once Marker returns.
func (w *Writer) Marker(t time.Duration, label string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.event(t, Marker, label); err != nil {
		return err
	}
	return w.flush()
}

// Exit records that the program ended with status code at time t, after
// writing out any incomplete character Output still holds.
//
// v3 has an exit event for it: [t, "x", "code"]. v2 has none, so a v2
// Writer writes a marker labelled "exit <code>" instead: asciinema's player
// shows it as a chapter and ignores it otherwise, and Cast.ExitCode and
// replays read it back as the exit status. The recording is flushed.
func (w *Writer) Exit(t time.Duration, code int) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.writePending(t); err != nil {
		return err
	}
	var err error
	if w.version == 3 {
		err = w.event(t, Exit, strconv.Itoa(code))
	} else {
		err = w.event(t, Marker, exitMarker+strconv.Itoa(code))
	}
	if err != nil {
		return err
	}
	return w.flush()
}

// Flush writes buffered events to the underlying writer.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	return w.flush()
}

// Close writes out any incomplete character Output still holds, flushes,
// and closes the file if the Writer was made by Create. It does not close
// a writer passed to NewWriter. Calling Close again returns the first
// Close's result.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return w.err
	}
	w.closed = true
	_ = w.writePending(w.last)
	err := w.flush()
	if w.closer != nil {
		if cerr := w.closer.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("asciicast: %w", cerr)
			w.err = err
		}
	}
	return err
}

// usable returns why nothing more can be written, if so.
func (w *Writer) usable() error {
	if w.closed {
		return errClosed
	}
	return w.err
}

// writePending writes the dangling start of a character no Output will
// complete any more, which makes it invalid.
func (w *Writer) writePending(t time.Duration) error {
	if len(w.pending) == 0 {
		return nil
	}
	data := validUTF8(w.pending)
	w.pending = w.pending[:0]
	return w.event(t, Output, data)
}

// event writes one event line. Times are absolute in, and intervals out in
// v3; rounding before subtracting keeps a v3 file's sums exact.
func (w *Writer) event(t time.Duration, kind EventKind, data string) error {
	t = max(t.Round(time.Microsecond), w.last) // never backwards
	at := t
	if w.version == 3 {
		at -= w.last
	}
	w.last = t
	if w.err != nil {
		return w.err
	}
	// The line json.Encoder would write for [at, kind, data], without its
	// reflection: a flood records megabytes.
	line := append(w.line[:0], '[')
	line = append(line, formatSeconds(at)...)
	line = append(line, ',')
	line = appendJSONString(line, kind.String())
	line = append(line, ',')
	line = appendJSONString(line, data)
	line = append(line, ']', '\n')
	if _, err := w.bw.Write(line); err != nil {
		w.err = fmt.Errorf("asciicast: writing: %w", err)
		return w.err
	}
	w.line = line[:0]
	if cap(line) > 1<<20 {
		w.line = nil // one huge event does not pin its buffer
	}
	if !w.through {
		return nil
	}
	return w.flush()
}

// appendJSONString appends s as a JSON string, exactly as json.Encoder with
// SetEscapeHTML(false) writes it: quotes, backslashes and control bytes
// escaped (\b \f \n \r \t, others as \u00xx), invalid UTF-8 as
// \ufffd, U+2028 and U+2029 escaped, everything else literal.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// encode writes v as one line of JSON; strings keep control bytes escaped
// as JSON requires (ESC as \u001b) and everything else literal.
func (w *Writer) encode(v any) error {
	if w.err != nil {
		return w.err
	}
	if err := w.enc.Encode(v); err != nil {
		w.err = fmt.Errorf("asciicast: writing: %w", err)
	}
	return w.err
}

func (w *Writer) flush() error {
	if err := w.bw.Flush(); err != nil && w.err == nil {
		w.err = fmt.Errorf("asciicast: writing: %w", err)
	}
	return w.err
}

// incompleteTail returns how many bytes at the end of p are the start of a
// UTF-8 character that more bytes could still complete: E2 9C of "✳" (E2 9C
// B3), but not E2 41, which no byte can make valid.
func incompleteTail(p []byte) int {
	for i := len(p) - 1; i >= 0 && i >= len(p)-(utf8.UTFMax-1); i-- {
		if utf8.RuneStart(p[i]) {
			// FullRune is false only for a valid prefix that is too short.
			if !utf8.FullRune(p[i:]) {
				return len(p) - i
			}
			return 0
		}
	}
	return 0
}

// validUTF8 returns p as a string with each byte that is not part of a
// valid UTF-8 character replaced by U+FFFD, as a terminal would show it.
func validUTF8(p []byte) string {
	if utf8.Valid(p) {
		return string(p)
	}
	var b strings.Builder
	b.Grow(len(p) + 8)
	for len(p) > 0 {
		r, n := utf8.DecodeRune(p)
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.Write(p[:n])
		}
		p = p[n:]
	}
	return b.String()
}

// WriteFile writes the whole recording c to path, creating the file's
// directory if needed: the way to keep a Cast that was read and then edited
// (markers added, machine-specific paths replaced). The version is v2
// unless WithVersion says otherwise.
func WriteFile(path string, c *Cast, opts ...WriterOption) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("asciicast: %w", err)
	}
	w, err := Create(path, c.Header, append([]WriterOption{Buffered()}, opts...)...)
	if err != nil {
		return err
	}
	for _, e := range c.Events {
		switch e.Kind {
		case Output:
			err = w.Output(e.Time, []byte(e.Data))
		case Input:
			err = w.Input(e.Time, []byte(e.Data))
		case Resize:
			err = w.Resize(e.Time, e.Cols, e.Rows)
		case Marker:
			err = w.Marker(e.Time, e.Data)
		case Exit:
			err = w.Exit(e.Time, e.Code)
		case Kernel:
			err = w.Kernel(e.Time, e.Data)
		}
		if err != nil {
			_ = w.Close()
			return err
		}
	}
	return w.Close()
}
