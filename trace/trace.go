// Package trace turns a recording into a trace page: one self-contained
// HTML file (no network, no CDN) that shows what happened in a terminal
// session. A timeline of output, input, resizes, markers and every
// readiness decision with its signal and reason can be scrubbed; the screen
// is shown as it was at any moment, with the rows that just changed
// marked; each decision can be jumped to.
//
//	err := trace.WriteFile("failure.html", cast)
//
// The page holds screens the replay computed, not a second emulator: the
// screen after each recorded event (recordings.Replayer.At at the event's
// time) and the screen at each decision (recordings.Replayer.Transitions),
// as rows of package picture's HTML, each distinct row stored once. So the
// screen shown at a decision is the replay's screen at that decision.
//
// A page opens at a moment named in its URL's fragment: #t=1.5 (seconds
// into the recording) or #d=3 (the third decision); without one, at the
// recording's last event, where a failure report's reader starts.
package trace

import (
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/internal/private"
	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
)

// Option configures a trace page.
type Option func(*config)

type config struct {
	title   string
	replay  []recordings.ReplayOption
	preview int
}

// WithTitle sets the page's title (default: the recording's title or
// command).
func WithTitle(s string) Option { return func(c *config) { c.title = s } }

// WithReplayOptions replays with these options (recordings.WithRuntime to
// decide with another profile, for one).
func WithReplayOptions(opts ...recordings.ReplayOption) Option {
	return func(c *config) { c.replay = append(c.replay, opts...) }
}

// data is what the page's script reads. Times are microseconds from the
// recording's start.
type data struct {
	Title       string       `json:"title"`
	Command     string       `json:"command"`
	Profile     string       `json:"profile"`
	End         int64        `json:"end"`  // where the page's timeline ends: the last event or decision, and a little more
	Last        int64        `json:"last"` // the last event
	Rows        []string     `json:"rows"` // distinct rows, as picture.RowHTML draws them
	Frames      []frame      `json:"frames"`
	Events      []event      `json:"events"`
	Transitions []transition `json:"transitions"`
}

// frame is a screen: its rows as indices into data.Rows, and its cursor.
type frame struct {
	T       int64  `json:"t"`
	Cols    int    `json:"cols"`
	Rows    []int  `json:"rows"`
	Cursor  string `json:"cursor"`            // picture.CursorHTML
	Changed []int  `json:"changed,omitempty"` // 1-based rows that differ from the screen just before
	Title   string `json:"title,omitempty"`
}

type event struct {
	T    int64  `json:"t"`
	Kind string `json:"kind"` // output, input, resize, marker, exit
	Text string `json:"text"` // a preview: quoted bytes, a size, a label
	N    int    `json:"n,omitempty"`
}

type transition struct {
	T      int64  `json:"t"`
	State  string `json:"state"`
	Signal string `json:"signal"`
	Reason string `json:"reason"`
	Cursor string `json:"cursor"`
	Prompt string `json:"prompt,omitempty"`
	Frame  frame  `json:"frame"`
}

// build replays cast and collects what the page shows.
func build(cast *asciicast.Cast, c config) (*data, error) {
	at, err := recordings.Replay(cast, c.replay...)
	if err != nil {
		return nil, err
	}
	defer at.Close()
	steps, err := recordings.Replay(cast, c.replay...)
	if err != nil {
		return nil, err
	}
	defer steps.Close()

	d := &data{
		Title:   c.title,
		Command: cast.Header.Command,
		Profile: at.Profile().Name,
		End:     micros(at.End()),
		Last:    micros(cast.Duration()),
	}
	if d.Title == "" {
		d.Title = cast.Header.Title
	}
	if d.Title == "" {
		d.Title = cast.Header.Command
	}
	rows := rowTable{ids: map[string]int{}}

	// The screen after each event: replaying to an event's time applies
	// every event up to it, and nothing else changes the screen before the
	// next event except the end of a synchronized update held too long.
	var prev *frame
	add := func(t time.Duration, snap screen.Snapshot) {
		f := rows.frame(micros(t), snap, prev)
		if prev != nil && sameFrame(*prev, f) {
			return
		}
		d.Frames = append(d.Frames, f)
		prev = &d.Frames[len(d.Frames)-1]
	}
	add(0, at.At(0))
	for i, e := range cast.Events {
		d.Events = append(d.Events, describeEvent(e, c.preview))
		if i+1 < len(cast.Events) && cast.Events[i+1].Time == e.Time {
			continue // the screen after the last event at this time
		}
		snap := at.At(e.Time)
		add(e.Time, snap)
		if snap.SyncOpen() {
			probe := e.Time + time.Second
			if i+1 >= len(cast.Events) || probe < cast.Events[i+1].Time {
				add(probe, at.At(probe))
			}
		}
	}
	add(at.End(), at.At(at.End()))

	for tr, snap := range steps.Transitions() {
		t := tr.Time.Sub(steps.Start())
		before := frameBefore(d.Frames, micros(t))
		d.Transitions = append(d.Transitions, transition{
			T:      micros(t),
			State:  string(tr.State),
			Signal: string(tr.Signal),
			Reason: tr.Reason,
			Cursor: tr.Cursor.String(),
			Prompt: promptText(tr),
			Frame:  rows.frame(micros(t), snap, before),
		})
	}
	d.Rows = rows.list
	// The replay runs on for a tail after the last event, for decisions
	// that need quiet time; the timeline ends soon after the last thing
	// that happened rather than showing the tail's empty seconds.
	last := d.Last
	if n := len(d.Transitions); n > 0 {
		last = max(last, d.Transitions[n-1].T)
	}
	d.End = min(d.End, last+max(last/20, 200_000))
	return d, nil
}

