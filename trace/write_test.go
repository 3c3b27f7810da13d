package trace_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/trace"
)

// A trace page shows every screen and lists what was typed: it is written
// 0600, also over an older file of another mode.
func TestWriteFileIsPrivate(t *testing.T) {
	cast, err := asciicast.ReadFile("../recordings/testdata/corpus/agent-permission.cast")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := trace.WriteFile(path, cast); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 || fi.Size() <= 3 {
		t.Errorf("%s: %v, %v; want mode 0600 and the page", path, fi.Mode(), err)
	}
}

// A page that cannot be written whole says so with its path, and a device
// named as the page is written to, never changed or removed.
func TestWriteFileOnFullDevice(t *testing.T) {
	before, err := os.Stat("/dev/full")
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	cast, err := asciicast.ReadFile("../recordings/testdata/corpus/agent-permission.cast")
	if err != nil {
		t.Fatal(err)
	}
	err = trace.WriteFile("/dev/full", cast)
	if err == nil || !strings.Contains(err.Error(), "/dev/full") || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("writing to /dev/full: %v; want the path and the full device", err)
	}
	after, err := os.Stat("/dev/full")
	if err != nil || after.Mode() != before.Mode() {
		t.Fatalf("/dev/full was changed: %v before, %v after (%v)", before.Mode(), after.Mode(), err)
	}
}
