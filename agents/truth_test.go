package agents_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/recordings"
)

// truthTurn is one turn's ground truth, resolved against the recording
// once the session ends.
type truthTurn struct {
	busy     time.Time // Enter was pressed (the start, for start-up)
	lastByte time.Time // the model's reply for this turn ended (zero for start-up)
	drawn    string    // text on screen once the reply is shown
	question bool      // the reply opens an approval dialog
}

// markTruth adds the ground truth to a recording: busy where Enter was
// pressed (and at the start), ready (with "prompt:question" for an approval
// dialog) where both the model's last byte was out and the reply (or at
// start-up the input box) was first drawn, found by replaying the screen
// event by event.
func markTruth(c *asciicast.Cast, started time.Time, turns []truthTurn) error {
	rep, err := recordings.Replay(c, recordings.WithRuntime(agents.GenericProfile))
	if err != nil {
		return err
	}
	defer rep.Close()
	var marks []asciicast.Event
	for i, tt := range turns {
		busy := tt.busy.Sub(started)
		// The text must be new to the turn, or its drawing cannot be told
		// from what an earlier turn left on screen.
		if busy > 0 && strings.Contains(rep.At(busy).Text(), tt.drawn) {
			return fmt.Errorf("turn %d: %q is on screen before the turn", i+1, tt.drawn)
		}
		drawn := time.Duration(-1)
		for _, e := range c.Events {
			if e.Kind == asciicast.Output && e.Time >= busy && strings.Contains(rep.At(e.Time).Text(), tt.drawn) {
				drawn = e.Time
				break
			}
		}
		if drawn < 0 {
			return fmt.Errorf("turn %d: %q never drawn in the recording", i+1, tt.drawn)
		}
		at := drawn
		if !tt.lastByte.IsZero() {
			at = max(drawn, tt.lastByte.Sub(started))
		}
		marks = append(marks, asciicast.Event{Time: busy, Kind: asciicast.Marker, Data: recordings.MarkBusy},
			asciicast.Event{Time: at, Kind: asciicast.Marker, Data: recordings.MarkReady})
		if tt.question {
			marks = append(marks, asciicast.Event{Time: at, Kind: asciicast.Marker, Data: corpus.MarkPrompt + "question"})
		}
	}
	c.Events = append(c.Events, marks...)
	// Markers go after the events of the same instant: the screen they
	// describe is the one those events drew.
	slices.SortStableFunc(c.Events, func(a, b asciicast.Event) int {
		switch {
		case a.Time < b.Time:
			return -1
		case a.Time > b.Time:
			return 1
		}
		return 0
	})
	return nil
}

// markTruth puts ready where both the last byte and the drawing have
// happened, whichever came later, busy at Enter, and the question mark with
// an approval's ready; a reply never drawn is an error.
func TestMarkTruth(t *testing.T) {
	start := time.Unix(1000, 0)
	at := func(d time.Duration) time.Time { return start.Add(d) }
	cast := func() *asciicast.Cast {
		return &asciicast.Cast{
			Header: asciicast.Header{Version: 2, Width: 40, Height: 5, Command: "qwen"},
			Events: []asciicast.Event{
				{Time: 100 * time.Millisecond, Kind: asciicast.Output, Data: "> "},
				{Time: time.Second, Kind: asciicast.Output, Data: "first answer\r\n> "},
				{Time: 3 * time.Second, Kind: asciicast.Output, Data: "Allow once?\r\n"},
				{Time: 4 * time.Second, Kind: asciicast.Output, Data: "done\r\n> "},
			},
		}
	}
	c := cast()
	turns := []truthTurn{
		{busy: start, drawn: "> "}, // start-up: drawn at 0.1 s
		{busy: at(500 * time.Millisecond), lastByte: at(1500 * time.Millisecond), drawn: "first answer"}, // last byte after the drawing
		{busy: at(2 * time.Second), lastByte: at(2500 * time.Millisecond), drawn: "Allow once?", question: true},
		{busy: at(3500 * time.Millisecond), lastByte: at(3900 * time.Millisecond), drawn: "done"},
	}
	if err := markTruth(c, start, turns); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range corpus.Truth(c) {
		got = append(got, fmt.Sprintf("%v %s", e.Time, e.Data))
	}
	want := []string{"0s busy", "100ms ready", "500ms busy", "1.5s ready", "2s busy", "3s ready", "3s prompt:question", "3.5s busy", "4s ready"}
	if !slices.Equal(got, want) {
		t.Errorf("truth\n got %q\nwant %q", got, want)
	}
	if err := c.Check(); err != nil {
		t.Errorf("the marked recording is not valid: %v", err)
	}
	// The marks come after the output of the same instant.
	for i, e := range c.Events {
		if e.Kind == asciicast.Marker && e.Data == recordings.MarkReady && e.Time == 3*time.Second && c.Events[i-1].Kind != asciicast.Output {
			t.Errorf("the ready at 3s precedes the output it describes: %v", c.Events[i-1])
		}
	}
	err := markTruth(cast(), start, []truthTurn{{busy: at(2 * time.Second), lastByte: at(2 * time.Second), drawn: "first answer"}})
	if err == nil || !strings.Contains(err.Error(), "before the turn") {
		t.Errorf("a reply on screen before its turn: %v, want an error", err)
	}
	err = markTruth(cast(), start, []truthTurn{{busy: at(2 * time.Second), lastByte: at(2 * time.Second), drawn: "never shown"}})
	if err == nil || !strings.Contains(err.Error(), "never drawn") {
		t.Errorf("a reply never drawn: %v, want an error", err)
	}
}
