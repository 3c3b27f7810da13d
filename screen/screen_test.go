package screen_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/screen"
)

// replies collects what the screen answers, in order.
type replies struct {
	mu  sync.Mutex
	got []string
}

func (r *replies) add(b []byte) { r.mu.Lock(); r.got = append(r.got, string(b)); r.mu.Unlock() }

func (r *replies) wait(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		if len(r.got) >= n {
			out := append([]string(nil), r.got...)
			r.mu.Unlock()
			return out
		}
		r.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("wanted %d replies, got %q", n, r.got)
	return nil
}

func newScreen(t *testing.T, opts ...screen.Option) (*screen.Screen, *replies) {
	t.Helper()
	r := &replies{}
	s := screen.New(40, 10, append([]screen.Option{screen.WithReplies(r.add)}, opts...)...)
	t.Cleanup(func() { s.Close() })
	return s, r
}

func TestClaudeTitleWithST(t *testing.T) {
	s, _ := newScreen(t)
	s.WriteAt(time.Now(), []byte("hello\x1b]0;\xe2\x9c\xb3 Claude Code\x07"))
	snap := s.Snapshot()
	if got, want := snap.Title(), "✳ Claude Code"; got != want {
		t.Errorf("title = %q, want %q", got, want)
	}
	if got := snap.Text(); got != "hello" {
		t.Errorf("screen text = %q, want %q (title must not leak onto the screen)", got, "hello")
	}
}

func TestCursorReportMidChunk(t *testing.T) {
	s, r := newScreen(t)
	s.WriteAt(time.Now(), []byte("abc\x1b[6n\r\nmore text"))
	got := r.wait(t, 1)
	if got[0] != "\x1b[1;4R" {
		t.Errorf("CPR = %q, want the cursor at the moment of the query, %q", got[0], "\x1b[1;4R")
	}
}

func TestQueriesAnswered(t *testing.T) {
	s, r := newScreen(t)
	s.WriteAt(time.Now(), []byte("\x1b[?u\x1b[>q\x1b[c\x1b[18t"))
	got := r.wait(t, 4)
	want := []string{"\x1b[?0u", "\x1bP>|" + screen.Version + "\x1b\\", "\x1b[?62;1;6;22c", "\x1b[8;10;40t"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("replies = %q, want %q", got, want)
	}
}

func TestSyncOutputHidesHalfFrame(t *testing.T) {
	vc := clock.NewVirtual(time.Unix(1000, 0))
	s, _ := newScreen(t, screen.WithClock(vc))
	s.WriteAt(vc.Now(), []byte("frame1"))
	s.WriteAt(vc.Now(), []byte("\x1b[?2026h\x1b[2J\x1b[Hhalf"))
	if got := s.Snapshot().Text(); got != "frame1" {
		t.Errorf("during sync update: %q, want the last complete frame %q", got, "frame1")
	}
	vc.Advance(1500 * time.Millisecond)
	if got := s.Snapshot().Text(); got != "half" {
		t.Errorf("sync held >1s: %q, want the live screen %q", got, "half")
	}
	s.WriteAt(vc.Now(), []byte(" done\x1b[?2026l"))
	if got := s.Snapshot(); got.Text() != "half done" || got.SyncOpen() {
		t.Errorf("after sync end: %q open=%v", got.Text(), got.SyncOpen())
	}
}

func TestIdenticalRepaintIsNotAChange(t *testing.T) {
	s, _ := newScreen(t)
	t0 := time.Unix(1000, 0)
	s.WriteAt(t0, []byte("\x1b[Hspinner |"))
	s.WriteAt(t0.Add(time.Second), []byte("\x1b[Hspinner |"))
	if got := s.Snapshot().Changed(); !got.Equal(t0) {
		t.Errorf("Changed = %v, want %v", got, t0)
	}
	s.WriteAt(t0.Add(2*time.Second), []byte("\x1b[Hspinner /"))
	if got := s.Snapshot().Changed(); !got.Equal(t0.Add(2 * time.Second)) {
		t.Errorf("Changed = %v, want +2s", got)
	}
}
