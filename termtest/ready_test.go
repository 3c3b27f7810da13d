package termtest_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// Live readiness tests: every trap fixture in a real PTY. Each fixture logs
// when it truly becomes ready (or busy) to a side file the engine never
// reads; these tests check that no ready state came before the truth and
// log how late WaitForReady returned.

// logLag forgives a ready decision this much before the fixture's log line:
// the fixture logs right after the write that completes its prompt, and the
// engine may read that write first (by much more than a scheduler's time
// slice when tests run in parallel under -race). The engine's own quiet
// windows are longer, so a truly early heuristic still shows.
const logLag = 50 * time.Millisecond

type fixtureTerm struct {
	*termtest.Term
	t   *testing.T
	log string
}

func spawnFixture(t *testing.T, name string, args []string, opts ...termtest.Option) *fixtureTerm {
	t.Helper()
	bin := fixtures.Build(t, name)
	log := filepath.Join(t.TempDir(), "truth.jsonl")
	opts = append([]termtest.Option{termtest.WithEnv(fixtures.LogEnv + "=" + log)}, opts...)
	return &fixtureTerm{Term: termtest.Spawn(t, append([]string{bin}, args...), opts...), t: t, log: log}
}

func (f *fixtureTerm) truth() []fixtures.LogEvent {
	f.t.Helper()
	evs, err := fixtures.ReadLog(f.log)
	if err != nil {
		f.t.Fatal(err)
	}
	return evs
}

// truthAt returns the fixture's own state at t: the last start, busy, ready
// or exit event at or before it; or a ready event within logLag after t.
func truthAt(evs []fixtures.LogEvent, t time.Time) (fixtures.LogEvent, bool) {
	var last fixtures.LogEvent
	found := false
	for _, e := range evs {
		switch e.Event {
		case fixtures.EventStart, fixtures.EventBusy, fixtures.EventReady, fixtures.EventExit:
			if !e.Time().After(t) {
				last, found = e, true
			} else if e.Event == fixtures.EventReady && !e.Time().After(t.Add(logLag)) && last.Event != fixtures.EventReady {
				return e, true
			}
		}
	}
	return last, found
}

// waitReady waits for readiness, fails if the fixture was not truly ready
// then, checks the whole timeline for premature ready states, and returns
// the transition and how long after the true ready WaitForReady returned.
func (f *fixtureTerm) waitReady() (ready.Transition, time.Duration) {
	f.t.Helper()
	tr := f.WaitForReady()
	returned := time.Now()
	time.Sleep(logLag) // the fixture may not have written its log line yet
	evs := f.truth()
	gt, ok := truthAt(evs, returned)
	if !ok || gt.Event != fixtures.EventReady {
		f.t.Fatalf("WaitForReady returned %v while the fixture was %q\n%s\nground truth:\n%s", tr, gt.Event, f.Describe(), logText(evs))
	}
	f.checkTimeline(time.Time{})
	return tr, returned.Sub(gt.Time())
}

// checkTimeline fails for every Ready or Question transition the engine
// made since since while the fixture was not ready.
func (f *fixtureTerm) checkTimeline(since time.Time) {
	f.t.Helper()
	evs := f.truth()
	for _, tr := range f.Timeline() {
		if !tr.State.Waiting() || tr.Time.Before(since) {
			continue
		}
		if gt, ok := truthAt(evs, tr.Time); !ok || gt.Event != fixtures.EventReady {
			f.t.Errorf("premature %s at %s while the fixture was %q\n%s\nground truth:\n%s", tr.State, tr.Time.Format("15:04:05.000"), gt.Event, f.Describe(), logText(evs))
		}
	}
}

func logText(evs []fixtures.LogEvent) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "  %s %-7s %s %q\n", e.Time().Format("15:04:05.000"), e.Event, e.Prompt, e.Text)
	}
	return b.String()
}

