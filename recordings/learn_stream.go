package recordings

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/session"
)

// stream is what a replay's engine was given, event by event: the screens
// the recording draws are the same whatever profile decides on them, and
// drawing them (the terminal emulator) is most of a replay's work. The
// learner replays each recording once to collect its evidence, keeps its
// stream, and scores every profile it tries on that recording by running
// an engine alone over it, on the virtual clock as Replayer does: the
// same timeline as a replay, for a fraction of its cost.
type stream struct {
	cast       *asciicast.Cast
	start, end time.Time
	// events holds, per event of the recording, what the engine was
	// given when it was applied; nil for an event that gave it nothing (a
	// marker, an exit after the first).
	events []*ready.Event
}

// replayKeeping is Replay with the engine's input kept as a stream, each
// event also given to tap when not nil; opts must not set a tap, a StopAt
// or a tail.
func replayKeeping(cast *asciicast.Cast, tap func(ready.Event), opts ...ReplayOption) (*Replayer, *stream, error) {
	st := &stream{cast: cast, events: make([]*ready.Event, len(cast.Events))}
	var rep *Replayer
	opts = append(opts, WithTap(func(ev ready.Event) {
		// Called as the event at rep.next is applied, under rep.mu.
		st.events[rep.next] = &ev
		if tap != nil {
			tap(ev)
		}
	}))
	rep, err := Replay(cast, opts...)
	if err != nil {
		return nil, nil, err
	}
	st.start, st.end = rep.start, rep.end
	return rep, st, nil
}

// run decides on the stream with p and returns the timeline, as a replay
// with p (Replayer.Run, Replayer.step and session.Session's tick) would.
func (st *stream) run(p ready.Profile) ([]ready.Transition, error) {
	eng, err := ready.NewEngine(p, ready.StuckAfter(session.DefaultStuckAfter), ready.StartAt(st.start))
	if err != nil {
		return nil, err
	}
	now, next := st.start, 0
	var stall, seen, ticked time.Time
	for {
		var evAt time.Time
		haveEv := next < len(st.events)
		if haveEv {
			evAt = st.evAt(next)
		}
		dl, haveDl := eng.Deadline()
		switch {
		case !haveDl:
		case !stall.IsZero() && !dl.After(stall):
			dl = stall.Add(time.Millisecond)
		case dl.Before(now):
			dl = now
		}
		switch {
		case haveDl && !dl.After(st.end) && (!haveEv || !dl.After(evAt)):
			now = dl
			t := dl
			// session.Session.tick: once per deadline.
			if kept, ok := eng.Deadline(); ok && kept.Before(t) && !kept.Before(seen) && kept.After(ticked) {
				t = kept
			}
			ticked = t
			trs := eng.Tick(t)
			stall = time.Time{}
			if again, ok := eng.Deadline(); ok && !again.After(dl) && len(trs) == 0 {
				stall = dl
			}
		case haveEv && !evAt.After(st.end):
			if evAt.After(now) {
				now = evAt
			}
			if ev := st.events[next]; ev != nil {
				if ev.Time.After(seen) {
					seen = ev.Time
				}
				eng.Observe(*ev)
			}
			next++
			stall = time.Time{}
		default:
			return eng.Timeline(), nil
		}
	}
}

// evAt is when event i is due, as Replayer.step reads it.
func (st *stream) evAt(i int) time.Time { return st.start.Add(st.cast.Events[i].Time) }

// score is ScoreProfile on the stream.
func (st *stream) score(m Marked, p ready.Profile) (Score, error) {
	tl, err := st.run(p)
	if err != nil {
		return Score{}, fmt.Errorf("%s: %w", m.Name, err)
	}
	return judgeScore(m, p, tl, st.start), nil
}
