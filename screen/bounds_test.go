package screen_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// write feeds p to s and fails the test if that takes longer than bound
// (it does not wait for a runaway write to end).
func write(t *testing.T, s *screen.Screen, p []byte, bound time.Duration) {
	t.Helper()
	done := make(chan struct{})
	go func() { s.WriteAt(time.Now(), p); close(done) }()
	select {
	case <-done:
	case <-time.After(bound):
		t.Fatalf("writing %.40q took more than %v", p, bound)
	}
}

// Every sequence x/vt carries out in time proportional to a count costs no
// more than redrawing the screen, however large the count. REP with
// 2,000,000,000 took six minutes before counts were bounded.
func TestHugeCounts(t *testing.T) {
	for _, seq := range []string{
		"x\x1b[2000000000b", "\x1b[2000000000X", "\x1b[2000000000I", "\x1b[2000000000Z",
		"\x1b[2000000000S", "\x1b[2000000000T", "\x1b[2000000000@", "\x1b[2000000000P",
		"\x1b[2000000000L", "\x1b[2000000000M", "\x1b[2000000000C", "\x1b[2000000000;2000000000H",
	} {
		s := screen.New(100, 30)
		write(t, s, []byte("abc\r\n"+seq+"def"), 2*time.Second)
		_ = s.Snapshot().String()
		s.Close()
	}
}

// Margins past the screen's edge are taken as at it, as xterm takes them:
// x/vt kept them and panicked at the next scroll, insert or delete (found
// by FuzzScrollback). The screen is then what the margins at the edge draw.
func TestMarginsPastTheEdge(t *testing.T) {
	const cols, rows = 20, 6
	after := "\x1b[6;1H\n\n\x1b[S\x1b[L\x1b[M\x1b[T\x1b[@\x1b[Pz"
	for _, tc := range []struct{ past, edge string }{
		{"\x1b[;100r", "\x1b[;6r"},
		{"\x1b[2;7r", "\x1b[2;6r"},
		{"\x1b[?69h\x1b[;100s", "\x1b[?69h\x1b[;20s"},
		{"\x1b[?69h\x1b[3;21s", "\x1b[?69h\x1b[3;20s"},
	} {
		past, edge := screen.New(cols, rows), screen.New(cols, rows)
		write(t, past, []byte("abc\r\ndef"+tc.past+after), 2*time.Second)
		edge.WriteAt(time.Now(), []byte("abc\r\ndef"+tc.edge+after))
		if got, want := past.Snapshot(), edge.Snapshot(); got.String() != want.String() || got.Cursor() != want.Cursor() {
			t.Errorf("%q:\n%s\ncursor %v; with %q:\n%s\ncursor %v", tc.past, got, got.Cursor(), tc.edge, want, want.Cursor())
		}
		// After a resize the margins are past the edge again.
		past.Resize(10, 3)
		write(t, past, []byte(after), 2*time.Second)
		past.Close()
		edge.Close()
	}
}

// A bounded REP leaves the screen as the full count would: compared with
// printing the characters one by one.
func TestRepeatSameScreen(t *testing.T) {
	const cols, rows = 40, 10
	for _, n := range []int{7, 439, 440, 441, 100003, 123456} {
		rep := screen.New(cols, rows)
		rep.WriteAt(time.Now(), []byte(fmt.Sprintf("ab\r\nx\x1b[%db!", n)))
		plain := screen.New(cols, rows)
		plain.WriteAt(time.Now(), []byte("ab\r\n"+strings.Repeat("x", n+1)+"!"))
		got, want := rep.Snapshot(), plain.Snapshot()
		if got.String() != want.String() || got.Cursor() != want.Cursor() {
			t.Errorf("REP %d:\n%s\ncursor %v; printed one by one:\n%s\ncursor %v", n, got, got.Cursor(), want, want.Cursor())
		}
		rep.Close()
		plain.Close()
	}
}

// Many large REPs in one write cost no more per byte than text: past the
// write's budget each draws less than a line. The bound is the cost of as
// many bytes of text in this process, 20 times over and a second more, so
// load and -race move both sides; drawn in full, the REPs print 440 times
// the text's characters.
func TestRepeatFlood(t *testing.T) {
	flood := []byte("x" + strings.Repeat("\x1b[3099b", 10000))
	text := screen.New(100, 30)
	defer text.Close()
	start := time.Now()
	text.WriteAt(time.Now(), bytes.Repeat([]byte("x"), len(flood)))
	plain := time.Since(start)
	s := screen.New(100, 30)
	defer s.Close()
	write(t, s, flood, 20*plain+time.Second)
}

func TestSizesClamped(t *testing.T) {
	for _, c := range []struct{ cols, rows, wantCols, wantRows int }{
		{-1, -1, 1, 1}, {0, 0, 1, 1}, {70000, 10, screen.MaxCols, 10}, {10000, 10000, screen.MaxCols, screen.MaxRows},
	} {
		s := screen.New(c.cols, c.rows, screen.WithClock(nil))
		s.WriteAt(time.Now(), []byte("hi\x1b[6n"))
		if cols, rows := s.Snapshot().Size(); cols != c.wantCols || rows != c.wantRows {
			t.Errorf("New(%d, %d) is %dx%d, want %dx%d", c.cols, c.rows, cols, rows, c.wantCols, c.wantRows)
		}
		s.Resize(-5, -5)
		if cols, rows := s.Snapshot().Size(); cols != 1 || rows != 1 {
			t.Errorf("Resize(-5, -5) gave %dx%d, want 1x1", cols, rows)
		}
		s.Close()
	}
}