func TestReadyAgentSpinnerInInputBox(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "agent", []string{"-work", "2s", "-footer-redraw", "2.7s"})
	_, lat := f.waitReady()
	t.Logf("start: ready %v after the box was drawn", lat)
	prompts := []string{"hello", "second turn"}
	lats := make([]time.Duration, len(prompts))
	for i, prompt := range prompts {
		f.Submit(prompt)
		tr, lat := f.waitReady()
		if !strings.Contains(f.Snapshot().Text(), "● "+prompt) {
			t.Errorf("WaitForReady returned before the answer was on screen:\n%s", f.Snapshot())
		}
		t.Logf("%q: ready %v after the turn ended (%s)", prompt, lat, tr.Reason)
		lats[i] = lat
	}
	// The engine calls a repainting screen still after 1.5 times the
	// longest gap between its frames; the spinner's gaps are at most 450 ms
	// as the fixture draws them, but a fixture starved of CPU on a loaded
	// machine drew them up to 622 ms apart, and the engine's timer and the
	// wait fired late. The bound is the engine's rule on the longest gap
	// the program really left (read from the recording), plus the margin a
	// wait is allowed on a loaded machine (waitMargin): it was 2x 450 ms,
	// and failed at load 12-24 with the engine deciding as it should.
	f.Close()
	gaps := turnGaps(t, f.Terminal, f.truth())
	for i, lat := range lats {
		if i >= len(gaps) {
			t.Fatalf("the recording holds %d turns, want %d", len(gaps), len(lats))
		}
		t.Logf("turn %d: the spinner's longest gap %v", i+1, gaps[i].Round(time.Millisecond))
		gap := max(450*time.Millisecond, gaps[i])
		if bound := gap*3/2 + waitMargin; lat > bound {
			t.Errorf("turn %d: ready %v after the turn ended; want at most 1.5x the longest spinner gap (%v) + %v", i+1, lat, gap.Round(time.Millisecond), waitMargin)
		}
	}
}

// turnGaps returns, for each turn of a fixture's session (from its busy
// to its next ready event in evs), the longest time between two outputs
// the recording of term holds.
func turnGaps(t *testing.T, term *termtest.Terminal, evs []fixtures.LogEvent) []time.Duration {
	t.Helper()
	file, err := os.Open(term.RecordingPath())
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	c, err := asciicast.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	var gaps []time.Duration
	var busy time.Time
	for _, e := range evs {
		switch {
		case e.Event == fixtures.EventBusy:
			busy = e.Time()
		case e.Event == fixtures.EventReady && !busy.IsZero():
			var longest time.Duration
			var last time.Time
			for _, ev := range c.Events {
				at := term.Started().Add(ev.Time)
				if ev.Kind != asciicast.Output || at.Before(busy) || at.After(e.Time().Add(logLag)) {
					continue
				}
				if !last.IsZero() {
					longest = max(longest, at.Sub(last))
				}
				last = at
			}
			gaps = append(gaps, longest)
			busy = time.Time{}
		}
	}
	return gaps
}

func TestReadyAgentWithClaudeProfile(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "agent", []string{"-work", "1500ms"}, termtest.WithRuntime("claude"))
	f.waitReady()
	f.Submit("hello")
	tr, lat := f.waitReady()
	t.Logf("ready %v after the turn ended (%s)", lat, tr.Reason)
	if f.Profile().Name != "claude" {
		t.Errorf("profile %q", f.Profile().Name)
	}
}

func TestReadyCarriageReturnSpinner(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "spinner", []string{"-busy", "1500ms"})
	tr, lat := f.waitReady()
	t.Logf("ready %v after the prompt (%s)", lat, tr.Reason)
	if got := f.Snapshot().Line(-1); got != "$ " {
		t.Errorf("last line %q, want the prompt", got)
	}
	f.Submit("build")
	_, lat = f.waitReady()
	t.Logf("after a command: ready %v after the prompt", lat)
}

func TestReadySlowPrompt(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "slowprompt", []string{"-gap", "300ms", "-work", "200ms"})
	_, lat := f.waitReady()
	t.Logf("ready %v after the second half of the prompt", lat)
	if got := f.Snapshot().Line(-1); !strings.HasSuffix(got, "(main) $ ") {
		t.Errorf("last line %q, want the whole prompt", got)
	}
	f.Submit("hi")
	_, lat = f.waitReady()
	t.Logf("after a command: ready %v after the prompt", lat)
	if !strings.Contains(f.Snapshot().Text(), "ok: hi") {
		t.Errorf("answer missing:\n%s", f.Snapshot())
	}
}

func TestReadyFullScreen(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "fullscreen", []string{"-key-work", "400ms", "-tick", "250ms"})
	_, lat := f.waitReady()
	t.Logf("ready %v after the first frame", lat)
	f.Press(termtest.Rune('j'))
	_, lat = f.waitReady()
	t.Logf("after a key with 400ms of work: ready %v after the redraw", lat)
	if got := f.Snapshot().Line(-1); !strings.Contains(got, "item 2/20") {
		t.Errorf("status line %q, want item 2/20", got)
	}
}

