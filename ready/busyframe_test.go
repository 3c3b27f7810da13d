package ready_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
)

// Codex's busy line keeps its glyph ("• Working (0s • esc to interrupt)")
// and draws on the alternate screen, where the busy-animation signal leaves
// repaints to the animation signal: under the generic profile its first
// second, before the timer ticks, is held by the profile's busy markers
// ("interrupt hint", "elapsed timer", and the braille spinner in the
// title), each one enough. Without all three the engine says ready in it
// (codex-approval: at 1.336, 1.501 and 1.937 s, the line drawn at 1.186 s),
// and these recordings carry no ground truth to catch it.
func TestCodexWorkingBusyFromItsFirstFrame(t *testing.T) {
	for _, file := range []string{"codex-approval.cast", "codex-notify.cast", "codex-two-turns.cast"} {
		t.Run(strings.TrimSuffix(file, ".cast"), func(t *testing.T) {
			cast, err := asciicast.ReadFile(filepath.Join("..", "recordings", "agents", file))
			if err != nil {
				t.Fatal(err)
			}
			first := firstShown(t, cast, "• Working (0s")
			if first < 0 {
				t.Fatalf("%s never shows Codex's busy line", file)
			}
			rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			for _, tr := range rep.Run() {
				if at := tr.Time.Sub(rep.Start()); tr.State.Waiting() && at >= first && at < first+time.Second {
					t.Errorf("%s at %v (%s), within the second after the busy line's first frame at %v", tr.State, at, tr.Reason, first)
				}
			}
		})
	}
}

// firstShown returns when a recording's screen first shows text, or -1.
func firstShown(t *testing.T, cast *asciicast.Cast, text string) time.Duration {
	t.Helper()
	s := screen.New(cast.Header.Width, cast.Header.Height)
	defer s.Close()
	for _, ev := range cast.Events {
		switch ev.Kind {
		case asciicast.Resize:
			s.Resize(ev.Cols, ev.Rows)
		case asciicast.Output:
			s.WriteAt(time.Time{}.Add(ev.Time), []byte(ev.Data))
			if strings.Contains(s.Snapshot().Text(), text) {
				return ev.Time
			}
		}
	}
	return -1
}
