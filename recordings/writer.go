package recordings

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// WriterOption configures a Writer.
type WriterOption func(*writerConfig)

type writerConfig struct{ version int }

// WithVersion chooses asciicast version 2 (the default, which every player
// reads) or 3 (which carries the exit status as an event).
func WithVersion(v int) WriterOption { return func(c *writerConfig) { c.version = v } }

// Writer writes a recording. It is safe for concurrent use: a PTY read loop
// and an input path call it from different goroutines.
type Writer struct {
	mu      sync.Mutex
	w       *bufio.Writer
	c       io.Closer
	version int
	last    time.Duration
	pending []byte // an incomplete UTF-8 character at the end of the last output
	err     error
	closed  bool
}

// NewWriter writes h as the header and returns a Writer for the events.
func NewWriter(w io.Writer, h Header, opts ...WriterOption) (*Writer, error) {
	cfg := writerConfig{version: 2}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.version != 2 && cfg.version != 3 {
		return nil, fmt.Errorf("recordings: asciicast version %d is not supported (want 2 or 3)", cfg.version)
	}
	if h.Width <= 0 || h.Height <= 0 || h.Width > maxSize || h.Height > maxSize {
		return nil, fmt.Errorf("recordings: terminal size %dx%d is out of range", h.Width, h.Height)
	}
	wr := &Writer{w: bufio.NewWriterSize(w, 32<<10), version: cfg.version}
	if err := wr.writeJSON(headerJSON(h, cfg.version)); err != nil {
		return nil, err
	}
	return wr, nil
}

// Create creates the file at path and writes a recording into it; Close
// flushes and closes the file.
func Create(path string, h Header, opts ...WriterOption) (*Writer, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("recordings: %w", err)
	}
	w, err := NewWriter(f, h, opts...)
	if err != nil {
		_ = f.Close()
		_ = os.Remove(path)
		return nil, err
	}
	w.c = f
	return w, w.flush()
}

func headerJSON(h Header, version int) map[string]any {
	m := map[string]any{"version": version}
	if version == 2 {
		m["width"], m["height"] = h.Width, h.Height
	} else {
		term := map[string]any{"cols": h.Width, "rows": h.Height}
		if h.Term != "" {
			term["type"] = h.Term
		}
		m["term"] = term
	}
	if !h.Timestamp.IsZero() {
		m["timestamp"] = h.Timestamp.Unix()
	}
	if h.Duration > 0 {
		m["duration"] = h.Duration.Seconds()
	}
	if h.Command != "" {
		m["command"] = h.Command
	}
	if h.Title != "" {
		m["title"] = h.Title
	}
	if h.IdleTimeLimit > 0 {
		m["idle_time_limit"] = h.IdleTimeLimit
	}
	env := map[string]string{}
	for k, v := range h.Env {
		env[k] = v
	}
	if h.Term != "" && version == 2 {
		env["TERM"] = h.Term
	}
	if len(env) > 0 {
		m["env"] = env
	}
	return m
}

// Output records bytes the program wrote. They are decoded as UTF-8
// incrementally: a character split between two calls is kept whole.
func (w *Writer) Output(t time.Duration, p []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	data := append(w.pending, p...)
	cut := completeUTF8(data)
	w.pending = append([]byte(nil), data[cut:]...)
	if cut == 0 {
		return w.err
	}
	return w.event(t, "o", string(bytes.ToValidUTF8(data[:cut], []byte("\uFFFD"))))
}

// Input records bytes sent to the program.
func (w *Writer) Input(t time.Duration, p []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.event(t, "i", string(bytes.ToValidUTF8(p, []byte("\uFFFD"))))
}

// Resize records a change of terminal size.
func (w *Writer) Resize(t time.Duration, cols, rows int) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.event(t, "r", fmt.Sprintf("%dx%d", cols, rows))
}

// Marker records a labelled point in time (asciinema shows markers as
// chapters; calibration reads them as ground truth).
func (w *Writer) Marker(t time.Duration, label string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.event(t, "m", label); err != nil {
		return err
	}
	return w.flush()
}

// Exit records the program's exit status: an "x" event in v3; in v2, which
// has no exit event, a marker "exit N" (Cast.ExitCode reads both).
func (w *Writer) Exit(t time.Duration, code int) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.flushPending(t)
	var err error
	if w.version == 3 {
		err = w.event(t, "x", strconv.Itoa(code))
	} else {
		err = w.event(t, "m", exitMarker+strconv.Itoa(code))
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
	return w.flush()
}

// Close writes what is pending, flushes and closes the file if the Writer
// made it.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return w.err
	}
	w.flushPending(w.last)
	w.closed = true
	err := w.flush()
	if w.c != nil {
		if cerr := w.c.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// flushPending writes a dangling incomplete character, which can now only
// be invalid.
func (w *Writer) flushPending(t time.Duration) {
	if len(w.pending) > 0 {
		p := w.pending
		w.pending = nil
		_ = w.event(t, "o", string(bytes.ToValidUTF8(p, []byte("\uFFFD"))))
	}
}

func (w *Writer) event(t time.Duration, code, data string) error {
	if w.closed {
		return errors.New("recordings: write to a closed Writer")
	}
	if t < w.last {
		t = w.last // never backwards, whatever the callers' clocks did
	}
	at := t
	if w.version == 3 {
		at = t - w.last
	}
	w.last = t
	return w.writeJSON([]any{json.Number(strconv.FormatFloat(at.Seconds(), 'f', 6, 64)), code, data})
}

func (w *Writer) writeJSON(v any) error {
	if w.err != nil {
		return w.err
	}
	enc := json.NewEncoder(w.w)
	enc.SetEscapeHTML(false) // "<", ">" and "&" are common in terminal output
	if err := enc.Encode(v); err != nil {
		w.err = fmt.Errorf("recordings: writing: %w", err)
	}
	return w.err
}

func (w *Writer) flush() error {
	if err := w.w.Flush(); err != nil && w.err == nil {
		w.err = fmt.Errorf("recordings: writing: %w", err)
	}
	return w.err
}

// completeUTF8 returns the length of p without a trailing incomplete UTF-8
// character (one that more bytes could still complete).
func completeUTF8(p []byte) int {
	for i := 1; i <= utf8.UTFMax-1 && i <= len(p); i++ {
		b := p[len(p)-i]
		if b < 0x80 {
			return len(p)
		}
		if utf8.RuneStart(b) {
			need := 0
			switch {
			case b&0xE0 == 0xC0:
				need = 2
			case b&0xF0 == 0xE0:
				need = 3
			case b&0xF8 == 0xF0:
				need = 4
			}
			if need > i && !utf8.FullRune(p[len(p)-i:]) {
				return len(p) - i
			}
			return len(p)
		}
	}
	return len(p)
}

// WriteFile writes a whole recording to path as asciicast v2: the way to
// save a Cast that was read, edited (markers added, machine-specific paths
// replaced) and is to be kept. It creates the file's directory if needed.
func WriteFile(path string, c *Cast, opts ...WriterOption) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("recordings: %w", err)
	}
	w, err := Create(path, c.Header, opts...)
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
		}
		if err != nil {
			_ = w.Close()
			return err
		}
	}
	return w.Close()
}
