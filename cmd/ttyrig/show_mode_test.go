package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The trace page lists every screen and what was typed: `ttyrig show`
// writes it 0600, also over an older page of another mode (issue 24).
func TestShowWritesAPrivatePage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCmd(t, "show", "-o", out, corpus+"agent-permission.cast"); code != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	fi, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 || fi.Size() <= 3 {
		t.Errorf("%s: mode %v, %d bytes; want 0600 and the page", out, fi.Mode().Perm(), fi.Size())
	}
}
