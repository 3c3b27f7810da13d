package recordings

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// MarkQuestion is the label of a marker that says the ready moment it sits
// beside waits on a question, not the main prompt. "prompt:question" and
// "prompt:question:N", as the corpus's hooks write it, mean the same.
const MarkQuestion = "question"

// sampleLines is how many rows from the bottom a sample keeps: busy and
// idle text is looked for there, as the built-in profiles look for it.
const sampleLines = 25

// earlyLook is how long after a ready marker the learner looks at the
// screen to check that a busy rule would already have let go by then.
const earlyLook = 150 * time.Millisecond

// A notification counts as the turn's end when it comes this close to the
// ready marker (the CLIs ring 11–59 ms after the answer's last byte).
const (
	notifyBefore = 100 * time.Millisecond
	notifyAfter  = 500 * time.Millisecond
)

// sample is the screen at one moment, reduced to what rules are learnt
// from.
type sample struct {
	at      time.Duration
	lines   []string // the last sampleLines lines (Snapshot.Lines), top to bottom
	title   string
	col     int  // cursor column, 1-based
	rowUp   int  // rows of text below the cursor's row
	visible bool // the terminal cursor is shown
	// drawn is the cursor the program draws itself, looked for only where
	// the terminal's is hidden and parked (left of generic's input column).
	drawn *drawn
}

// turn is one ground-truth cycle of a recording: the program busy from a
// busy marker to a ready marker, then waiting until the next input.
type turn struct {
	index    int // 1-based, in the recording
	busyAt   time.Duration
	readyAt  time.Duration
	busy     []sample        // the screen after each output while busy
	gaps     []time.Duration // silences between outputs while busy, each after busy[i]
	early    sample          // the screen earlyLook after the ready marker (or before the next input)
	idle     sample          // the screen just before the next input: where the program waits
	question bool            // a question marker labels this ready moment
	notified bool            // a notification (BEL, OSC 9/777/99) came near the ready marker
	noisy    bool            // a notification came while busy
}

// evidence is what one marked recording shows.
type evidence struct {
	name  string
	turns []turn

	generic Score   // generic's score on the recording, from the same replay
	stream  *stream // what that replay's engine was given, to score other profiles on

	once      sync.Once
	busyCands map[string]*candidate // busyFragments
	idleOnce  sync.Once
	idleCands map[string]*candidate // idleFragments

	pausedOnce sync.Once
	paused     []sample // pausedScreens

	mu       sync.Mutex
	waitSeen map[string]bool // answers kept by remember

	coverMu sync.Mutex
	covers  map[string][]turnCover // busyCover, by set of markers
	others  map[string]bool        // onOtherScreens, by pattern and region
}

