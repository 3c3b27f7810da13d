package screen_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

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

// Every way the emulator rewrites rows must reach the snapshot, including
// the ones where x/vt forgets which rows it touched (RIS, buffer switches).
func TestSnapshotFollowsEveryRewrite(t *testing.T) {
	s, _ := newScreen(t)
	write := func(p string) string {
		s.WriteAt(time.Now(), []byte(p))
		return s.Snapshot().Text()
	}
	steps := []struct{ in, want string }{
		{"hello\r\nworld", "hello\nworld"},
		{"\x1bc", ""}, // RIS
		{"a\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng\r\nh\r\ni\r\nj\r\nk", "b\nc\nd\ne\nf\ng\nh\ni\nj\nk"}, // scrolling
		{"\x1b[2;1H\x1b[L", "b\n\nc\nd\ne\nf\ng\nh\ni\nj"},                                      // insert line
		{"\x1b[M", "b\nc\nd\ne\nf\ng\nh\ni\nj"},                                                 // delete line
		{"\x1b[?1049hon alt", "on alt"},
		{"\x1b[?1049l", "b\nc\nd\ne\nf\ng\nh\ni\nj"},
		{"\x1b[1;1H\x1b[2K", "\nc\nd\ne\nf\ng\nh\ni\nj"}, // erase line
		{"\x1b[2J", ""},
	}
	for _, st := range steps {
		if got := write(st.in); got != st.want {
			t.Errorf("after %q: screen %q, want %q", st.in, got, st.want)
		}
	}
}

// UTF-8 text outside strings holds bytes that look like C1 controls: "語"
// is E8 AA 9E (0x9E: PM) and "❯" is E2 9D AF (0x9D: OSC). They must not
// make the OSC workaround think a string started and rewrite the 0x9C in a
// later "本" (E6 9C AC) or "✻" (E2 9C BB).
func TestUTF8TextIsNotAString(t *testing.T) {
	s, _ := newScreen(t)
	text := "日本語 日本語 ❯ ✻ ✳ done"
	s.WriteAt(time.Now(), []byte(text+"\x1b]0;\xe2\x9c\xb3 Claude Code\x07"))
	snap := s.Snapshot()
	if got := snap.Text(); got != text {
		t.Errorf("screen %q, want %q", got, text)
	}
	if got := snap.Title(); got != "✳ Claude Code" {
		t.Errorf("title %q", got)
	}
}

// The filter must agree with the parser byte by byte: for any split of a
// stream into chunks, the screen shows what one write shows.
func TestOSCFixAcrossChunkSplits(t *testing.T) {
	stream := "語\x1b]0;\xe2\x9c\xb3 Claude Code\x07❯ ✻ 本\x1b]2;本 ✻\x1b\\end \x1b[31m✳\x1b[m"
	whole, _ := newScreen(t)
	whole.WriteAt(time.Now(), []byte(stream))
	want := whole.Snapshot()
	for i := 1; i < len(stream); i++ {
		s := screen.New(40, 10)
		s.WriteAt(time.Now(), []byte(stream[:i]))
		s.WriteAt(time.Now(), []byte(stream[i:]))
		got := s.Snapshot()
		s.Close()
		if got.Text() != want.Text() || got.Title() != want.Title() {
			t.Fatalf("split at %d: %q title %q, want %q title %q", i, got.Text(), got.Title(), want.Text(), want.Title())
		}
	}
	if want.Text() != "語❯ ✻ 本end ✳" || want.Title() != "本 ✻" {
		t.Errorf("whole stream: %q title %q", want.Text(), want.Title())
	}
}

// Frames opened and closed within one write are skipped over cheaply; the
// frame left open at the end of a write must still hide only its own
// drawing.
func TestSyncFramesWithinOneWrite(t *testing.T) {
	vc := clock.NewVirtual(time.Unix(1000, 0))
	s, _ := newScreen(t, screen.WithClock(vc))
	s.WriteAt(vc.Now(), []byte("\x1b[?2026hframe A\x1b[?2026l\x1b[?2026h\x1b[2J\x1b[Hframe B, half"))
	if got := s.Snapshot(); got.Text() != "frame A" || !got.SyncOpen() {
		t.Errorf("open frame after a closed one: %q open=%v, want %q open", got.Text(), got.SyncOpen(), "frame A")
	}
	s.WriteAt(vc.Now(), []byte(" done\x1b[?2026l\x1b[?2026h\x1b[2J\x1b[Hframe C\x1b[?2026l"))
	if got := s.Snapshot(); got.Text() != "frame C" || got.SyncOpen() {
		t.Errorf("after frames closed within the write: %q open=%v, want %q closed", got.Text(), got.SyncOpen(), "frame C")
	}
}

// SameRow tells a colour-only change from an untouched or identically
// repainted row, and ansi colours from the same colour given as RGB.
func TestSameRow(t *testing.T) {
	s := screen.New(20, 3)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("\x1b[31mred\x1b[m\r\nplain\r\nthird"))
	before := s.Snapshot()
	s.WriteAt(time.Now(), []byte("\x1b[1;1H\x1b[31mred\x1b[m\x1b[2;1H\x1b[32mplain\x1b[m"))
	after := s.Snapshot()
	for row, want := range map[int]bool{1: true, 2: false, 3: true, 4: false, 0: false} {
		if got := after.SameRow(before, row); got != want {
			t.Errorf("SameRow(row %d) = %v, want %v", row, got, want)
		}
	}
	if screen.SameColor(nil, ansi.Black) || !screen.SameColor(nil, nil) {
		t.Error("nil is the default colour: equal only to nil")
	}
	if !screen.SameColor(ansi.IndexedColor(1), ansi.Red) {
		t.Error("indexed colour 1 and basic red differ")
	}
}
