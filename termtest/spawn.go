package termtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/ready"
)

// Term is a Terminal tied to a test: its verbs (Type, Press, Paste, Submit,
// Click, ClickOn, Wheel, Resize, WaitForReady, ExpectScreen, WaitExit,
// Close) fail the test with a full report instead of returning errors, and
// the program is closed when the test ends. It embeds the Terminal, so
// each verb's error form is there too, named with Context (TypeContext,
// ExpectScreenContext, ...), as are the reads (Snapshot, State, Timeline,
// Describe, ...); and a Term is an expect.Source: expect.Wait(ctx, term, c)
// and gotools.Check(term, c) work on it as on a Terminal.
type Term struct {
	tb testing.TB
	*Terminal
}

// Spawn starts argv in a real PTY for the test and registers Close with
// t.Cleanup, so the program's process group, its PTY and every goroutine end
// with the test.
func Spawn(tb testing.TB, argv []string, opts ...Option) *Term {
	tb.Helper()
	// Every test session is recorded; the recording is kept only when the
	// test fails, so the failure can be replayed and studied. A recording
	// asked for with WithRecording is always kept where it was asked.
	var tmp, keep, keepAbs string
	probe := defaultConfig()
	for _, o := range opts {
		o(&probe)
	}
	title := tb.Name()
	opts = append([]Option{func(c *config) { c.title = title }}, opts...)
	if probe.recording == "" {
		// Named after the test: a process that ends in os.Exit or a
		// -timeout runs no cleanup, and leaves this file, complete, behind.
		// Start creates it while the program starts.
		name := fileName(tb.Name())
		name = name[:min(len(name), 100)] // file names have a length limit
		keep = failureRecording(tb)
		// Resolved now: testdata/failures is relative to the package
		// directory the test starts in, even if it changes directory later.
		keepAbs = keep
		if abs, err := filepath.Abs(keep); err == nil {
			keepAbs = abs
		}
		opts = append(opts, func(c *config) { c.recordingTemp, c.keepOnFailure = "ttyrig-"+name+"-*.cast", keep })
	}
	term, err := Start(context.Background(), argv, opts...)
	if err != nil {
		tb.Fatal(err) // it says termtest: and what could not start
	}
	if probe.recording == "" {
		tmp = term.RecordingPath()
	}
	watch := watchTimeout(tb, term, tmp, keepAbs)
	tb.Cleanup(func() {
		moved := watch.stop()
		fault := term.Fault()
		if fault != nil {
			tb.Errorf("termtest: %v", fault)
		}
		// A test that panics runs its cleanups before it is marked failed
		// (testing's tRunner), so Failed alone would throw its recording
		// away; the panic is still on this goroutine's stack.
		failed := tb.Failed() || panicking()
		if failed {
			_ = term.Marker(time.Time{}, "test failed")
		}
		closeErr := term.Close()
		if err := term.Fault(); fault == nil && err != nil { // in the output parsed at Close
			tb.Errorf("termtest: %v", err)
		}
		// A recording that could not be written whole (a full disk) is
		// never passed over: the test's own (WithRecording) fails the
		// test; the temporary one is said in the log (it matters only if
		// kept).
		switch {
		case closeErr == nil:
		case tmp == "":
			tb.Errorf("termtest: closing the terminal: %v (the recording %s may be incomplete)", closeErr, term.RecordingPath())
		default:
			tb.Logf("termtest: closing the terminal: %v (the recording %s may be incomplete)", closeErr, tmp)
		}
		switch {
		case tmp == "":
		case moved && failed: // the timeout watch put it there
			tb.Logf("termtest: recording of the failed session kept at %s%s", keepAbs, gitHint())
			keepPictures(tb, keepAbs)
		case moved: // this run's, of a test that passed after all
			_ = os.Remove(keepAbs)
			removeFailureFiles(keepAbs)
		case failed:
			keepRecording(tb, tmp, keepAbs)
		default:
			_ = os.Remove(tmp)
			removeFailureFiles(keepAbs) // an earlier failing run's
		}
	})
	return &Term{tb: tb, Terminal: term}
}

