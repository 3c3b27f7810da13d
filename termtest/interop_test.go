package termtest_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/termtest"
)

// Recordings are asciicast v2 unless asked otherwise: asciinema 2.x and
// svg-term read v2 and reject v3.
func TestRecordingsDefaultToV2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.cast")
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "echo v2"}, termtest.WithRecording(path))
	term.WaitExit()
	term.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte(`{"version":2,`)) {
		t.Errorf("recording header %.60s, want asciicast v2", b)
	}
	c, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Header.Version != 2 {
		t.Errorf("read back as version %d", c.Header.Version)
	}
}
