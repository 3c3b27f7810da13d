package ready_test

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/session"
)

// tapped is one recording's engine input as its replay fed it: the events
// (each with its screen), and the replay's start, end and profile.
type tapped struct {
	name       string
	events     []ready.Event
	start, end time.Time
	prof       ready.Profile
	timeline   []ready.Transition
}

// The recordings: the engine's own and the corpus's (with the kernel's
// view), and the agents' (large).
var (
	corpusCasts = []string{"testdata/*.cast", "../corpus/testdata/*.cast"}
	agentCasts  = []string{"../recordings/agents/*.cast", "../recordings/agents/*/*.cast"}
)

// tapCorpus replays the recordings matching patterns once, keeping what
// each fed its engine.
func tapCorpus(tb testing.TB, patterns ...string) []tapped {
	tb.Helper()
	var files []string
	for _, pat := range patterns {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	return tapFiles(tb, files)
}

// tapFiles is tapCorpus for the recordings at files.
func tapFiles(tb testing.TB, files []string) []tapped {
	tb.Helper()
	var out []tapped
	for _, f := range files {
		c, err := asciicast.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var evs []ready.Event
		rep, err := recordings.Replay(c, recordings.WithTap(func(ev ready.Event) { evs = append(evs, ev) }))
		if err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		trs := rep.Run()
		out = append(out, tapped{name: f, events: evs, start: rep.Start(), end: rep.Start().Add(rep.End()), prof: rep.Profile(), timeline: trs})
		_ = rep.Close()
	}
	return out
}

// feed runs a fresh engine over what a replay fed its own, ticking it at
// its deadlines as the replay does (recordings.Replayer.step), and returns
// its timeline.
func feed(tb testing.TB, r tapped, opts ...ready.Option) []ready.Transition {
	return feedWatched(tb, r, nil, opts...)
}

// feedWatched is feed calling watch after every event and tick with the
// engine and what it was just fed (nil for a tick at now).
func feedWatched(tb testing.TB, r tapped, watch func(e *ready.Engine, ev *ready.Event, now time.Time), opts ...ready.Option) []ready.Transition {
	e, err := ready.NewEngine(r.prof, append([]ready.Option{ready.StuckAfter(session.DefaultStuckAfter), ready.StartAt(r.start)}, opts...)...)
	if err != nil {
		tb.Fatal(err)
	}
	now, stall, i := r.start, time.Time{}, 0
	for {
		dl, haveDl := e.Deadline()
		switch {
		case !haveDl:
		case !stall.IsZero() && !dl.After(stall):
			dl = stall.Add(time.Millisecond)
		case dl.Before(now):
			dl = now
		}
		switch {
		case haveDl && !dl.After(r.end) && (i == len(r.events) || !dl.After(r.events[i].Time)):
			now = dl
			trs := e.Tick(dl)
			stall = time.Time{}
			if again, ok := e.Deadline(); ok && !again.After(dl) && len(trs) == 0 {
				stall = dl
			}
			if watch != nil {
				watch(e, nil, now)
			}
		case i < len(r.events):
			if r.events[i].Time.After(now) {
				now = r.events[i].Time
			}
			e.Observe(r.events[i])
			if watch != nil {
				watch(e, &r.events[i], now)
			}
			i++
			stall = time.Time{}
		default:
			return e.Timeline()
		}
	}
}

// The engine fed alone what a replay fed it decides as the replay did:
// what BenchmarkEngineCorpus times is the engine's share of a replay.
// (The corpus only: the agents' recordings took 45 s under -race.)
func TestEngineAloneDecidesAsReplay(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	if testing.Short() {
		t.Skip("replays the corpus")
	}
	rs := tapCorpus(t, corpusCasts...)
	if len(rs) < 20 {
		t.Fatalf("found %d recordings, want the corpus (20 or more)", len(rs))
	}
	for _, r := range rs {
		if got := feed(t, r); !slices.EqualFunc(got, r.timeline, func(a, b ready.Transition) bool {
			return a.Time.Equal(b.Time) && a.State == b.State && a.By == b.By && a.Reason == b.Reason
		}) {
			t.Errorf("%s: the engine alone made %d transitions, the replay %d", r.name, len(got), len(r.timeline))
		}
	}
}

// BenchmarkEngineCorpus times the engine alone over every recording of the
// corpus and the agents: the events their replays fed it, screens made
// beforehand, ticked at its deadlines. Beside BenchmarkReplayCorpus
// (recordings), it is the engine's share of a replay.
//
//	go test -run '^$' -bench EngineCorpus ./ready
func BenchmarkEngineCorpus(b *testing.B) {
	rs := tapCorpus(b, append(corpusCasts, agentCasts...)...)
	events := 0
	for _, r := range rs {
		events += len(r.events)
	}
	b.ResetTimer()
	for range b.N {
		for _, r := range rs {
			feed(b, r)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(events), "ns/event")
}