func TestReadyChevronSelect(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "chevron", nil)
	tr, lat := f.waitReady()
	t.Logf("question %v after it was drawn", lat)
	want := &ready.Prompt{Kind: "chevron", Text: "Pick a color", Options: []string{"red", "green", "blue"}, Default: 0}
	if tr.State != ready.Question || tr.Prompt.String() != want.String() {
		t.Fatalf("WaitForReady = %v, want question %v", tr, want)
	}
	f.Press(termtest.KeyDown)
	tr, _ = f.waitReady()
	if tr.Prompt == nil || tr.Prompt.Default != 1 {
		t.Errorf("after Down: %v, want green highlighted", tr)
	}
	f.Submit("")
	if code := f.WaitExit(); code != 0 || !strings.Contains(f.Snapshot().Text(), "answer: green") {
		t.Errorf("exit %d, screen:\n%s", code, f.Snapshot())
	}
}

func TestReadyPermissionDialog(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "permission", []string{"-delay", "800ms"})
	tr, lat := f.waitReady()
	t.Logf("question %v after the dialog was drawn", lat)
	if tr.State != ready.Question || tr.Prompt.Kind != "permission" || tr.Prompt.Text != "Do you want to proceed?" ||
		len(tr.Prompt.Options) != 3 || tr.Prompt.Options[0] != "Yes" || tr.Prompt.Default != 0 {
		t.Fatalf("WaitForReady = %v, want the permission question with 3 options", tr)
	}
	f.Type("1")
	if code := f.WaitExit(); code != 0 || !strings.Contains(f.Snapshot().Text(), "answer: 1") {
		t.Errorf("exit %d, screen:\n%s", code, f.Snapshot())
	}
}

func TestReadyCursorPositionQuery(t *testing.T) {
	t.Parallel()
	for _, split := range []bool{false, true} {
		f := spawnFixture(t, "cpr", []string{fmt.Sprintf("-split=%v", split), "-want", "1;8"})
		_, lat := f.waitReady()
		t.Logf("split=%v: ready %v after the prompt", split, lat)
		if !strings.Contains(f.Snapshot().Text(), "cursor at row 1 col 8") {
			t.Errorf("screen:\n%s", f.Snapshot())
		}
		f.Submit("x")
		f.waitReady()
	}
}

func TestReadyOSC133(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "osc133", []string{"-slow", "300ms"})
	// Which signal decides (the protocol's mark) is checked on the
	// replay of this fixture's recording (recordings/testdata/golden/
	// osc133.events.jsonl); live, waitReady checks the order against the
	// fixture's own log.
	tr, lat := f.waitReady()
	t.Logf("ready %v after mark B (%s by %s)", lat, tr.Reason, tr.Signal)
	f.Submit("sleep 0.5")
	tr, lat = f.waitReady()
	t.Logf("after sleep 0.5: ready %v after mark B (by %s)", lat, tr.Signal)
}

func TestReadyLinePrompts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		kind ready.PromptKind
		send string
	}{
		{"yesno", []string{"-delay", "400ms"}, "yesno", "y"},
		{"password", nil, "password", "secret"},
		{"pause", []string{"-work", "300ms"}, "press-enter", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := spawnFixture(t, tc.name, tc.args)
			tr, lat := f.waitReady()
			t.Logf("question %v after it was drawn", lat)
			if tr.State != ready.Question || tr.Prompt.Kind != tc.kind {
				t.Fatalf("WaitForReady = %v, want a %s question", tr, tc.kind)
			}
			f.Submit(tc.send)
			if code := f.WaitExit(); code != 0 {
				t.Errorf("exit %d:\n%s", code, f.Snapshot())
			}
		})
	}
}

