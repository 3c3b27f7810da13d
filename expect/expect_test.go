package expect_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// fakeSource is a screen fed by hand, standing in for a terminal.
type fakeSource struct {
	scr       *screen.Screen
	mu        sync.Mutex
	changed   chan struct{}
	done      chan struct{}
	snapshots atomic.Int32
	timeout   time.Duration
}

func newSource(t *testing.T) *fakeSource {
	f := &fakeSource{scr: screen.New(40, 6), changed: make(chan struct{}), done: make(chan struct{})}
	t.Cleanup(func() { f.scr.Close() })
	return f
}

func (f *fakeSource) write(s string) {
	f.scr.WriteAt(time.Now(), []byte(s))
	f.mu.Lock()
	close(f.changed)
	f.changed = make(chan struct{})
	f.mu.Unlock()
}

// later writes s after d, as a program would.
func (f *fakeSource) later(t *testing.T, d time.Duration, s string) {
	tm := time.AfterFunc(d, func() { f.write(s) })
	t.Cleanup(func() { tm.Stop() })
}

func (f *fakeSource) Snapshot() screen.Snapshot { f.snapshots.Add(1); return f.scr.Snapshot() }
func (f *fakeSource) Changed() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.changed
}
func (f *fakeSource) Done() <-chan struct{} { return f.done }
func (f *fakeSource) Describe() string {
	return "fake program\n" + f.scr.Snapshot().String() + "last bytes: (fake)\n"
}

// withTimeout gives the source a default wait bound, as a terminal has.
type withTimeout struct{ *fakeSource }

func (w withTimeout) Timeout() time.Duration { return w.timeout }

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestWaitWakesOnChange(t *testing.T) {
	src := newSource(t)
	src.write("$ ")
	src.later(t, 30*time.Millisecond, "echo hi\r\nhi\r\n$ ")
	start := time.Now()
	if err := expect.Screen(src).ToContain("\nhi\n").Wait(ctxFor(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v to see a change made after 30ms", d)
	}
	if err := expect.Screen(src).Line(-1).ToEqual("$ ").Wait(ctxFor(t, time.Second)); err != nil {
		t.Fatal(err)
	}
}

// Without changes a wait checks at its start and its end, never between:
// there is no polling interval.
func TestWaitDoesNotPoll(t *testing.T) {
	src := newSource(t)
	src.write("nothing here")
	err := expect.Screen(src).ToContain("never").Wait(ctxFor(t, 300*time.Millisecond))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a timeout", err)
	}
	if n := src.snapshots.Load(); n > 2 {
		t.Errorf("took %d snapshots of an unchanging screen, want at most 2 (start and end)", n)
	}
}

func TestTimeoutMessage(t *testing.T) {
	src := newSource(t)
	src.write("$ ec")
	err := expect.Screen(src).Line(-1).ToEqual("$ ").Wait(ctxFor(t, 100*time.Millisecond))
	var e *expect.Error
	if !errors.As(err, &e) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %#v, want an *expect.Error wrapping DeadlineExceeded", err)
	}
	if e.Waited < 50*time.Millisecond || e.Waited > 2*time.Second {
		t.Errorf("Waited = %v", e.Waited)
	}
	msg := err.Error()
	for _, want := range []string{
		`timed out after`,
		`waiting until: line -1 equals "$ "`,
		`line -1 differs (-want +got)`,
		`"$ ",`, // go-cmp's diff lines; its spacing varies on purpose
		`"$ ec",`,
		"  1 │$ ec\n    │    ^ cursor", // the screen, once, with the cursor marked
		"fake program",
		"last bytes: (fake)",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if n := strings.Count(msg, "^ cursor"); n != 1 {
		t.Errorf("screen shown %d times, want once:\n%s", n, msg)
	}
}

func TestDoneFailsAtOnce(t *testing.T) {
	src := newSource(t)
	src.write("starting")
	time.AfterFunc(50*time.Millisecond, func() { src.write("\r\nfatal: no config"); close(src.done) })
	start := time.Now()
	err := expect.Screen(src).ToContain("ready").Wait(ctxFor(t, 10*time.Second))
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("failed after %v; an ended source must fail at once", d)
	}
	if !errors.Is(err, expect.ErrDone) {
		t.Fatalf("err = %v, want ErrDone", err)
	}
	if !strings.Contains(err.Error(), "fatal: no config") {
		t.Errorf("message lacks the final screen:\n%v", err)
	}
}

func TestDoneButFinalScreenHolds(t *testing.T) {
	src := newSource(t)
	src.write("bye")
	close(src.done)
	if err := expect.Screen(src).ToContain("bye").Wait(ctxFor(t, time.Second)); err != nil {
		t.Fatal(err)
	}
	// A timed condition can still come true after the end: time passes.
	if err := expect.Screen(src).ToBeStable(50 * time.Millisecond).Wait(ctxFor(t, time.Second)); err != nil {
		t.Fatal(err)
	}
}

