package agents_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// Gemini CLI, its folder trusted, restarts: the relaunched process draws
// its input box, the hidden cursor in it, below the trust dialog, which
// stays on the main screen (testdata/gemini-trust-restart.cast, a live
// TestTrustFolderQuestion that failed: the recording ends 0.7 s after, the
// banner that ends start-up not yet drawn). The dialog is history: from
// the new input box on, the engine must not call it a question. Before
// question_history.go it said "select question on screen" at 12.2 s.
func TestTrustDialogLeftAboveRestart(t *testing.T) {
	// The dialog was still at 7.297 s; the relaunched process drew its
	// input box at 11.648 s.
	waitsOnlyBefore(t, "gemini-trust-restart.cast", "gemini", 11648*time.Millisecond, ready.Question)
}

// opencode, sent "say hi", redrew its screen three times 3 s apart (the
// prompt typed, the Enter, its user's message drawn) and then drew nothing
// for 3 s before its busy bar, its kernel view an event loop waiting on the
// terminal with timers throughout (testdata/opencode-not-monitor.cast, a
// live TestOthersTwoTurns). The engine called it a monitor waiting for
// keys 4.5 s after the Enter, and with no monitor the silence fallback
// would have said ready 2 s after the message. Scored against the
// recording's truth (busy at the Enter, ready at the model's last byte with
// the answer drawn): 0 premature, 0 missed.
func TestMessageDrawnThenSilentIsNotReady(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "opencode-not-monitor.cast"))
	if err != nil {
		t.Fatal(err)
	}
	scores, err := corpus.ReplayScores(cast, recordings.WithRuntime(agents.GenericProfile))
	if err != nil {
		t.Fatal(err)
	}
	e := scores[0]
	if e.Turns != 3 || e.Premature != 0 || e.Missed != 0 {
		t.Errorf("%d turns, %d premature, %d missed; want 3, 0, 0", e.Turns, e.Premature, e.Missed)
	}
}

// Gemini CLI, sent "say hi", emptied its input box, put its placeholder and
// its "? for shortcuts" hint back, and drew nothing else for 0.6 s while
// its kernel view said work; then its spinner (testdata/gemini-taken-hint.cast,
// a live TestNotificationsOff that failed: the answer never came before
// the test ended). The engine said ready 0.47 s after the Enter: the line
// taken was not seen as taken, as a row besides the input line changed,
// and the kernel's hold on an event loop's work ended at 400 ms. From the
// Enter on it must not say the agent waits.
func TestLineTakenWithHintIsNotReady(t *testing.T) {
	waitsOnlyBefore(t, "gemini-taken-hint.cast", "gemini", 8640*time.Millisecond, ready.Ready)
}

// Claude Code, its folder trusted with Enter, set its title and drew
// nothing else for 0.8 s under load before it redrew
// (testdata/claude-trust-left-drawn.cast, a live TestTrustFolderQuestion
// that failed): the engine called the dialog left drawn the question again
// 0.75 s after the answer. From the Enter on it must not say it waits.
func TestAnsweredTrustLeftDrawnIsNotAsked(t *testing.T) {
	waitsOnlyBefore(t, "claude-trust-left-drawn.cast", "claude", 3114*time.Millisecond, ready.Question)
}

// waitsOnlyBefore replays testdata/file with the runtime's profile: the
// engine must reach state before input (the moment the program was
// answered or moved on) and say it waits at no time from then on.
func waitsOnlyBefore(t *testing.T, file, runtime string, input time.Duration, state ready.State) {
	t.Helper()
	cast, err := asciicast.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime(runtime))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var before bool
	for _, tr := range rep.Run() {
		at := tr.Time.Sub(rep.Start())
		switch {
		case at < input && tr.State == state:
			before = true
		case at >= input && tr.State.Waiting():
			t.Errorf("%s: %v: %s (%s by %s) after %v, where the program works", file, at, tr.State, tr.Reason, tr.By, input)
		}
	}
	if !before {
		t.Errorf("%s: never %s before %v", file, state, input)
	}
}
