package main

import (
	"encoding/json"
	"io"
	"math"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// transitionLine is one state transition as `ttyrig replay --events` prints
// it: a JSON object per line. Scripts depend on these field names; the
// goldens in recordings/testdata/golden are this format.
type transitionLine struct {
	T      float64 `json:"t"` // seconds from the recording's start, to the millisecond
	State  string  `json:"state"`
	Reason string  `json:"reason"`
	Row    int     `json:"row"`
	Col    int     `json:"col"`
	Signal string  `json:"signal,omitempty"`
	By     string  `json:"by,omitempty"`   // the signal that decided, by name
	Code   *int    `json:"code,omitempty"` // exit status, for "exited"
}

// writeEvents writes transitions as JSON lines, times relative to start.
func writeEvents(w io.Writer, start time.Time, timeline []ready.Transition) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, tr := range timeline {
		line := transitionLine{
			T:      math.Round(tr.Time.Sub(start).Seconds()*1000) / 1000,
			State:  string(tr.State),
			Reason: tr.Reason,
			Row:    tr.Cursor.Row,
			Col:    tr.Cursor.Col,
			Signal: string(tr.Signal),
			By:     tr.By,
		}
		if tr.State == ready.Exited {
			code := tr.Code
			line.Code = &code
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return nil
}