// collect replays cast once and cuts it into turns at its markers.
func collect(name string, cast *asciicast.Cast) (*evidence, error) {
	if err := checkMarked(name, cast); err != nil {
		return nil, err
	}
	var events []ready.Event
	var notes []time.Time
	rep, st, err := replayKeeping(cast, func(ev ready.Event) {
		if ev.Kind == ready.Output || ev.Kind == ready.Input {
			events = append(events, ready.Event{Time: ev.Time, Kind: ev.Kind, Screen: ev.Screen})
		}
		for _, m := range ev.Changes.Marks {
			if m.Kind == screen.MarkNotify || m.Kind == screen.MarkBell {
				notes = append(notes, ev.Time)
			}
		}
	}, WithProfile(ready.Generic()))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	tl := rep.Run()
	start := rep.Start()
	_ = rep.Close()

	// The replay decided with generic: its score comes free.
	ev := &evidence{name: name, stream: st, generic: judgeScore(Marked{Name: name, Cast: cast}, ready.Generic(), tl, start)}
	// screenBefore returns the screen as it was just before t.
	i := 0
	var last screen.Snapshot
	have := false
	advance := func(t time.Duration, each func(ready.Event)) {
		for i < len(events) && events[i].Time.Sub(start) < t {
			if each != nil {
				each(events[i])
			}
			last, have = events[i].Screen, true
			i++
		}
	}
	snap := func(at time.Duration) sample {
		if !have {
			return sample{at: at}
		}
		return takeSample(at, last)
	}

	var marks []asciicast.Event
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && (e.Data == MarkReady || e.Data == MarkBusy || isQuestion(e.Data)) {
			marks = append(marks, e)
		}
	}
	busyAt := time.Duration(-1)
	for k, m := range marks {
		switch {
		case m.Data == MarkBusy:
			advance(m.Time, nil)
			busyAt = m.Time
		case isQuestion(m.Data):
			if n := len(ev.turns); n > 0 && m.Time-ev.turns[n-1].readyAt <= 10*time.Millisecond {
				ev.turns[n-1].question = true
			}
		case m.Data == MarkReady:
			t := turn{index: len(ev.turns) + 1, busyAt: busyAt, readyAt: m.Time}
			if busyAt >= 0 {
				// Everything drawn while busy, and the silences between.
				var prev time.Duration = -1
				advance(m.Time, func(e ready.Event) {
					at := e.Time.Sub(start)
					if e.Kind != ready.Output || at < busyAt {
						return
					}
					if prev >= 0 {
						t.gaps = append(t.gaps, at-prev)
					}
					prev = at
					t.busy = append(t.busy, takeSample(at, e.Screen))
				})
			}
			advance(m.Time, nil)
			// Where it waits: just before the next input or busy marker.
			until := cast.Duration()
			for _, e := range cast.Events {
				if e.Time > m.Time && e.Kind == asciicast.Input {
					until = e.Time
					break
				}
			}
			for _, n := range marks[k+1:] {
				if n.Data == MarkBusy {
					until = min(until, n.Time)
					break
				}
			}
			if until == cast.Duration() {
				// The session ended here, and what it drew while exiting is
				// not its prompt (as Calibrate reads it).
				until = min(m.Time+50*time.Millisecond, lastOutput(cast)+time.Microsecond)
				until = max(until, m.Time+time.Microsecond)
			}
			advance(min(m.Time+earlyLook, until), nil)
			t.early = snap(min(m.Time+earlyLook, until))
			advance(until, nil)
			t.idle = snap(until)
			for _, n := range notes {
				at := n.Sub(start)
				switch {
				case at >= m.Time-notifyBefore && at <= min(until, m.Time+notifyAfter):
					t.notified = true
				case busyAt >= 0 && at >= busyAt && at < m.Time-notifyBefore:
					t.noisy = true
				}
			}
			ev.turns = append(ev.turns, t)
			busyAt = -1
		}
	}
	return ev, nil
}

// isQuestion also takes the corpus's "prompt:question:N" (N choices drawn).
func isQuestion(label string) bool {
	return label == MarkQuestion || label == "prompt:"+MarkQuestion || strings.HasPrefix(label, "prompt:"+MarkQuestion+":")
}

func lastOutput(c *asciicast.Cast) time.Duration {
	for i := len(c.Events) - 1; i >= 0; i-- {
		if c.Events[i].Kind == asciicast.Output {
			return c.Events[i].Time
		}
	}
	return 0
}

func takeSample(at time.Duration, s screen.Snapshot) sample {
	lines := s.Lines()
	cur := s.Cursor()
	out := sample{at: at, title: s.Title(), col: cur.Col, rowUp: max(len(lines)-cur.Row, 0), visible: s.CursorVisible()}
	if !out.visible && out.col < ready.Generic().Cursor.MinCol {
		if d, ok := drawnBlock(s); ok {
			out.drawn = &d
		}
	}
	if len(lines) > sampleLines {
		lines = lines[len(lines)-sampleLines:]
	}
	out.lines = lines
	return out
}

// checkMarked says what a recording lacks for learning: ready and busy
// markers, a busy marker before some ready one.
func checkMarked(name string, cast *asciicast.Cast) error {
	if cast == nil {
		return fmt.Errorf("%s: no recording", name)
	}
	readies, busies, turns := 0, 0, 0
	busy := false
	for _, e := range cast.Events {
		if e.Kind != asciicast.Marker {
			continue
		}
		switch e.Data {
		case MarkBusy:
			busies++
			busy = true
		case MarkReady:
			readies++
			if busy {
				turns++
			}
			busy = false
		}
	}
	var missing []string
	if readies == 0 {
		missing = append(missing, fmt.Sprintf("no %q markers", MarkReady))
	}
	if busies == 0 {
		missing = append(missing, fmt.Sprintf("no %q markers", MarkBusy))
	}
	if len(missing) == 0 && turns == 0 {
		missing = append(missing, fmt.Sprintf("no %q marker followed by a %q marker", MarkBusy, MarkReady))
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s: cannot learn from it: %s (mark the moments the program became ready and busy: ttyrig mark FILE --at SECONDS ready|busy, Ctrl-] r / Ctrl-] b in ttyrig record, or Terminal.Marker in a test)",
			name, strings.Join(missing, ", "))
	}
	return nil
}
