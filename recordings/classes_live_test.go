package recordings_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// logLag: a fixture logs ready right after the write that completes its
// prompt, and on a loaded machine the log can trail the bytes by tens of
// milliseconds (24 ms seen on 2 cores shared by 8 jobs).
const logLag = 50 * time.Millisecond

// liveLate bounds how late a live decision may be: the silence fallback
// (2 s) plus what a machine shared by many jobs adds (2.3 s seen). The
// replays say how soon, deterministically.
const liveLate = 5 * time.Second

// liveTurns runs a fixture in a real PTY, submits each line once the engine
// says ready, and checks every ready decision against the fixture's own
// log: never before the program announced ready (the latest event of the
// log before the decision, give or take logLag, is "ready"), and within
// late of it. The bound is
// an upper bound on a loaded machine's noise, not a speed target.
func liveTurns(t *testing.T, fixture string, args []string, late time.Duration, lines ...string) {
	t.Helper()
	bin := fixtures.Build(t, fixture)
	logPath := filepath.Join(t.TempDir(), "truth.jsonl")
	term := termtest.Spawn(t, append([]string{bin}, args...),
		termtest.WithSize(100, 30), termtest.WithEnv(fixtures.LogEnv+"="+logPath), termtest.WithTimeout(20*time.Second))
	var decided []ready.Transition
	decided = append(decided, term.WaitForReady())
	for _, l := range lines {
		term.Submit(l)
		decided = append(decided, term.WaitForReady())
	}
	term.Close()
	truth, err := fixtures.ReadLog(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for i, tr := range decided {
		var last fixtures.LogEvent
		for _, ev := range truth {
			switch {
			case ev.Event != fixtures.EventReady && ev.Event != fixtures.EventBusy:
			case !ev.Time().After(tr.Time):
				last = ev
			case ev.Event == fixtures.EventReady && last.Event != fixtures.EventReady && !ev.Time().After(tr.Time.Add(logLag)):
				last = ev // logged just after the bytes it follows were drawn
			}
		}
		switch {
		case last.Event != fixtures.EventReady:
			t.Errorf("turn %d: %s decided %v while the program was %q (premature)", i, fixture, tr, last.Event)
		case tr.Time.Sub(last.Time()) > late && last.Time().Before(tr.Time):
			t.Errorf("turn %d: %s decided %v, %v after the program was ready (want at most %v)", i, fixture, tr, tr.Time.Sub(last.Time()), late)
		}
	}
}

// A REPL whose reader polls the terminal (issue 20, class 2) is ready at
// its prompt every turn and never during its silent work: the kernel sees
// it watching the terminal, not working for ever.
func TestLivePollingREPL(t *testing.T) {
	liveTurns(t, "pollrepl", []string{"-work", "500ms"}, liveLate, "select 1", "select 2")
}

// Shapes unlike the agents the engine was fitted on (issue 20): a
// full-screen widget app silent behind one status line (class 1), an agent
// on the alternate screen blank at start-up whose busy indicator is an
// animated footer bar, its cursor left in the input box (class 4), and an
// input box with a drawn cursor while the terminal's is parked at column 1
// (class 5). Every turn: never early, and within the bound (which signal
// decided, and how soon, is checked on their recordings' replays).
func TestLiveWidgetShapes(t *testing.T) {
	for _, tc := range []struct {
		shape string
		args  []string
	}{
		{"status", []string{"-work", "1s"}},
		{"bar", []string{"-blank", "3s", "-work", "1500ms"}},
		{"drawn", []string{"-work", "1s"}},
		// Not "late": its footer comes when a timer fires, and on a loaded
		// machine a starved goroutine fires it a second or more late while
		// the screen sits still (seen: 2.3 s for 600 ms). Its recording
		// (testdata/corpus/widget-late.cast) and TestKernelTimerDueHolds
		// replay it deterministically.
	} {
		t.Run(tc.shape, func(t *testing.T) {
			liveTurns(t, "widget", append([]string{"-shape", tc.shape}, tc.args...), liveLate, "say hi", "and again")
		})
	}
}