// A program that never becomes ready: WaitForReady fails with the screen,
// the last bytes and the timeline, and the state is Stuck.
func TestReadyNeverFailsWithReport(t *testing.T) {
	t.Parallel()
	bin := fixtures.Build(t, "never")
	term, err := termtest.Start(context.Background(), []string{bin, "-interval", "400ms", "-text", "> "}, termtest.WithTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	start := time.Now()
	control := sleepBeside(start, 2*time.Second)
	tr, err := term.WaitForReadyContext(context.Background())
	if err == nil {
		t.Fatalf("WaitForReady succeeded: %v\n%s", tr, term.Describe())
	}
	// Never before its bound (a context cannot end early), and within a
	// margin after it past a plain sleep of the same bound begun with it:
	// at load 30 the wait returned 935 ms late, as the machine ran the
	// process (round 11, docs/LOAD.md; TestWaitsUnderFlood judges every
	// wait so).
	d := time.Since(start)
	if late := <-control; d < 2*time.Second || d-2*time.Second > late+waitMargin {
		t.Errorf("failed after %v, want the 2s timeout (a sleep of 2s begun with it woke %v late; margin %v)", d, late.Round(time.Millisecond), waitMargin)
	}
	msg := err.Error()
	for _, want := range []string{"not ready for input after 2", "stuck", "last ", "bytes received", "readiness timeline", "⠋ > "} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	if tr.State != ready.Stuck {
		t.Errorf("state %s, want stuck", tr.State)
	}
	for _, tr := range term.Timeline() {
		if tr.State.Waiting() {
			t.Errorf("ready state in the timeline: %v", tr)
		}
	}
}

// A program that exits while WaitForReady waits fails the wait at once.
func TestReadyExitFailsAtOnce(t *testing.T) {
	t.Parallel()
	term, err := termtest.Start(context.Background(), []string{"sh", "-c", "echo working; sleep 0.3; exit 3"})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	start := time.Now()
	tr, err := term.WaitForReadyContext(context.Background())
	if err == nil || tr.State != ready.Exited || tr.Code != 3 {
		t.Fatalf("WaitForReady = %v, %v; want an error for exit status 3", tr, err)
	}
	// Far below the 10 s timeout, with room for a loaded machine (2 s,
	// before, held the 300 ms sleep and the exit's reaping to a speed).
	if d := time.Since(start); d > 6*time.Second {
		t.Errorf("failed after %v, want at once after the exit, not the 10s timeout", d)
	}
	if !strings.Contains(err.Error(), "exited with status 3") {
		t.Errorf("error: %v", err)
	}
}

// Codex ignores Enter while it initialises with its box already drawn;
// Submit notices the line was not taken and presses Enter again.
func TestSubmitRetriesSwallowedEnter(t *testing.T) {
	t.Parallel()
	f := spawnFixture(t, "agent", []string{"-ignore-enter-for", "2s", "-work", "500ms"})
	f.WaitForReady() // the box is drawn; Enter is still swallowed
	f.Submit("hello")
	evs := f.truth()
	dropped, _ := fixtures.Next(evs, fixtures.EventDropped, time.Time{})
	busy, ok := fixtures.Next(evs, fixtures.EventBusy, time.Time{})
	if dropped.Text != "hello" || !ok || busy.Text != "hello" {
		t.Fatalf("want a dropped then an accepted Enter; ground truth:\n%s", logText(evs))
	}
	// The screen looked ready while Enter was swallowed: no detector can
	// see that, which is why Submit checks. Judge only what came after.
	f.WaitForReady()
	f.checkTimeline(busy.Time())
	if !strings.Contains(f.Snapshot().Text(), "● hello") {
		t.Errorf("no answer:\n%s", f.Snapshot())
	}
}

func TestSubmitFailsWhenEnterIgnored(t *testing.T) {
	t.Parallel()
	bin := fixtures.Build(t, "agent")
	term, err := termtest.Start(context.Background(), []string{bin, "-ignore-enter-for", "60s"})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	err = term.SubmitContext(context.Background(), "hello")
	if !errors.Is(err, termtest.ErrNotTaken) || !strings.Contains(err.Error(), `still reads "❯ hello"`) {
		t.Fatalf("SubmitContext = %v, want ErrNotTaken naming the line", err)
	}
}

func TestRuntimeSelection(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "mine.json")
	if err := os.WriteFile(bad, []byte(`{"busy": [{"name": "x", "pattern": "(unclosed"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := termtest.Start(context.Background(), []string{"true"}, termtest.WithProfileFile(bad))
	if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "busy[0]") {
		t.Errorf("bad profile file: %v; want the file and the field named", err)
	}
	if _, err := termtest.Start(context.Background(), []string{"true"}, termtest.WithRuntime("nope")); err == nil || !strings.Contains(err.Error(), "claude") {
		t.Errorf("unknown runtime: %v; want the built-in names listed", err)
	}
	good := filepath.Join(dir, "slowshell.json")
	if err := os.WriteFile(good, []byte(`{"extends": "generic", "quiet": "300ms", "settle": "600ms"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// The kernel and prompt marks would decide at once: this is about the
	// profile's quiet window, so the screen alone decides.
	term := termtest.Spawn(t, []string{"sh"}, termtest.WithEnv("PS1=$ "), termtest.WithProfileFile(good),
		termtest.WithoutKernelView(), termtest.WithoutShellIntegration())
	tr := term.WaitForReady()
	if p := term.Profile(); p.Name != "slowshell" || p.Quiet.D() != 300*time.Millisecond {
		t.Errorf("profile %+v", p)
	}
	if !strings.Contains(tr.Reason, "needs 300ms") {
		t.Errorf("ready %v, want the file's 300ms quiet", tr)
	}
}
