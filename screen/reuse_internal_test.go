package screen

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
)

// dirt leaves an emulator in every state a program can put it in that a
// reset must undo: colours and palette set, titles, modes (application
// keys, origin, no autowrap, bracketed paste, mouse, focus, in-band
// resize), a scroll region, tab stops, the line-drawing charset, a kitty
// keyboard push, saved cursor, the alternate screen entered and left, and
// a sequence cut off in the middle.
const dirt = "\x1b]10;rgb:12/34/56\x07\x1b]11;rgb:65/43/21\x07\x1b]4;1;rgb:ff/00/ff\x07" +
	"\x1b]0;a title\x07\x1b]1;icon\x07\x1b]7;file:///tmp\x07" +
	"\x1b[?1h\x1b[?6h\x1b[?7l\x1b[?2004h\x1b[?1000h\x1b[?1006h\x1b[?1004h\x1b[?2048h\x1b=" +
	"\x1b[3;8r\x1b[5G\x1bH\x1b[20G\x1bH\x1b(0lqqk\x1b[>5u\x1b7\x1b[9;9H" +
	"\x1b[?1049hon the alt screen\x1b[?1049l" +
	"\x1b[1;31;44mstyled\x1b[4:3m" + "\x1b[?25l" + "\x1b]2;unfinished"

// A closed screen's emulator, handed to a new screen, must draw every
// recording exactly as a new emulator does: the same snapshots, changes
// and replies after every event.
func TestReusedEmulatorIsNew(t *testing.T) {
	t.Parallel() // its screens take their own slots, not the pool's
	files, _ := filepath.Glob("../recordings/testdata/corpus/*.cast")
	more, _ := filepath.Glob("../recordings/agents/*.cast")
	files = append(files, more...)
	if len(files) < 10 {
		t.Fatalf("found %d recordings, want the corpus", len(files))
	}
	// Rehearse on a size other than each recording's, so the reset's
	// resize is exercised too.
	var spare slot
	var used *binding
	{
		s := newScreen(50, 7, &spare)
		s.WriteAt(time.Unix(1, 0), []byte(dirt))
		used = s.bind
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if s.bind != nil {
			t.Fatal("Close kept the screen's binding")
		}
	}
	for _, f := range files {
		c, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w, h := c.Header.Width, c.Header.Height
		var mu sync.Mutex
		var gotReplies, wantReplies []string
		reused := newScreen(w, h, &spare, WithReplies(func(p []byte) {
			mu.Lock()
			gotReplies = append(gotReplies, string(p))
			mu.Unlock()
		}))
		if reused.bind != used {
			t.Fatal("the screen did not take the binding offered")
		}
		fresh := newScreen(w, h, &slot{}, WithReplies(func(p []byte) {
			mu.Lock()
			wantReplies = append(wantReplies, string(p))
			mu.Unlock()
		}))
		if fresh.bind == used {
			t.Fatal("the fresh screen reused a binding")
		}
		at := time.Unix(100, 0)
		compare := func(where string) {
			t.Helper()
			if got, want := reused.Snapshot(), fresh.Snapshot(); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %s: reused emulator shows\n%s\nnew one\n%s", f, where, got, want)
			}
		}
		compare("at start")
		for i, e := range c.Events {
			if e.Kind != asciicast.Output {
				continue
			}
			when := at.Add(e.Time)
			got, want := reused.WriteAt(when, []byte(e.Data)), fresh.WriteAt(when, []byte(e.Data))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: event %d: reused emulator reports %+v, new one %+v", f, i, got, want)
			}
			compare(fmt.Sprintf("event %d", i))
		}
		// Queries answered from state the dirt changed.
		probe := []byte("\x1b]10;?\x07\x1b]11;?\x07\x1b]4;1;?\x07\x1b[?1$p\x1b[?2004$p\x1b[?u\x1b[6n\x1b[c")
		reused.WriteAt(at.Add(time.Hour), probe)
		fresh.WriteAt(at.Add(time.Hour), probe)
		compare("after the probe")
		_ = fresh.Close()
		_ = reused.Close()
		if spare.b != used {
			t.Fatal("Close did not put the binding back")
		}
		mu.Lock()
		if !reflect.DeepEqual(gotReplies, wantReplies) {
			t.Fatalf("%s: reused emulator replied %q, new one %q", f, gotReplies, wantReplies)
		}
		mu.Unlock()
		// The reused binding goes round again, dirtied once more.
		s := newScreen(80, 24, &spare)
		s.WriteAt(at, []byte(dirt))
		_ = s.Close()
	}
}

// slot is a pool of one binding, which it never drops (a sync.Pool may).
type slot struct{ b *binding }

