package termtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/recordings"
)

// FailureDirEnv names the environment variable that moves where the
// recordings of failed tests are kept. Unset, they go to testdata/failures
// in the test's package directory.
const FailureDirEnv = "TTYRIG_FAILURE_DIR"

// createRecording opens the asciicast file a session is recorded into. The
// header describes the terminal the program runs in: its size, the command
// line (quoted so a shell reads it back), and TERM and SHELL as the program
// sees them.
func createRecording(path string, argv []string, cfg config) (recorder, error) {
	env := envMap(buildEnv(cfg.env))
	h := recordings.Header{
		Width:     cfg.cols,
		Height:    cfg.rows,
		Timestamp: cfg.clock.Now(),
		Command:   shellJoin(argv),
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
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("termtest: recording: %w", err)
	}
	// Recordings hold what was typed: only the user reads them. Made 0600
	// before anything is written, whatever mode an old file had.
	if f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o600); err == nil {
		_ = f.Chmod(0o600)
		_ = f.Close()
	}
	w, err := recordings.Create(path, h, recordings.WithVersion(cfg.recordingVersion))
	if err != nil {
		return nil, fmt.Errorf("termtest: recording to %s: %w", path, err)
	}
	return w, nil
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

	dir := os.Getenv(FailureDirEnv)
	if dir == "" {
		dir = filepath.Join("testdata", "failures")
	}
	parts := strings.Split(tb.Name(), "/")
	for i, p := range parts {
		parts[i] = escapeName(p)
		// A directory named like a recording could be one: TestA/x.cast
		// is the recording of TestA/x and the directory of TestA/x.cast/y.
		if i < len(parts)-1 && strings.HasSuffix(parts[i], ".cast") {
			parts[i] = strings.TrimSuffix(parts[i], ".cast") + "%2Ecast"
		}
	}
	if n > 1 {
		parts[len(parts)-1] += "~" + strconv.Itoa(n)
	}
	parts[len(parts)-1] += ".cast"
	return filepath.Join(append([]string{dir}, parts...)...)
}

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
		tb.Logf("termtest: could not keep the recording at %s (%v); it stays at %s", keep, err, tmp)
		return
	}
	tb.Logf("termtest: recording of the failed session kept at %s", keep)
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

// copyFile copies from to to, which is left with mode 0600.
func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	// Written as 0600 (a recording holds what was typed), also over an
	// older file of another mode.
	f, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_ = f.Chmod(0o600)
	if _, err := f.Write(b); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
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

// shellJoin quotes argv the way a POSIX shell would read it back, so the
// header's command can be pasted into a shell.
func shellJoin(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
		}) < 0 {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
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

// redactedMarker labels the marker before a redacted input event.
const redactedMarker = "redacted input"

// recordInput records input sent at now, redacted if the program is not
// echoing it (see WithRedaction). Call with t.mu held.
func (t *Terminal) recordInput(now time.Time, p []byte) {
	if t.rec == nil {
		return
	}
	at := now.Sub(t.start)
	if !t.cfg.keepSecrets {
		secret, _ := typingSecret(t.pty)
		if p := t.eng.Current().Prompt; p != nil && p.Kind == "password" {
			secret = true
		}
		if secret {
			if m, ok := t.rec.(interface {
				Marker(time.Duration, string) error
			}); ok {
				_ = m.Marker(at, fmt.Sprintf("%s: %d bytes typed with echo off", redactedMarker, len(p)))
			}
			p = redact(p)
		}
	}
	_ = t.rec.Input(at, p)
}

// redact replaces every character of p but control characters with '*'.
func redact(p []byte) []byte {
	out := make([]byte, 0, len(p))
	for _, r := range string(p) {
		if r < 0x20 || r == 0x7f {
			out = append(out, byte(r))
		} else {
			out = append(out, '*')
		}
	}
	return out
}
