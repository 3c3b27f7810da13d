package termtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// A file termtest writes holds a screen or what was typed: writePrivate
// makes it 0600, also over an older file of another mode.
func TestWritePrivateMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "screen.svg")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writePrivate(path, []byte("<svg/>")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 || fi.Size() != int64(len("<svg/>")) {
		t.Fatalf("%s: %v, %v; want mode 0600 and the new content", path, fi.Mode(), err)
	}
}

// Where no small file system can be mounted, /dev/full stands for a full
// disk: the error names the path, and the device is neither changed nor
// removed.
func TestWritePrivateOnFullDevice(t *testing.T) {
	before, err := os.Stat("/dev/full")
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	err = writePrivate("/dev/full", []byte("a picture"))
	if err == nil || !strings.Contains(err.Error(), "/dev/full") || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("writing to /dev/full: %v; want the path and the full device", err)
	}
	if after, err := os.Stat("/dev/full"); err != nil || after.Mode() != before.Mode() {
		t.Fatalf("/dev/full was changed: %v before, %v after (%v)", before.Mode(), after.Mode(), err)
	}
}

// A golden file written by -update and the side-by-side picture of a
// mismatch are 0600 (issue 24: the golden .svg was 0644); a picture that
// cannot be written is said in the failure, with its path.
func TestGoldenFilesArePrivate(t *testing.T) {
	s := screen.New(20, 3)
	defer s.Close()
	s.WriteAt(time.Unix(0, 0), []byte("\x1b[7mhello\x1b[0m"))
	snap := s.Snapshot()

	dir := t.TempDir()
	path := filepath.Join(dir, "x.golden")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := &golden{tb: t, path: path, update: true, stable: expect.Stable(0)}
	now := time.Unix(100, 0)
	for _, err := g.CheckAt(snap, now); err != nil; _, err = g.CheckAt(snap, now) {
		if now = now.Add(time.Second); now.After(time.Unix(110, 0)) {
			t.Fatalf("the golden was never written: %v", err)
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: %v, %v; want mode 0600", path, fi.Mode(), err)
	}

	t.Setenv(FailureDirEnv, dir)
	pic := goldenPicturePath(t)
	if err := os.WriteFile(pic, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := keepGoldenPicture(t, path, "screen 20x3, cursor 1,6 (visible)\n  1 │hello\n", snap); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(pic); err != nil || fi.Mode().Perm() != 0o600 || fi.Size() <= 3 {
		t.Errorf("%s: %v, %v; want mode 0600 and the picture", pic, fi.Mode(), err)
	}

	// The picture's folder cannot be made (a file is in its place): the
	// mismatch's error says why there is no picture, naming the path.
	t.Setenv(FailureDirEnv, filepath.Join(path, "below-a-file"))
	g = &golden{tb: t, path: path, stable: expect.Stable(0)}
	if err := os.WriteFile(path, []byte("screen 20x3, cursor 1,1 (visible)\n  1 │bye\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var err error
	for now = time.Unix(200, 0); ; now = now.Add(time.Second) {
		if _, err = g.CheckAt(snap, now); err == nil || strings.Contains(err.Error(), "differs") || now.After(time.Unix(210, 0)) {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "no side-by-side picture") || !strings.Contains(err.Error(), "mkdir "+path) {
		t.Errorf("the mismatch does not say why it has no picture: %v", err)
	}
}
