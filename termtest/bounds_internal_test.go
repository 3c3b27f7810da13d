package termtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
)

// A program that asks for the cursor position in a loop and never reads
// its input: the answers waiting for it stay under maxQueuedReplies (they
// grew to 1.1 GB in 20 s).
func TestQueryLoopRepliesBounded(t *testing.T) {
	term, err := Start(context.Background(), []string{"sh", "-c", `stty raw -echo; while :; do printf '\033[6n\033[6n\033[6n\033[6n'; done`})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	// Watched for 1.5 s, and on until a reply was dropped (at load 35 the
	// loop had queued 16410 bytes by then, none dropped yet), within 30 s.
	most, longest := 0, 0
	for start := time.Now(); time.Since(start) < 1500*time.Millisecond || time.Since(start) < 30*time.Second && !droppedAny(term); time.Sleep(10 * time.Millisecond) {
		n, _ := term.in.queued()
		most = max(most, n)
		term.in.mu.Lock()
		longest = max(longest, len(term.in.queue))
		term.in.mu.Unlock()
	}
	// Dropped answers leave the queue too, not only its byte count: at
	// most twice what is waiting (answers are 6 bytes or more), and a
	// little slack before the first compaction.
	if limit := 2*maxQueuedReplies/6 + 2048; longest > limit {
		t.Errorf("the queue held %d items, want at most %d", longest, limit)
	}
	_, dropped := term.in.queued()
	if most > maxQueuedReplies {
		t.Errorf("%d bytes of replies queued, want at most %d", most, maxQueuedReplies)
	}
	if dropped == 0 {
		t.Errorf("no reply was dropped: the program read them all? (most queued %d bytes)", most)
	}
}

// droppedAny reports whether the terminal has dropped a reply.
func droppedAny(term *Terminal) bool {
	_, dropped := term.in.queued()
	return dropped > 0
}

// A password prompt's mode (echo off in line mode) is visible from the
// master; a program drawing its own input (echo off, raw) is not one.
func TestSecretFromMaster(t *testing.T) {
	for _, c := range []struct {
		cmd    string
		secret bool
	}{{"stty -echo; echo set; sleep 10", true}, {"stty echo; echo set; sleep 10", false}, {"stty raw -echo; echo set; sleep 10", false}} {
		term, err := Start(context.Background(), []string{"sh", "-c", c.cmd})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err = expect.Wait(ctx, term, expect.Contains("set"))
		cancel()
		secret, known := typingSecret(term.pty)
		_ = term.Close()
		if err != nil || !known || secret != c.secret {
			t.Errorf("%s: secret read from the master = %v (known %v, %v), want %v", c.cmd, secret, known, err, c.secret)
		}
	}
}

type namedTB struct {
	testing.TB
	name string
}

func (n namedTB) Name() string     { return n.name }
func (n namedTB) Cleanup(f func()) {}

// Different test names never share a failure recording, and names read as
// in the test log.
func TestFailureRecordingNames(t *testing.T) {
	t.Setenv(FailureDirEnv, "d")
	for _, c := range []struct{ name, want string }{
		{"TestA/b", "d/TestA/b.cast"},
		{"TestA__b", "d/TestA__b.cast"},
		{"TestA/a:b", "d/TestA/a%3Ab.cast"},
		{"TestA/a_b#01", "d/TestA/a_b#01.cast"},
		{"TestA/a b", "d/TestA/a%20b.cast"},
		{"TestA/..", "d/TestA/%2E..cast"},
		{"TestA/x~2", "d/TestA/x%7E2.cast"},
		{"TestA/", "d/TestA/%.cast"},
		{`TestA/\*?"<>|`, "d/TestA/%5C%2A%3F%22%3C%3E%7C.cast"},
		{"TestA/x.cast/y", "d/TestA/x%2Ecast/y.cast"},
	} {
		if got := failureRecording(namedTB{t, c.name}); got != filepath.FromSlash(c.want) {
			t.Errorf("failure recording of %q is %s, want %s", c.name, got, c.want)
		}
	}
	seen := map[string]string{}
	for _, name := range []string{"TestA/b", "TestA__b", "TestA/a:b", "TestA/a b", "TestA/a_b", "TestA/x", "TestA/x~2", "TestA/.x", "TestA/%2Ex", "TestA/", "TestA/x.cast", "TestA/x.cast/y", "TestA/x.cast.cast"} {
		tb := namedTB{t, name}
		for range 2 { // a second terminal in the same test
			p := failureRecording(tb)
			if other, ok := seen[p]; ok {
				t.Errorf("%q and %q both keep their recording at %s", other, name, p)
			}
			seen[p] = name
		}
	}
	for p, name := range seen { // nor is one's file another's directory
		for dir := filepath.Dir(p); dir != "." && dir != "/"; dir = filepath.Dir(dir) {
			if other, ok := seen[dir]; ok {
				t.Errorf("%q keeps its recording at %s, a directory of %q's", other, dir, name)
			}
		}
	}
}

// A recording copied across file systems is 0600, also over an old file.
func TestCopiedRecordingPrivate(t *testing.T) {
	dir := t.TempDir()
	from, to := filepath.Join(dir, "from"), filepath.Join(dir, "to")
	if err := os.WriteFile(from, []byte("cast"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(from, to); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(to)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("copied recording has mode %v (%v), want 0600", fi.Mode(), err)
	}
}
