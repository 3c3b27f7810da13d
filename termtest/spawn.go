package termtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// Term is a Terminal tied to a test: its methods fail the test with a full
// report instead of returning errors, and the program is closed when the
// test ends.
type Term struct {
	tb   testing.TB
	term *Terminal
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
		name := fileName(tb.Name())
		name = name[:min(len(name), 100)] // file names have a length limit
		f, err := os.CreateTemp("", "ttyrig-"+name+"-*.cast")
		if err != nil {
			tb.Fatalf("termtest.Spawn: recording: %v", err)
		}
		tmp, keep = f.Name(), failureRecording(tb)
		_ = f.Close()
		// Resolved now: testdata/failures is relative to the package
		// directory the test starts in, even if it changes directory later.
		keepAbs = keep
		if abs, err := filepath.Abs(keep); err == nil {
			keepAbs = abs
		}
		opts = append(opts, WithRecording(tmp), func(c *config) { c.keepOnFailure = keep })
	}
	term, err := Start(context.Background(), argv, opts...)
	if err != nil {
		if tmp != "" {
			_ = os.Remove(tmp)
		}
		tb.Fatalf("termtest.Spawn: %v", err)
	}
	tb.Cleanup(func() {
		// A test that panics runs its cleanups before it is marked failed
		// (testing's tRunner), so Failed alone would throw its recording
		// away; the panic is still on this goroutine's stack.
		failed := tb.Failed() || panicking()
		if failed {
			_ = term.Marker(time.Time{}, "test failed")
		}
		_ = term.Close()
		if tmp == "" {
			return
		}
		if failed {
			keepRecording(tb, tmp, keepAbs)
		} else {
			_ = os.Remove(tmp)
		}
	})
	return &Term{tb: tb, term: term}
}

// Terminal returns the underlying Terminal, whose methods return errors.
func (m *Term) Terminal() *Terminal { return m.term }

func (m *Term) check(err error) {
	if err != nil {
		m.tb.Helper()
		m.tb.Fatal(err)
	}
}

// Type sends text as if typed; newlines are Enter presses.
func (m *Term) Type(text string) { m.tb.Helper(); m.check(m.term.Type(text)) }

// Press sends key presses.
func (m *Term) Press(keys ...Key) { m.tb.Helper(); m.check(m.term.Press(keys...)) }

// Paste sends text as a (bracketed, if enabled) paste.
func (m *Term) Paste(text string) { m.tb.Helper(); m.check(m.term.Paste(text)) }

// Resize changes the terminal size; the program sees SIGWINCH.
func (m *Term) Resize(cols, rows int) { m.tb.Helper(); m.check(m.term.Resize(cols, rows)) }

// Screen returns a snapshot of the screen now.
func (m *Term) Screen() screen.Snapshot { return m.term.Screen() }

// WaitForReady waits, up to the terminal's timeout, until the program is
// ready for input, and returns the ready state it saw (Ready or Question).
func (m *Term) WaitForReady() ready.Transition {
	m.tb.Helper()
	tr, err := m.term.WaitForReadyContext(context.Background())
	m.check(err)
	return tr
}

// Wait waits, up to the terminal's timeout, for the program to exit and
// returns its exit status.
func (m *Term) Wait() int {
	m.tb.Helper()
	ctx, cancel := m.term.bound(context.Background())
	defer cancel()
	code, err := m.term.Wait(ctx)
	m.check(err)
	return code
}

// Close ends the program now; it also runs at test cleanup.
func (m *Term) Close() { m.tb.Helper(); m.check(m.term.Close()) }
