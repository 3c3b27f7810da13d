package ready_test

import (
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// Claude Code and Gemini CLI, live with their built-in profiles (the
// notify signal on), say each turn is over (a bell, OSC 777) and then
// render and write their history for 100-200 ms at one to four cores
// (kernel.View.CPU in the recordings, made by agents' TestTwoTurns). The
// agent's own word outranks what its CPU time suggests: each turn is ready
// once the screen has been still tune.NotifySettle after the notification.
// Held by the cpu signal instead, they were ready 150-190 ms after it.
func TestNotifiedTurnIsNotHeldForBurning(t *testing.T) {
	notified := regexp.MustCompile(`notified (\d+)ms ago`)
	for _, tc := range []struct{ cast, runtime string }{
		{"claude-bell-burning.cast", "claude"},
		{"gemini-notify-burning.cast", "gemini"},
	} {
		t.Run(tc.runtime, func(t *testing.T) {
			cast, err := asciicast.ReadFile(filepath.Join("testdata", tc.cast))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := recordings.Replay(cast, recordings.WithRuntime(tc.runtime))
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			turns := 0
			for _, tr := range rep.Run() {
				m := notified.FindStringSubmatch(tr.Reason)
				if tr.State != ready.Ready || m == nil {
					continue
				}
				turns++
				ms, _ := strconv.Atoi(m[1])
				since := time.Duration(ms) * time.Millisecond
				at := tr.Time.Sub(rep.Start())
				if since > 80*time.Millisecond {
					t.Errorf("ready at %v, %v after the agent's notification, want within 80ms: %s", at, since, tr.Reason)
				}
				if peak := burnedAfter(t, cast, at-since, 100*time.Millisecond); peak < 0.5 {
					t.Logf("turn at %v: the group used at most %.0f%% of a core after the notification", at, 100*peak)
				} else {
					t.Logf("turn at %v: ready %v after the notification while the group burned up to %.0f%% of a core", at, since, 100*peak)
				}
			}
			if turns < 2 {
				t.Fatalf("%d turns decided on the agent's notification, want 2", turns)
			}
		})
	}
	// The recordings show the case: the group burns at least half a core
	// right after some notification (else the test proves nothing).
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "claude-bell-burning.cast"))
	if err != nil {
		t.Fatal(err)
	}
	if peak := burnedAfter(t, cast, 0, time.Hour); peak < 1 {
		t.Errorf("claude-bell-burning.cast burns at most %.0f%% of a core: not the case this test is for", 100*peak)
	}
}

// burnedAfter returns the largest CPU share the recording's kernel looks
// report within span after from.
func burnedAfter(t *testing.T, cast *asciicast.Cast, from, span time.Duration) float64 {
	t.Helper()
	peak := 0.0
	for _, e := range cast.Events {
		if e.Kind != asciicast.Kernel || e.Time < from || e.Time > from+span {
			continue
		}
		v, err := kernel.ParseView(e.Data)
		if err != nil {
			t.Fatalf("line %d: %v", e.Line, err)
		}
		if s, ok := v.CPUShare(); ok && s > peak {
			peak = s
		}
	}
	return peak
}
