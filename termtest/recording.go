package termtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/recordings"
)

// FailureDirEnv names the environment variable that moves where the
// recordings of failed tests are kept (default testdata/failures, relative
// to the test's package directory).
const FailureDirEnv = "TTYRIG_FAILURE_DIR"

// createRecording opens the asciicast file a session is recorded into.
func createRecording(path string, argv []string, cfg config) (recorder, error) {
	h := recordings.Header{
		Width:     cfg.cols,
		Height:    cfg.rows,
		Timestamp: cfg.clock.Now(),
		Command:   shellJoin(argv),
		Term:      "xterm-256color",
		Env:       map[string]string{"SHELL": os.Getenv("SHELL")},
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("termtest: recording: %w", err)
		}
	}
	w, err := recordings.Create(path, h, recordings.WithVersion(cfg.recordingVersion))
	if err != nil {
		return nil, fmt.Errorf("termtest: recording to %s: %w", path, err)
	}
	return w, nil
}

// WithRecordingVersion chooses the asciicast version of recordings: 2 (the
// default, played by every asciicast player) or 3 (carries the exit status).
func WithRecordingVersion(v int) Option { return func(c *config) { c.recordingVersion = v } }

// recordingNote says where this session's recording is, if anywhere.
func (t *Terminal) recordingNote() string {
	switch {
	case t.cfg.keepOnFailure != "":
		return t.cfg.keepOnFailure + " (kept if the test fails)"
	default:
		return t.cfg.recording
	}
}

// failureRecording returns where a failed test's recording is kept.
func failureRecording(tb testing.TB) string {
	dir := os.Getenv(FailureDirEnv)
	if dir == "" {
		dir = filepath.Join("testdata", "failures")
	}
	name := strings.NewReplacer("/", "__", "\\", "__", ":", "_", " ", "_").Replace(tb.Name())
	return filepath.Join(dir, name+".cast")
}

// keepRecording moves a temporary recording to where failures are kept. The
// terminal is closed, so the file is complete.
func keepRecording(tb testing.TB, tmp, keep string) {
	if err := os.MkdirAll(filepath.Dir(keep), 0o755); err == nil {
		// A test may spawn several terminals: number the later ones.
		path := keep
		for i := 2; ; i++ {
			if _, err := os.Stat(path); os.IsNotExist(err) {
				break
			}
			path = strings.TrimSuffix(keep, ".cast") + fmt.Sprintf("-%d.cast", i)
		}
		if err := moveFile(tmp, path); err == nil {
			tb.Logf("termtest: recording of the failed session kept at %s", path)
			return
		}
	}
	tb.Logf("termtest: could not keep the recording at %s; it stays at %s", keep, tmp)
}

func moveFile(from, to string) error {
	if err := os.Rename(from, to); err == nil {
		return nil
	}
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		return err
	}
	return os.Remove(from)
}

// shellJoin quotes argv the way a POSIX shell would read it back.
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
