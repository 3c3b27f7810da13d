package termtest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/session"
	"github.com/ttyrig/ttyrig/trace"
)

// FailureDirEnv names the environment variable that moves where the
// recordings of failed tests are kept. Unset, they go to testdata/failures
// in the test's package directory.
const FailureDirEnv = "TTYRIG_FAILURE_DIR"

// createRecording opens the asciicast file a session is recorded into. The
// header describes the terminal the program runs in: its size, the command
// line (quoted so a shell, and asciicast.SplitCommand, reads it back as
// argv), and TERM and SHELL as the program
// sees them.
func createRecording(path string, argv []string, cfg config) (session.Recorder, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("termtest: recording: %w", err)
	}
	w, err := asciicast.Create(path, recordingHeader(argv, cfg), asciicast.WithVersion(cfg.recordingVersion)) // 0600: recordings hold what was typed
	if err != nil {
		return nil, fmt.Errorf("termtest: recording to %s: %w", path, err)
	}
	// The writer writes each event through to the file; in the
	// background, so encoding a flood runs beside the screen's parsing.
	return session.InBackground(w), nil
}

// tempRecording is a temporary file Start records into (Spawn's), being
// created, its header written, beside the program's start: creating a
// file cost a quarter of a millisecond, in the kernel, before the program
// was started, and encoding the header a tenth of one that Start waited
// for after.
type tempRecording chan tempFile

type tempFile struct {
	f   *os.File
	w   *asciicast.Writer // nil where err is set
	err error
}

// createTemp starts creating a temporary file named by pattern, empty
// and 0600 (os.CreateTemp), and writing the header of argv's recording
// into it.
func createTemp(pattern string, argv []string, cfg config) tempRecording {
	c := make(tempRecording, 1)
	go func() {
		f, err := os.CreateTemp("", pattern)
		if err != nil {
			c <- tempFile{err: fmt.Errorf("recording: %w", err)}
			return
		}
		w, err := asciicast.NewWriter(f, recordingHeader(argv, cfg), asciicast.WithVersion(cfg.recordingVersion))
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
			c <- tempFile{err: fmt.Errorf("recording to %s: %w", f.Name(), err)}
			return
		}
		c <- tempFile{f: f, w: w}
	}()
	return c
}

// record waits for the file and records into it as it is (opening it
// again, truncating, cost a second open and, on ext4, a write-back at its
// close).
func (c tempRecording) record() (session.Recorder, string, error) {
	r := <-c
	if r.err != nil {
		return nil, "", r.err
	}
	return session.InBackground(fileRecorder{r.w, r.f}), r.f.Name(), nil
}

// drop removes the file, unused (Start failed before recording into it).
func (c tempRecording) drop() {
	if r := <-c; r.err == nil {
		_ = r.f.Close()
		_ = os.Remove(r.f.Name())
	}
}

// recordingHeader is the header of a session's recording.
func recordingHeader(argv []string, cfg config) asciicast.Header {
	env := envMap(buildEnv(cfg.env))
	h := asciicast.Header{
		Width:     cfg.cols,
		Height:    cfg.rows,
		Timestamp: cfg.clock.Now(),
		Command:   asciicast.JoinCommand(argv),
		Title:     cfg.title,
		Term:      env["TERM"],
	}
	// The program's environment has SHELL only if the test gave it; else
	// record the user's, which is what asciinema records.
	shell, ok := env["SHELL"]
	if !ok {
		shell = os.Getenv("SHELL")
	}
	if shell != "" {
		h.Env = map[string]string{"SHELL": shell}
	}
	return h
}

// fileRecorder is a Writer on a file it closes with the Writer.
type fileRecorder struct {
	*asciicast.Writer
	f *os.File
}

func (r fileRecorder) Close() error {
	err := r.Writer.Close()
	if cerr := r.f.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("termtest: recording: %w", cerr)
	}
	return err
}

// WithRecordingVersion chooses the asciicast version of recordings: 2 (the
// default, played by every asciinema player) or 3 (carries the exit status
// as an event of its own).
func WithRecordingVersion(v int) Option { return func(c *config) { c.recordingVersion = v } }

// RecordingPath returns the file this session is recorded into: the one
// given by WithRecording or, for a Spawn'd terminal, a temporary file that
// is complete once the terminal is closed and exists until the test's
// cleanup (which keeps it under testdata/failures if the test failed).
func (t *Terminal) RecordingPath() string { return t.cfg.recording }

