package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/termtest"
)

const recordSynopsis = "[-o file.cast] [--test x_test.go] [--size COLSxROWS] [--cast-version 2|3] -- cmd args..."

// defaultCols and defaultRows are the size used when the terminal reports
// none (0x0, as some CI runners and serial consoles do).
const defaultCols, defaultRows = 100, 30

// markPrefix is the key that starts a ground-truth mark: Ctrl-] (telnet's
// escape key, which programs rarely need), then r (ready) or b (busy).
// Ctrl-] twice sends one Ctrl-] to the program.
const markPrefix = 0x1d

// record runs a program in the user's terminal through termtest, so it
// sees the same environment and PTY as a test, and records it.
func record(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("record", recordSynopsis, stdout, stderr)
	out := fs.String("o", "ttyrig.cast", "where to write the recording")
	size := fs.String("size", "", "terminal size COLSxROWS (default: your terminal's, or 100x30 if it reports none)")
	version := fs.Int("cast-version", 2, "asciicast version: 2 (read by every asciinema player) or 3")
	testOut := fs.String("test", "", "also write a Go test of the session here (as ttyrig codegen -o does), its golden in testdata/ beside it")
	if err := fs.parse(args); err != nil {
		return err
	}
	argv := fs.Args()
	if len(argv) == 0 {
		return fs.usageError("want a command to run after --")
	}
	if *version != 2 && *version != 3 {
		return fs.usageError("--cast-version %d: want 2 or 3", *version)
	}
	cols, rows := 0, 0
	if *size != "" {
		if _, err := fmt.Sscanf(strings.Replace(*size, "x", " ", 1), "%d %d", &cols, &rows); err != nil || cols <= 0 || rows <= 0 {
			return fs.usageError("--size %q is not COLSxROWS", *size)
		}
	}
	in, _ := stdin.(*os.File)
	if in == nil || !term.IsTerminal(in.Fd()) {
		return errors.New("stdin is not a terminal, so nothing you type could reach the program; run ttyrig record from a terminal (to record a scripted session, use termtest.WithRecording in a test)")
	}
	if cols == 0 {
		cols, rows = defaultCols, defaultRows
		if w, h, err := term.GetSize(in.Fd()); err == nil && w > 0 && h > 0 {
			cols, rows = w, h
		} else {
			fmt.Fprintf(stderr, "ttyrig record: your terminal reports no size; recording at %dx%d\r\n", cols, rows)
		}
	}

	// Signals are caught before the program starts: a mark sent as soon
	// as it shows something must not end ttyrig.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGWINCH, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	defer signal.Stop(sigs)

	// The program gets the user's environment, as it would in their
	// shell, with the TERM of the screen ttyrig emulates.
	env := append(os.Environ(), "TERM=xterm-256color")
	t, err := termtest.Start(context.Background(), argv,
		termtest.WithSize(cols, rows), termtest.WithEnv(env...), termtest.WithOutput(stdout),
		termtest.WithRecording(*out), termtest.WithRecordingVersion(*version), termtest.WithTimeout(time.Minute))
	if err != nil {
		return unprefixed{err}
	}
	defer t.Close()

	if state, err := term.MakeRaw(in.Fd()); err == nil {
		defer func() { _ = term.Restore(in.Fd(), state) }()
	}

	marks := 0
	mark := func(label string) {
		if t.Marker(time.Time{}, label) == nil {
			marks++
		}
	}
	keys := make(chan []byte)
	// This goroutine may outlive the program while it waits for a key;
	// the process exits right after.
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := stdin.Read(buf)
			if n > 0 {
				keys <- append([]byte(nil), buf[:n]...)
			}
			if err != nil {
				close(keys)
				return
			}
		}
	}()
	var mk markKeys
	var stopped os.Signal
loop:
	for {
		select {
		case <-t.Done():
			break loop
		case p, ok := <-keys:
			if !ok {
				keys = nil
				continue
			}
			if _, exited := t.ExitCode(); exited {
				// Keys that arrive as the program ends reach nobody; sent,
				// they were recorded as input after its exit.
				break loop
			}
			send, labels := mk.filter(p)
			for _, l := range labels {
				mark(l)
			}
			if len(send) > 0 {
				_, _ = t.Write(send)
			}
		case s := <-sigs:
			switch s {
			case syscall.SIGWINCH:
				if c, r, err := term.GetSize(in.Fd()); err == nil && c > 0 && r > 0 && *size == "" {
					_ = t.Resize(c, r)
				}
			case syscall.SIGUSR1:
				mark(recordings.MarkReady)
			case syscall.SIGUSR2:
				mark(recordings.MarkBusy)
			default:
				stopped = s
				break loop
			}
		}
	}
	if err := t.Close(); err != nil {
		return err
	}
	if err := t.Fault(); err != nil { // the recording is whole; what the screen showed after it is not
		fmt.Fprintf(stderr, "\r\nttyrig record: %v\r\n", err)
	}
	code, _ := t.ExitCode()
	if stopped != nil {
		// As a shell reports a process a signal ended: 128 + its number.
		code = 128 + int(stopped.(syscall.Signal))
		fmt.Fprintf(stderr, "\r\nttyrig record: %s stopped %s (%s); see the recording with: ttyrig show %s\r\n", stopped, argv[0], plural(marks, "marker"), *out)
	} else {
		fmt.Fprintf(stderr, "\r\nttyrig record: %s exited with status %d (%s); see the recording with: ttyrig show %s\r\n", argv[0], code, plural(marks, "marker"), *out)
	}
	if *testOut != "" {
		if err := writeTest(*out, *testOut, "", "", nil, io.Discard); err != nil {
			return fmt.Errorf("the recording is whole, the test was not written: %w", err)
		}
		fmt.Fprintf(stderr, "ttyrig record: a test of this session: %s (its golden in testdata/ beside it)\r\n", *testOut)
	}
	if code != 0 {
		return exitStatus(code)
	}
	return nil
}

// exitStatus is the program's exit status, passed on as ttyrig's own (run
// prints nothing for it): a script that records a failing program fails.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// unprefixed drops the library's "termtest: " from an error a command
// prints after its own "ttyrig record: ".
type unprefixed struct{ error }

func (u unprefixed) Error() string { return strings.TrimPrefix(u.error.Error(), "termtest: ") }
func (u unprefixed) Unwrap() error { return u.error }

// markKeys finds the mark keys in what the user types: Ctrl-] r marks
// ready, Ctrl-] b marks busy, Ctrl-] Ctrl-] sends one Ctrl-]; Ctrl-]
// before any other key is sent on as typed. A mark split across two reads
// is still found.
type markKeys struct{ prefixed bool }

func (m *markKeys) filter(p []byte) (send []byte, labels []string) {
	send = make([]byte, 0, len(p))
	for _, c := range p {
		if !m.prefixed {
			if c == markPrefix {
				m.prefixed = true
			} else {
				send = append(send, c)
			}
			continue
		}
		m.prefixed = false
		switch c {
		case 'r':
			labels = append(labels, recordings.MarkReady)
		case 'b':
			labels = append(labels, recordings.MarkBusy)
		case markPrefix:
			send = append(send, markPrefix)
		default:
			send = append(send, markPrefix, c)
		}
	}
	return send, labels
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
