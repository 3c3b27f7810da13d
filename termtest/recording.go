package termtest

import "errors"

// createRecording opens the asciicast file a session is recorded into.
func createRecording(path string, argv []string, cfg config) (recorder, error) {
	return nil, errors.New("termtest: recording is not wired yet")
}

// recordingNote says where this session's recording is, if anywhere.
func (t *Terminal) recordingNote() string { return t.cfg.recording }
