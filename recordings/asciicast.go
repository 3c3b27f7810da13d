package recordings

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// maxSize bounds the terminal size a recording may ask for, so a corrupt
// header cannot make a replay allocate a giant screen.
const maxSize = 10000

// Header is a recording's first line: the terminal it was made in and what
// ran in it.
type Header struct {
	Version       int
	Width, Height int
	Timestamp     time.Time // zero if absent
	Duration      time.Duration
	Command       string
	Title         string
	Env           map[string]string
	Term          string // the TERM type (v3 term.type, or v2 env TERM)
	IdleTimeLimit float64
}

// EventKind is an asciicast event code.
type EventKind byte

// The event codes of asciicast v2 and v3.
const (
	Output EventKind = 'o' // bytes the program wrote
	Input  EventKind = 'i' // bytes sent to the program
	Resize EventKind = 'r' // the terminal was resized ("COLSxROWS")
	Marker EventKind = 'm' // a labelled point in time
	Exit   EventKind = 'x' // the program ended (v3)
)

func (k EventKind) String() string { return string(rune(k)) }

// Event is one timestamped event of a recording.
type Event struct {
	Time       time.Duration // from the start of the recording, also for v3
	Kind       EventKind
	Data       string // output or input text, marker label, raw resize or exit data
	Cols, Rows int    // for Resize
	Code       int    // for Exit
	Line       int    // 1-based line of the file it came from; 0 if not read from a file
}

// Cast is a whole recording in memory.
type Cast struct {
	Header  Header
	Events  []Event
	Skipped int // events with codes this package does not know, left out
}

// Duration returns the time of the last event.
func (c *Cast) Duration() time.Duration {
	if len(c.Events) == 0 {
		return 0
	}
	return c.Events[len(c.Events)-1].Time
}

// ExitCode returns the program's exit status if the recording has one: a v3
// exit event, or the "exit N" marker this package writes in v2.
func (c *Cast) ExitCode() (int, bool) {
	for i := len(c.Events) - 1; i >= 0; i-- {
		e := c.Events[i]
		switch {
		case e.Kind == Exit:
			return e.Code, true
		case e.Kind == Marker && strings.HasPrefix(e.Data, exitMarker):
			if n, err := strconv.Atoi(strings.TrimPrefix(e.Data, exitMarker)); err == nil {
				return n, true
			}
		}
	}
	return 0, false
}

// exitMarker labels the marker that stands for an exit event in v2, which
// has no exit event of its own.
const exitMarker = "exit "

func parseResize(s string) (cols, rows int, err error) {
	c, r, ok := strings.Cut(s, "x")
	if ok {
		cols, err = strconv.Atoi(c)
		if err == nil {
			rows, err = strconv.Atoi(r)
		}
	}
	if !ok || err != nil || cols <= 0 || rows <= 0 || cols > maxSize || rows > maxSize {
		return 0, 0, fmt.Errorf("resize %q is not COLSxROWS", s)
	}
	return cols, rows, nil
}
