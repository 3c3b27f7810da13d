package asciicast

import (
	"fmt"

	"strconv"
	"strings"
	"time"
)

// MaxCols and MaxRows are the largest terminal a recording may have: the
// largest screen ttyrig emulates (screen.MaxCols and screen.MaxRows are
// these), so a recording that reads also replays. A screen's memory grows
// with its cells (see package screen); a 4K monitor with an 8-pixel font
// shows 480×135. Readers and writers refuse a larger size, naming the
// field, so a corrupt or hostile file cannot make a replay allocate a
// giant screen.
const (
	MaxCols = 500
	MaxRows = 300
)

// maxTime bounds event times and durations, so none overflows a
// time.Duration: about 31 years.
const maxTime = 1_000_000_000 * time.Second

// Header is a recording's first line: the terminal it was made in and what
// ran in it. The same struct describes v2 and v3 headers; the version
// decides only how it is spelled in the file.
type Header struct {
	// Version is the asciicast version the header was read from (2 or 3).
	// Writers ignore it: the version written is chosen with WithVersion.
	Version int

	// Width and Height are the terminal's initial size in columns and rows
	// (v2 "width"/"height", v3 "term.cols"/"term.rows"). Both are required.
	Width, Height int

	// Timestamp is when the recording started, to the second; zero if the
	// header has none.
	Timestamp time.Time

	// Duration is the length of the whole recording if the header states
	// it; zero otherwise. Cast.Duration reports the time of the last event.
	Duration time.Duration

	// IdleTimeLimit is the header's "idle_time_limit": players shorten
	// pauses longer than this. Zero if absent.
	IdleTimeLimit time.Duration

	// Command is the command line that was recorded.
	Command string

	// Title is the recording's title.
	Title string

	// Env holds the environment variables the recorder captured, usually
	// SHELL and TERM.
	Env map[string]string

	// Term is the TERM type: v3 "term.type", or the v2 header's env TERM.
	// A v2 writer stores it as env TERM.
	Term string
}

// EventKind is an asciicast event code: the second field of an event line.
type EventKind byte

// The event codes of asciicast v2 and v3. Readers skip events with any other
// code and count them in Cast.Skipped.
const (
	Output EventKind = 'o' // bytes the program wrote to the terminal
	Input  EventKind = 'i' // bytes sent to the program (keystrokes, pastes)
	Resize EventKind = 'r' // the terminal was resized; data is "COLSxROWS"
	Marker EventKind = 'm' // a labelled point in time (a chapter in players)
	Exit   EventKind = 'x' // the program ended; data is its exit status (v3)
)

// String returns the event code as it appears in a file, such as "o".
func (k EventKind) String() string { return string(rune(k)) }

// Event is one event of a recording.
type Event struct {
	// Time is when the event happened, counted from the start of the
	// recording. It is absolute in v3 too, whose files store intervals.
	Time time.Duration

	// Kind is the event code.
	Kind EventKind

	// Data is the event's data as the file has it: output or input text,
	// the marker's label, or the raw resize or exit data.
	Data string

	// Cols and Rows are the new terminal size of a Resize event.
	Cols, Rows int

	// Code is the exit status of an Exit event.
	Code int

	// Line is the 1-based line of the file the event was read from, for
	// messages about it; 0 for events not read from a file.
	Line int
}

// Cast is a whole recording in memory.
type Cast struct {
	// Header is the recording's header.
	Header Header

	// Events are the recording's events in file order; their times never
	// decrease.
	Events []Event

	// Skipped counts events with codes this package does not know. The
	// format asks readers to ignore them; the count lets callers notice
	// that something was left out.
	Skipped int
}

// Duration returns the time of the last event: how long the recording runs
// when played.
func (c *Cast) Duration() time.Duration {
	if len(c.Events) == 0 {
		return 0
	}
	return c.Events[len(c.Events)-1].Time
}

// ExitCode returns the program's exit status if the recording has one: a v3
// exit event, or the "exit N" marker a v2 Writer writes instead.
func (c *Cast) ExitCode() (int, bool) {
	for i := len(c.Events) - 1; i >= 0; i-- {
		if code, ok := c.Events[i].ExitStatus(); ok {
			return code, true
		}
	}
	return 0, false
}

// ExitStatus returns the exit status e records: the code of an Exit event,
// or of the "exit N" marker a v2 Writer writes in its place.
func (e Event) ExitStatus() (int, bool) {
	switch {
	case e.Kind == Exit:
		return e.Code, true
	case e.Kind == Marker && strings.HasPrefix(e.Data, exitMarker):
		if n, err := strconv.Atoi(strings.TrimPrefix(e.Data, exitMarker)); err == nil {
			return n, true
		}
	}
	return 0, false
}

// Check reports what a reader never produces but a hand-built Cast may
// hold (a size no terminal has, times going backwards or out of range), so
// nothing that plays c panics on it. Errors name the event's line.
func (c *Cast) Check() error {
	if err := checkSize(c.Header.Width, c.Header.Height, "width", "height"); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	var prev time.Duration
	for i, e := range c.Events {
		at := func() string {
			if e.Line > 0 {
				return fmt.Sprintf("line %d", e.Line)
			}
			return fmt.Sprintf("event %d", i+1)
		}
		switch {
		case e.Time < prev:
			return fmt.Errorf("%s: event time goes backwards (%v < %v)", at(), e.Time, prev)
		case e.Time > maxTime:
			return fmt.Errorf("%s: event time %v is out of range", at(), e.Time)
		case e.Kind == Resize:
			if err := checkSize(e.Cols, e.Rows, "columns", "rows"); err != nil {
				return fmt.Errorf("%s: resize to %dx%d: %w", at(), e.Cols, e.Rows, err)
			}
		}
		prev = e.Time
	}
	return nil
}

// exitMarker labels the marker that stands for an exit event in v2, which
// has no exit event of its own: "exit 0".
const exitMarker = "exit "

// parseResize reads the data of a resize event, "COLSxROWS".
func parseResize(s string) (cols, rows int, err error) {
	c, r, ok := strings.Cut(s, "x")
	if ok {
		cols, err = strconv.Atoi(c)
		if err == nil {
			rows, err = strconv.Atoi(r)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("resize %q is not COLSxROWS", s)
	}
	if err := checkSize(cols, rows, "columns", "rows"); err != nil {
		return 0, 0, fmt.Errorf("resize %q: %w", s, err)
	}
	return cols, rows, nil
}

// checkSize reports a terminal size outside 1..MaxCols × 1..MaxRows,
// naming the field that is (colsField, rowsField: how the caller spells
// them).
func checkSize(cols, rows int, colsField, rowsField string) error {
	switch {
	case cols < 1 || cols > MaxCols:
		return fmt.Errorf("%s %d is out of range (want 1 to %d)", colsField, cols, MaxCols)
	case rows < 1 || rows > MaxRows:
		return fmt.Errorf("%s %d is out of range (want 1 to %d)", rowsField, rows, MaxRows)
	}
	return nil
}

// formatSeconds writes d in seconds with microsecond precision, the
// precision asciinema writes, from integers so nothing is lost to floats.
func formatSeconds(d time.Duration) string {
	us := d.Round(time.Microsecond) / time.Microsecond
	return fmt.Sprintf("%d.%06d", us/1e6, us%1e6)
}