func TestCheckSize(t *testing.T) {
	for _, c := range []struct {
		cols, rows int
		want       string
	}{
		{100, 30, ""},
		{screen.MaxCols, screen.MaxRows, ""},
		{0, 30, "0 columns is out of range (1 to 500)"},
		{70000, 10, "70000 columns is out of range (1 to 500)"},
		{100, -5, "-5 rows is out of range (1 to 300)"},
		{100, 10000, "10000 rows is out of range (1 to 300)"},
	} {
		err := screen.CheckSize(c.cols, c.rows)
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && !strings.Contains(got, c.want)) {
			t.Errorf("CheckSize(%d, %d) = %v, want %q", c.cols, c.rows, err, c.want)
		}
	}
}

func TestScrollback(t *testing.T) {
	s := screen.New(100, 30)
	defer s.Close()
	if got := s.Scrollback(); len(got) != 0 {
		t.Fatalf("new screen has scrollback %q", got)
	}
	// In one write (more line feeds than x/vt keeps between moves) and in
	// many small ones.
	var all strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&all, "line %d\r\n", i)
	}
	s.WriteAt(time.Now(), []byte(all.String()[:len(all.String())/2]))
	for _, l := range strings.SplitAfter(all.String()[len(all.String())/2:], "\n") {
		s.WriteAt(time.Now(), []byte(l))
	}
	back := s.Scrollback()
	if len(back) != screen.ScrollbackLines {
		t.Fatalf("scrollback holds %d lines, want %d", len(back), screen.ScrollbackLines)
	}
	// 4000 lines and the cursor's empty row: the screen shows the last 29.
	first := 4000 - 29 - screen.ScrollbackLines
	for i, l := range back {
		if want := fmt.Sprintf("line %d", first+i); l != want {
			t.Fatalf("scrollback line %d = %q, want %q", i, l, want)
		}
	}

	// One write of 5000 lines keeps its last ScrollbackLines in order.
	s2 := screen.New(20, 5)
	defer s2.Close()
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "%d\r\n", i)
	}
	s2.WriteAt(time.Now(), []byte(b.String()))
	back = s2.Scrollback()
	if len(back) != screen.ScrollbackLines || back[0] != fmt.Sprint(5000-4-screen.ScrollbackLines) || back[len(back)-1] != "4995" {
		t.Fatalf("scrollback after one write: %d lines, first %q, last %q", len(back), back[0], back[len(back)-1])
	}
}

// heapPerScreen returns the live heap each of n screens holds after f has
// been fed to it.
func heapPerScreen(n int, f func(*screen.Screen)) float64 {
	var before, after runtime.MemStats
	// Twice: closed screens' emulators wait in a sync.Pool, which the
	// first collection only moves to its victim cache. Counted in before,
	// one reused by the screens made here read as memory given back
	// (the 20,000-line figure read -7 MiB).
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	screens := make([]*screen.Screen, n)
	for i := range screens {
		screens[i] = screen.New(100, 30)
		f(screens[i])
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	for _, s := range screens {
		s.Close()
	}
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n)
}

// A screen's memory is bounded: an idle 100x30 screen holds under 1.5 MiB
// (x/vt's own parser buffer alone was 4 MiB), and one that printed 5,000
// long lines (five times the scrollback) holds only its bounded scrollback
// more (x/vt kept 127 MB after 20,000).
// BenchmarkMemory prints the figures.
func TestMemoryBounded(t *testing.T) {
	idle := heapPerScreen(10, func(*screen.Screen) {})
	if idle > 1.5*(1<<20) {
		t.Errorf("an idle screen holds %.2f MiB, want at most 1.5 MiB", idle/(1<<20))
	}
	busy := heapPerScreen(1, func(s *screen.Screen) { printLines(s, 5000) })
	if busy > 3*(1<<20) {
		t.Errorf("a screen that printed 5,000 lines holds %.2f MiB, want at most 3 MiB", busy/(1<<20))
	}
}

// A huge OSC string of multi-byte characters (the filter keeps OSC payloads
// to restore them) is dropped past the parser's limit, not kept.
func TestHugeOSCBounded(t *testing.T) {
	chunk := []byte(strings.Repeat("\u2733", 20000)) // ✳ is E2 9C B3: the filter rewrites it
	heap := heapPerScreen(1, func(s *screen.Screen) {
		s.WriteAt(time.Now(), []byte("\x1b]0;"))
		for range 200 { // 12 MB
			s.WriteAt(time.Now(), chunk)
		}
	})
	if heap > 3*(1<<20) {
		t.Errorf("a screen inside a 12 MB OSC string holds %.2f MiB, want at most 3 MiB", heap/(1<<20))
	}
}

// BenchmarkMemory reports the live heap of an idle 100x30 screen and of one
// that printed 20,000 lines of 100 columns, beside x/vt's own emulator.
func BenchmarkMemory(b *testing.B) {
	for range b.N {
		b.ReportMetric(heapPerScreen(10, func(*screen.Screen) {})/(1<<20), "idle-MiB")
		b.ReportMetric(heapPerScreen(1, func(s *screen.Screen) { printLines(s, 20000) })/(1<<20), "after-20k-lines-MiB")
	}
}

// printLines prints n coloured lines of 96 columns, 100 per write.
func printLines(s *screen.Screen, n int) {
	hundred := []byte(strings.Repeat(strings.Repeat("\x1b[31mred\x1b[0m ", 24)+"\r\n", 100))
	for range n / 100 {
		s.WriteAt(time.Now(), hundred)
	}
}
