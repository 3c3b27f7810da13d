package corpus

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/recordings"
)

// KernelTarget is issue 20's bound for a turn the kernel's view can tell:
// where a look says the program can act on nothing but input, the engine
// need not wait for a quiet screen.
const KernelTarget = 50 * time.Millisecond

// Turn is one true ready moment of a recording, the engine's answer to it,
// and what the kernel's looks said meanwhile: the audit of "fast where the
// kernel can tell" (docs/CORPUS.md, "Round 10: the quiet window where the
// kernel can tell").
type Turn struct {
	Ready   time.Duration // the truth's ready mark, from the start
	Latency time.Duration // the mark → the engine's waiting state
	Found   bool          // false: missed (Latency means nothing)
	// Told: a look from the mark until the engine's answer (the last look
	// at or before the mark included) said the program can act on nothing
	// but input: Reading (a reader blocked on the terminal, the other
	// threads idle), or Watching and Still with no Timer (an event loop
	// waiting on the terminal and its own wake-ups alone, no thread run
	// since the previous look, no timer due). Told is the first such look;
	// else Last, the last look of the window.
	Told bool
	Look kernel.View
	// Looks is how many looks the window held, the one at or before the
	// mark included.
	Looks int
	// Why says, for a turn not told, what Look showed instead: "timer due"
	// (a timeout of the program's own is pending: it may draw again by
	// itself), "running" (no thread waits on the terminal), "not still" (a
	// thread ran between two looks, or the wait set holds more than the
	// terminal and the program's own wake-ups), "never still" (no look
	// of the whole recording was still: it predates View.Still, or the
	// program never was), "wait unknown", "no look".
	Why string
}

// Tells reports whether a look says the program can act on nothing but
// input (Turn.Told).
func Tells(v kernel.View) bool {
	return v.Wait == kernel.Reading || (v.Wait == kernel.Watching && v.Still && v.Timer == "")
}

// KernelTurns replays a recording (generic profile unless opts say
// otherwise) and returns its true ready moments with the engine's latency
// and the kernel's looks between the two. Deterministic.
func KernelTurns(cast *asciicast.Cast, opts ...recordings.ReplayOption) ([]Turn, error) {
	truth := Truth(cast)
	if err := CheckTruth(truth); err != nil {
		return nil, err
	}
	type look struct {
		at time.Duration
		v  kernel.View
	}
	var looks []look
	stillSeen := false
	for _, e := range cast.Events {
		if e.Kind != asciicast.Kernel {
			continue
		}
		var v kernel.View
		if err := json.Unmarshal([]byte(e.Data), &v); err != nil {
			return nil, fmt.Errorf("kernel look at %v: %w", e.Time, err)
		}
		looks = append(looks, look{e.Time, v})
		// View.CPU came after View.Still: either one says the recorder
		// observed stillness.
		stillSeen = stillSeen || v.Still || v.CPU != ""
	}
	rep, err := recordings.Replay(cast, opts...)
	if err != nil {
		return nil, err
	}
	defer rep.Close()
	timeline := rep.Run()
	var marks []asciicast.Event
	for _, e := range truth {
		if e.Data == recordings.MarkReady || e.Data == recordings.MarkBusy {
			marks = append(marks, e)
		}
	}
	var turns []Turn
	for i, m := range marks {
		if m.Data != recordings.MarkReady {
			continue
		}
		t := Turn{Ready: m.Time}
		_, t.Latency, t.Found = decision(timeline, rep.Start(), marks, i)
		end := time.Duration(1<<62 - 1) // missed: the looks until the next busy mark
		if t.Found {
			end = m.Time + t.Latency
		} else if i+1 < len(marks) {
			end = marks[i+1].Time
		}
		// The window opens with the last look at or before the mark: a
		// recording keeps only changes, so it is what the kernel still
		// said at the mark, even from before the previous mark.
		first := 0
		for j, l := range looks {
			if l.at <= m.Time {
				first = j
			}
		}
		for _, l := range looks[min(first, len(looks)):] {
			if l.at > m.Time && l.at >= end {
				break
			}
			t.Looks++
			t.Look = l.v
			if Tells(l.v) {
				t.Told = true
				break
			}
		}
		if !t.Told {
			t.Why = whyNot(t.Look, t.Looks, stillSeen)
		}
		turns = append(turns, t)
	}
	return turns, nil
}

func whyNot(v kernel.View, looks int, stillSeen bool) string {
	switch {
	case looks == 0 || !v.Known():
		return "no look"
	case v.Timer != "":
		return "timer due"
	case v.Wait == kernel.Working:
		return "running"
	case !stillSeen:
		return "never still"
	case v.Wait == kernel.Watching:
		return "not still"
	}
	return "wait unknown"
}