// rowTable stores each distinct row once.
type rowTable struct {
	ids     map[string]int
	list    []string
	last    screen.Snapshot // the screen frame drew last, and its rows' ids
	lastIDs []int
}

func (rt *rowTable) id(html string) int {
	if id, ok := rt.ids[html]; ok {
		return id
	}
	rt.ids[html] = len(rt.list)
	rt.list = append(rt.list, html)
	return len(rt.list) - 1
}

// frame draws snap; rows that differ from prev's are listed as changed.
// A row the screen did not touch since the last frame drawn is not drawn
// again (Snapshot.SameRow is mostly a pointer comparison).
func (rt *rowTable) frame(t int64, snap screen.Snapshot, prev *frame) frame {
	cols, n := snap.Size()
	f := frame{T: t, Cols: cols, Rows: make([]int, n), Cursor: picture.CursorHTML(snap), Title: snap.Title()}
	last, lastIDs := rt.last, rt.lastIDs
	reuse := lastIDs != nil && len(lastIDs) == n
	if reuse {
		lc, _ := last.Size()
		reuse = lc == cols
	}
	for r := 1; r <= n; r++ {
		if reuse && snap.SameRow(last, r) {
			f.Rows[r-1] = lastIDs[r-1]
		} else {
			f.Rows[r-1] = rt.id(picture.RowHTML(snap, r))
		}
		if prev == nil || len(prev.Rows) != n || prev.Cols != cols || prev.Rows[r-1] != f.Rows[r-1] {
			if prev != nil {
				f.Changed = append(f.Changed, r)
			}
		}
	}
	rt.last, rt.lastIDs = snap, f.Rows
	return f
}

func sameFrame(a, b frame) bool {
	if a.Cols != b.Cols || a.Cursor != b.Cursor || a.Title != b.Title || len(a.Rows) != len(b.Rows) {
		return false
	}
	for i := range a.Rows {
		if a.Rows[i] != b.Rows[i] {
			return false
		}
	}
	return true
}

// frameBefore returns the last frame strictly before t (the screen a
// decision at t changed from), or nil.
func frameBefore(fs []frame, t int64) *frame {
	var p *frame
	for i := range fs {
		if fs[i].T >= t {
			break
		}
		p = &fs[i]
	}
	return p
}

func promptText(tr ready.Transition) string {
	if tr.Prompt == nil {
		return ""
	}
	return tr.Prompt.String()
}

// previewBytes is how much of an event's data the page quotes.
const previewBytes = 160

func describeEvent(e asciicast.Event, limit int) event {
	if limit <= 0 {
		limit = previewBytes
	}
	ev := event{T: micros(e.Time)}
	switch e.Kind {
	case asciicast.Output:
		ev.Kind, ev.Text, ev.N = "output", quote(e.Data, limit), len(e.Data)
	case asciicast.Input:
		ev.Kind, ev.Text, ev.N = "input", quote(e.Data, limit), len(e.Data)
	case asciicast.Resize:
		ev.Kind, ev.Text = "resize", fmt.Sprintf("%dx%d", e.Cols, e.Rows)
	case asciicast.Marker:
		ev.Kind, ev.Text = "marker", e.Data
	case asciicast.Exit:
		ev.Kind, ev.Text = "exit", "status "+strconv.Itoa(e.Code)
	default:
		ev.Kind, ev.Text = e.Kind.String(), quote(e.Data, limit)
	}
	return ev
}

// quote shows data as a Go string literal, escape sequences visible, cut
// to about limit bytes on a character boundary.
func quote(s string, limit int) string {
	if len(s) <= limit {
		return strconv.Quote(s)
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf(" … (%d bytes)", len(s))
}

func micros(d time.Duration) int64 { return d.Microseconds() }

// WriteFile writes the trace page of cast to path, readable by its owner
// only (the page shows every screen and lists what was typed), also over
// an older file of another mode. A write that fails (a full disk) leaves
// no file behind, and its error names the path.
func WriteFile(path string, cast *asciicast.Cast, opts ...Option) error {
	page, err := Page(cast, opts...)
	if err != nil {
		return err
	}
	return private.WriteFile(path, page)
}