func (p *slot) Get() any {
	b := p.b
	p.b = nil
	if b == nil {
		return nil
	}
	return b
}

func (p *slot) Put(x any) { p.b = x.(*binding) }

// A closed screen keeps showing its last frame and ignores later output,
// since its emulator may already draw another screen's.
func TestClosedScreenKeepsItsFrame(t *testing.T) {
	var spare slot
	s := newScreen(20, 3, &spare)
	at := time.Unix(5, 0)
	s.WriteAt(at, []byte("kept\r\n"))
	before := s.Snapshot()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if spare.b == nil {
		t.Fatal("Close kept its emulator with no synchronized update open")
	}
	next := newScreen(20, 3, &spare)
	defer next.Close()
	next.WriteAt(at, []byte("another screen"))
	if ch := s.WriteAt(at.Add(time.Second), []byte("\x1b[2Jlate")); !reflect.DeepEqual(ch, Changes{}) {
		t.Errorf("a closed screen reported %+v for output written after Close", ch)
	}
	s.Resize(10, 2)
	if got := s.Snapshot(); !reflect.DeepEqual(got, before) {
		t.Errorf("after Close the screen shows\n%s\nwant\n%s", got, before)
	}
	if got := next.Snapshot().Row(1); got != "another screen      " && got != "another screen" {
		t.Errorf("the screen that took the emulator shows %q", got)
	}
}

// A screen closed inside a synchronized update keeps its emulator: its
// snapshot shows the frame behind the update once the hold is over.
func TestClosedInSyncKeepsEmulator(t *testing.T) {
	var spare slot
	s := newScreen(20, 3, &spare)
	s.WriteAt(time.Now(), []byte("old\x1b[?2026h\rnew"))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if spare.b != nil {
		t.Fatal("Close gave away the emulator of an open synchronized update")
	}
	if got := s.Snapshot().Row(1); !strings.HasPrefix(got, "old") {
		t.Errorf("within the hold the closed screen shows %q, want the frame before the update", got)
	}
}

// Close wakes the reply goroutine with an empty write; a reply it has just
// read must not make it miss that (Close hung when the goroutine looked at
// the stop flag after reading a reply).
func TestCloseRightAfterAReply(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 500 {
			s := New(10, 2, WithReplies(func([]byte) {}))
			s.WriteAt(time.Now(), []byte("\x1b[6n"))
			_ = s.Close()
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Close hung after a reply")
	}
}

// A reused emulator draws as a new one, whatever the last screen did: the
// alternate screen entered without clearing it (mode 47), written,
// scrolled within a region, and left.
func TestReusedDrawsAsNew(t *testing.T) {
	t.Parallel()
	const mainDirt = "\x1b[1;31;44mstyled\x1b[3;8r\x1b[5G\x1bH\x1b(0lqqk\x1b7\x1b[9;9H" +
		"line\r\nline\r\nline\r\nline\r\nline\r\nline\r\nline\r\nline\r\n\x1b[?25l"
	var spare slot
	s := newScreen(50, 7, &spare)
	at := time.Unix(1, 0)
	s.WriteAt(at, []byte(mainDirt))
	s.Resize(60, 9)
	used := s.bind
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	reused := newScreen(40, 5, &spare)
	fresh := newScreen(40, 5, &slot{})
	defer reused.Close()
	defer fresh.Close()
	if reused.bind != used {
		t.Fatal("the screen did not take the binding offered")
	}
	for i, out := range []string{
		"", "on main\r\n", "\x1b[?47h", "\x1b[3;3Halt\x1b[2;4r\x1b[4;1H\n\n\nx\x1b[r",
		"\x1b[?47l", "\x1b[?1049h\x1b[5;1H\n\ny", "\x1b[?1049l", "\x1b[?47h",
	} {
		at = at.Add(time.Second)
		got, want := reused.WriteAt(at, []byte(out)), fresh.WriteAt(at, []byte(out))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d (%q): reused emulator reports %+v, new one %+v", i, out, got, want)
		}
		if got, want := reused.Snapshot(), fresh.Snapshot(); !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d (%q): reused emulator shows\n%s\nnew one\n%s", i, out, got, want)
		}
	}
}

// BenchmarkReuse is a terminal's screen taken from the pool: a binding
// reset, one write of a round trip's output, and Close putting it back.
func BenchmarkReuse(b *testing.B) {
	var spare slot
	at := time.Unix(1, 0)
	for b.Loop() {
		s := newScreen(100, 30, &spare)
		s.WriteAt(at, []byte("$ echo round trip\r\nround trip\r\n$ "))
		_ = s.Close()
	}
}