// recordingNote says where this session's recording is, for failure
// reports. A test terminal records into a temporary file that is kept only
// if the test fails; since Describe is called to explain a failure, the
// note names the place it will be kept.
func (t *Terminal) recordingNote() string {
	if t.cfg.keepOnFailure != "" {
		return t.cfg.keepOnFailure + " (kept because the test failed)"
	}
	return t.cfg.recording
}

// failureRecordings numbers the terminals each test spawns, so the second
// one's recording does not overwrite the first's.
var failureRecordings = struct {
	sync.Mutex
	n map[testing.TB]int
}{n: map[testing.TB]int{}}

// failureRecording returns where the recording of tb's next terminal is
// kept if tb fails: testdata/failures/<TestName>.cast, or the same name in
// $TTYRIG_FAILURE_DIR; a subtest's recording is in its parent's directory
// (TestX/case.cast); the second terminal of a test gets <name>~2.cast.
// Names are escaped so that different tests never share a file (see
// escapeName). A recording from an earlier run of the same test is
// overwritten.
func failureRecording(tb testing.TB) string {
	failureRecordings.Lock()
	n := failureRecordings.n[tb] + 1
	failureRecordings.n[tb] = n
	failureRecordings.Unlock()
	if n == 1 {
		// Runs after the cleanups of every terminal of this test, which
		// are registered later.
		tb.Cleanup(func() {
			failureRecordings.Lock()
			delete(failureRecordings.n, tb)
			failureRecordings.Unlock()
		})
	}

	return failureBase(failureDir(), tb.Name(), n) + ".cast"
}

// failureName is where tb's failure files go, without an extension:
// testdata/failures/<TestName>, or the same name in $TTYRIG_FAILURE_DIR.
func failureName(tb testing.TB) string {
	return failureBase(failureDir(), tb.Name(), 1)
}

// failureBase names a test's failure files without their extension: each
// part of the test's name escaped (escapeName), subtests in their parent's
// folder, the nth terminal of a test with "~n". Folders get no '.' at all,
// so no folder can be named like a kept file (TestA/x.cast is a file,
// TestA/x%2Ecast/y one below a folder).
func failureBase(dir, test string, n int) string {
	parts := strings.Split(test, "/")
	for i, p := range parts {
		parts[i] = escapeName(p)
		if i < len(parts)-1 {
			parts[i] = strings.ReplaceAll(parts[i], ".", "%2E")
		}
	}
	if n > 1 {
		parts[len(parts)-1] += "~" + strconv.Itoa(n)
	}
	return filepath.Join(append([]string{dir}, parts...)...)
}

// fileName makes a test's name one file name (for temporary files, where
// names need not be unique).
func fileName(test string) string { return escapeName(test) }

// escapeName makes one part of a test's name a file name that is valid on
// any system and different for different parts: letters, digits and
// "_-.+=,#@" stay as they are (so names read as in the test log), every
// other byte becomes %XX, as does a leading '.' (no "." or ".." or hidden
// files). '~' is always escaped, so the "~2" of a second terminal cannot
// come from a name. (Systems that ignore case can still confuse TestA with
// Testa.)
func escapeName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("_-+=,#@", c) >= 0 || c == '.' && i > 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	if b.Len() == 0 {
		return "%" // an empty part of a name
	}
	return b.String()
}

// keepRecording moves a finished temporary recording to where failures are
// kept and says so in the test log; if it cannot, it says where the
// recording stayed.
func keepRecording(tb testing.TB, tmp, keep string) {
	err := os.MkdirAll(filepath.Dir(keep), 0o755)
	if err == nil {
		err = moveFile(tmp, keep)
	}
	if err != nil {
		// moveFile left nothing at keep: the log names the only copy.
		tb.Logf("termtest: could not keep the recording at %s (%v); it stays at %s", keep, err, tmp)
		return
	}
	tb.Logf("termtest: recording of the failed session kept at %s%s", keep, gitHint())
	keepPictures(tb, keep)
}

// keepPictures draws a kept recording for a person: the last screen as an
// SVG and the whole session as a trace page, beside the recording (see
// pictureFiles). Both come from replaying the recording, which costs about
// what the session did (a second for 200 kB typed, under -race on a loaded
// machine): a test failed by the test's deadline has only the rest of its
// margin for it, so the drawing is given up drawReserve before go test's
// -timeout, when its panic would end the process and the test's report with
// it. The recording, kept already, is what matters; ttyrig show draws it.
func keepPictures(tb testing.TB, cast string) {
	stop, bounded := drawingStop(tb)
	if !bounded {
		logDrawing(tb, cast, drawFailure(tb.Name(), cast))
		return
	}
	if time.Until(stop) <= 0 {
		tb.Logf("termtest: the failed session was not drawn: %v (draw it: ttyrig show %s)", errTestDeadline, cast)
		return
	}
	// Left behind at the deadline, the drawing ends with the process,
	// which go test's -timeout ends in a moment anyway (the deadline is the
	// binary's); it writes each file whole or not at all.
	done := make(chan error, 1)
	name := tb.Name()
	go func() { done <- drawFailure(name, cast) }()
	timer := time.NewTimer(time.Until(stop))
	defer timer.Stop()
	select {
	case err := <-done:
		logDrawing(tb, cast, err)
	case <-timer.C:
		tb.Logf("termtest: the failed session was not drawn in time: %v (draw it: ttyrig show %s)", errTestDeadline, cast)
	}
}