// NoWait returns the test's terminal with actions that send at once,
// without waiting for the program to be ready (see Terminal.NoWait):
//
//	term.NoWait().Press(termtest.Ctrl('c')) // interrupt it while it works
func (m *Term) NoWait() *Term { return &Term{tb: m.tb, Terminal: m.Terminal.NoWait()} }

// do runs one verb's error form bounded by m.ctx and fails the test with
// its error.
func (m *Term) do(verb func(ctx context.Context) error) {
	m.tb.Helper()
	ctx, cancel := m.ctx()
	defer cancel()
	if err := verb(ctx); err != nil {
		m.fail(ctx, err)
	}
}

// Type waits until the program is ready for input (unless NoWait), then
// types text; newlines are Enter presses (see Terminal.TypeContext).
func (m *Term) Type(text string) {
	m.tb.Helper()
	m.do(func(ctx context.Context) error { return m.Terminal.TypeContext(ctx, text) })
}

// Press waits until the program is ready for input (unless NoWait), then
// sends key presses (see Terminal.PressContext).
func (m *Term) Press(keys ...Key) {
	m.tb.Helper()
	m.do(func(ctx context.Context) error { return m.Terminal.PressContext(ctx, keys...) })
}

// Paste waits until the program is ready for input (unless NoWait), then
// sends text as a (bracketed, if enabled) paste.
func (m *Term) Paste(text string) {
	m.tb.Helper()
	m.do(func(ctx context.Context) error { return m.Terminal.PasteContext(ctx, text) })
}

// Click waits until the program is ready for input (unless NoWait), then
// clicks at a 1-based row and column (see Terminal.ClickContext).
func (m *Term) Click(row, col int) {
	m.tb.Helper()
	m.do(func(ctx context.Context) error { return m.Terminal.ClickContext(ctx, row, col) })
}

// ClickOn waits until the program is ready for input (unless NoWait), then
// clicks the first cell of the text l locates (see Terminal.ClickOnContext).
func (m *Term) ClickOn(l expect.Locator) {
	m.tb.Helper()
	m.do(func(ctx context.Context) error { return m.Terminal.ClickOnContext(ctx, l) })
}

// Wheel waits until the program is ready for input (unless NoWait), then
// turns the mouse wheel over a 1-based row and column: n notches down, or
// up when n is negative.
func (m *Term) Wheel(row, col, n int) {
	m.tb.Helper()
	m.do(func(ctx context.Context) error { return m.Terminal.WheelContext(ctx, row, col, n) })
}

// Resize changes the terminal size; the program sees SIGWINCH.
func (m *Term) Resize(cols, rows int) {
	m.tb.Helper()
	m.do(func(context.Context) error { return m.Terminal.Resize(cols, rows) })
}

// WaitForReady waits until the program is ready for input, up to the
// terminal's timeout and never past the test's deadline, and returns the
// ready state it saw (Ready or Question). Actions wait this way by
// themselves; call it to assert that the program got ready.
func (m *Term) WaitForReady() ready.Transition {
	m.tb.Helper()
	var tr ready.Transition
	m.do(func(ctx context.Context) (err error) { tr, err = m.Terminal.WaitForReadyContext(ctx); return err })
	return tr
}

// WaitExit waits for the program to exit, up to the terminal's timeout and
// never past the test's deadline, and returns its exit status.
func (m *Term) WaitExit() int {
	m.tb.Helper()
	var code int
	m.do(func(ctx context.Context) (err error) { code, err = m.Terminal.WaitExitContext(ctx); return err })
	return code
}

// Close ends the program now; it also runs at test cleanup.
func (m *Term) Close() {
	m.tb.Helper()
	m.do(func(context.Context) error { return m.Terminal.Close() })
}