func TestNotWaitsForAbsence(t *testing.T) {
	src := newSource(t)
	src.write("error: retrying")
	src.later(t, 30*time.Millisecond, "\x1b[2J\x1b[Hall good")
	if err := expect.Screen(src).Not().ToContain("error").Wait(ctxFor(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	err := expect.Screen(src).Not().ToContain("good").Wait(ctxFor(t, 50*time.Millisecond))
	if err == nil || !strings.Contains(err.Error(), `waiting until: the screen does not contain "good"`) ||
		!strings.Contains(err.Error(), `found "good" on row 1: "all good"`) {
		t.Errorf("negated failure message:\n%v", err)
	}
}

func TestStable(t *testing.T) {
	src := newSource(t)
	stable := expect.Screen(src).ToBeStable(100 * time.Millisecond)
	if err := stable.Check(src.Snapshot()); err == nil || !strings.Contains(err.Error(), "no output yet") {
		t.Errorf("a screen with no output counts as stable: %v", err)
	}
	src.write("drawing")
	start := time.Now()
	if err := stable.Wait(ctxFor(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 90*time.Millisecond || d > 2*time.Second {
		t.Errorf("stable after %v, want about 100ms", d)
	}
	// An open synchronized update is not stable, however quiet.
	src.write("\x1b[?2026hhalf")
	if _, err := stable.CheckAt(src.Snapshot(), time.Now().Add(500*time.Millisecond)); err == nil || !strings.Contains(err.Error(), "synchronized update") {
		t.Errorf("open sync update: %v", err)
	}
}

// A frame held open by a synchronized update is shown after a second even
// if nothing more arrives; the wait must look again then.
func TestSyncHeldFrameReleased(t *testing.T) {
	src := newSource(t)
	src.write("old")
	src.write("\x1b[?2026h\x1b[2J\x1b[Hnew frame")
	if got := src.Snapshot().Text(); got != "old" {
		t.Fatalf("held frame: %q", got)
	}
	if err := expect.Screen(src).ToContain("new frame").Wait(ctxFor(t, 3*time.Second)); err != nil {
		t.Fatal(err)
	}
}

func TestSourceTimeoutBoundsWait(t *testing.T) {
	src := newSource(t)
	src.timeout = 50 * time.Millisecond
	start := time.Now()
	err := expect.Screen(withTimeout{src}).ToContain("x").Wait(context.Background())
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Errorf("err = %v after %v, want a timeout at about 50ms", err, time.Since(start))
	}
}

func TestConditions(t *testing.T) {
	s := screen.New(20, 5)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("\x1b]2;my title\x07top line\r\n\x1b[31mred\x1b[m and 宽字\r\n$ "))
	snap := s.Snapshot()
	a := expect.Screen(nil)
	holds := []*expect.Expectation{
		a.ToContain("red and"),
		a.ToMatch(regexp.MustCompile(`(?m)^\$ $`)),
		a.ToEqual("top line\nred and 宽字\n$ "),
		a.Line(0).ToEqual("top line"),
		a.Line(-1).ToEqual("$ "),
		a.Line(-2).ToContain("宽"),
		a.Row(2).ToMatch(regexp.MustCompile(`^red`)),
		a.Row(5).ToEqual(""),
		a.Region(1, 1, 2, 3).ToEqual("top\nred"),
		a.Region(2, 9, 2, 12).ToEqual("宽字"),
		a.ToHaveCursorAt(3, 3),
		a.ToHaveTitle("my title"),
		a.Not().ToContain("error"),
		a.Line(-1).Not().ToEqual("$"),
		a.Not().Not().ToContain("top"),
		a.ToSatisfy(expect.Func("the first cell is red", func(s screen.Snapshot) error {
			if s.Cell(2, 1).Fg == nil {
				return errors.New("row 2, col 1 has the default colour")
			}
			return nil
		})),
	}
	for _, e := range holds {
		if err := e.Check(snap); err != nil {
			t.Errorf("%s: %v\n%s", e, err, snap)
		}
	}
	fails := map[*expect.Expectation]string{
		a.ToContain("nope"):                        `the screen does not contain "nope"`,
		a.Line(0).ToContain("nope"):                `line 0 is "top line"`,
		a.ToHaveCursorAt(1, 1):                     `the cursor is at 3,3`,
		a.Not().ToMatch(regexp.MustCompile(`r.d`)): `matched "red" on row 2: "red and 宽字"`,
		a.ToEqual("x"):                             "the screen differs (-want +got)",
		a.Not().ToSatisfy(expect.Func("always", func(screen.Snapshot) error { return nil })): "it holds",
	}
	for e, want := range fails {
		err := e.Check(snap)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want it to say %q", e, err, want)
		}
	}
	if got, want := a.Line(-1).Not().ToEqual("$ ").String(), `line -1 differs from "$ "`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestWaitWithoutSource(t *testing.T) {
	err := expect.Screen(nil).ToContain("x").Wait(context.Background())
	if err == nil || !strings.Contains(err.Error(), "no Source") {
		t.Errorf("err = %v", err)
	}
}