// drawReserve is what a failed test keeps, of the time before go test's
// -timeout, for what follows the drawing of its session: its other
// cleanups and its report.
const drawReserve = 500 * time.Millisecond

// drawingStop is when the drawing of tb's failed session is given up, if tb
// has a deadline.
func drawingStop(tb testing.TB) (time.Time, bool) {
	end, has := testDeadline(tb)
	return end.Add(-drawReserve), has
}

// drawFailure draws cast's last screen and trace page (pictureFiles) for
// test.
func drawFailure(test, cast string) error {
	svg, page := pictureFiles(cast)
	c, err := asciicast.ReadFile(cast)
	if err == nil {
		var rep *recordings.Replayer
		if rep, err = recordings.Replay(c); err == nil {
			snap := rep.At(c.Duration())
			_ = rep.Close()
			err = writePrivate(svg, picture.SVG(snap, picture.WithCaption(test+": the last screen")))
		}
	}
	if err == nil {
		err = trace.WriteFile(page, c, trace.WithTitle(test))
	}
	return err
}

// logDrawing says in tb's log where the drawing of cast is, or why not.
func logDrawing(tb testing.TB, cast string, err error) {
	if err != nil {
		// writePrivate and trace.WriteFile leave no partial file; the
		// error names the path.
		tb.Logf("termtest: could not draw the failed session: %v", err)
		return
	}
	svg, page := pictureFiles(cast)
	tb.Logf("termtest: its last screen: %s; its trace page (open in a browser): file://%s", svg, page)
}

// pictureFiles names the picture of a kept recording's last screen and its
// trace page.
func pictureFiles(cast string) (svg, page string) {
	base := strings.TrimSuffix(cast, ".cast")
	return base + ".svg", base + ".html"
}

// moveFile renames from to to, copying when they are on different file
// systems (the temporary directory often is).
func moveFile(from, to string) error {
	if err := os.Rename(from, to); err == nil {
		return nil
	}
	if err := copyFile(from, to); err != nil {
		return err
	}
	return os.Remove(from)
}

// copyFile copies from to to, which is left with mode 0600 (a recording
// holds what was typed), or not at all: a copy cut short by a full disk is
// removed, so no truncated recording sits where a log says one is kept.
func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return writePrivate(to, b)
}

// envMap turns NAME=value entries into a map; later entries win.
func envMap(env []string) map[string]string {
	m := make(map[string]string, len(env))
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// panicking reports whether the calling goroutine is unwinding a panic: a
// test's cleanups run from the deferred calls of its goroutine, so a panic
// in the test shows in their stack as a frame of runtime.gopanic, written
// "panic(" at the start of a line. (recover cannot tell: it works only in
// the deferred function itself, and would stop the panic.)
func panicking() bool {
	return bytes.Contains(debug.Stack(), []byte("\npanic("))
}

// WithRedaction chooses whether input typed at a password prompt is
// redacted in the recording. It is by default: each such character is
// recorded as '*' (control characters such as Enter as they are), after a
// marker saying how many bytes were redacted, so replay sees input of the
// same shape and the recording holds no secret. The program and the
// readiness engine always get the real input.
//
// A password prompt is told by the terminal's mode: echo off in line mode,
// as getpass, sudo, ssh, stty -echo and term.ReadPassword set it (read from
// the PTY on Linux only); or by the readiness engine seeing a password
// prompt on the screen (a prompt ending in "password:"), which also covers
// programs that read passwords in raw mode and draw their own stars.
func WithRedaction(on bool) Option { return func(c *config) { c.keepSecrets = !on } }

// secretInput reports whether input sent now is a secret the recording
// must not hold (see WithRedaction).
func (t *Terminal) secretInput() bool {
	if t.cfg.keepSecrets {
		return false
	}
	if secret, _ := typingSecret(t.pty); secret {
		return true
	}
	p := t.sess.Current().Prompt
	return p != nil && p.Kind == ready.PromptPassword
}
