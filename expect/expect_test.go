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
	if err := expect.Wait(ctxFor(t, 5*time.Second), src, expect.Contains("\nhi\n")); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v to see a change made after 30ms", d)
	}
	if err := expect.Wait(ctxFor(t, time.Second), src, expect.Line(-1).Equals("$ ")); err != nil {
		t.Fatal(err)
	}
}

// Without changes a wait checks at its start and its end, never between:
// there is no polling interval.
func TestWaitDoesNotPoll(t *testing.T) {
	src := newSource(t)
	src.write("nothing here")
	err := expect.Wait(ctxFor(t, 300*time.Millisecond), src, expect.Contains("never"))
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
	err := expect.Wait(ctxFor(t, 100*time.Millisecond), src, expect.Line(-1).Equals("$ "))
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
	err := expect.Wait(ctxFor(t, 10*time.Second), src, expect.Contains("ready"))
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
	if err := expect.Wait(ctxFor(t, time.Second), src, expect.Contains("bye")); err != nil {
		t.Fatal(err)
	}
	// A timed condition can still come true after the end: time passes.
	if err := expect.Wait(ctxFor(t, time.Second), src, expect.Stable(50*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
}

func TestNotWaitsForAbsence(t *testing.T) {
	src := newSource(t)
	src.write("error: retrying")
	src.later(t, 30*time.Millisecond, "\x1b[2J\x1b[Hall good")
	if err := expect.Wait(ctxFor(t, 5*time.Second), src, expect.Not(expect.Contains("error"))); err != nil {
		t.Fatal(err)
	}
	err := expect.Wait(ctxFor(t, 50*time.Millisecond), src, expect.Not(expect.Contains("good")))
	if err == nil || !strings.Contains(err.Error(), `waiting until: the screen does not contain "good"`) ||
		!strings.Contains(err.Error(), `found "good" on row 1: "all good"`) {
		t.Errorf("negated failure message:\n%v", err)
	}
}

func TestStable(t *testing.T) {
	src := newSource(t)
	stable := expect.Stable(100 * time.Millisecond)
	if err := stable.Check(src.Snapshot()); err == nil || !strings.Contains(err.Error(), "no output yet") {
		t.Errorf("a screen with no output counts as stable: %v", err)
	}
	src.write("drawing")
	start := time.Now()
	if err := expect.Wait(ctxFor(t, 5*time.Second), src, stable); err != nil {
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
	if err := expect.Wait(ctxFor(t, 3*time.Second), src, expect.Contains("new frame")); err != nil {
		t.Fatal(err)
	}
}

func TestSourceTimeoutBoundsWait(t *testing.T) {
	src := newSource(t)
	src.timeout = 50 * time.Millisecond
	start := time.Now()
	err := expect.Wait(context.Background(), withTimeout{src}, expect.Contains("x"))
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Errorf("err = %v after %v, want a timeout at about 50ms", err, time.Since(start))
	}
}

func TestConditions(t *testing.T) {
	s := screen.New(20, 5)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("\x1b]2;my title\x07top line\r\n\x1b[31mred\x1b[m and 宽字\r\n$ "))
	snap := s.Snapshot()
	holds := []expect.Condition{
		expect.Contains("red and"),
		expect.Matches(regexp.MustCompile(`(?m)^\$ $`)),
		expect.Equals("top line\nred and 宽字\n$ "),
		expect.Line(1).Equals("top line"),
		expect.Line(-1).Equals("$ "),
		expect.Line(-2).Contains("宽"),
		expect.Row(2).Matches(regexp.MustCompile(`^red`)),
		expect.Row(5).Equals(""),
		expect.Region(1, 1, 2, 3).Equals("top\nred"),
		expect.Region(2, 9, 2, 12).Equals("宽字"),
		expect.CursorAt(3, 3),
		expect.Title("my title"),
		expect.Not(expect.Contains("error")),
		expect.Not(expect.Line(-1).Equals("$")),
		expect.Not(expect.Not(expect.Contains("top"))),
		expect.Func("the first cell is red", func(s screen.Snapshot) error {
			if s.Cell(2, 1).Fg == nil {
				return errors.New("row 2, col 1 has the default colour")
			}
			return nil
		}),
	}
	for _, e := range holds {
		if err := e.Check(snap); err != nil {
			t.Errorf("%s: %v\n%s", e, err, snap)
		}
	}
	fails := map[expect.Condition]string{
		expect.Contains("nope"):                               `the screen does not contain "nope"`,
		expect.Line(1).Contains("nope"):                       `line 1 is "top line"`,
		expect.CursorAt(1, 1):                                 `the cursor is at 3,3`,
		expect.Not(expect.Matches(regexp.MustCompile(`r.d`))): `matched "red" on row 2: "red and 宽字"`,
		expect.Equals("x"):                                    "the screen differs (-want +got)",
		expect.Not(expect.Func("always", func(screen.Snapshot) error { return nil })): "it holds",
	}
	for e, want := range fails {
		err := e.Check(snap)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want it to say %q", e, err, want)
		}
	}
	if got, want := expect.Not(expect.Line(-1).Equals("$ ")).String(), `line -1 differs from "$ "`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := expect.Not(expect.Func("always", nil)).String(), `not: always`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestWaitWithoutSource(t *testing.T) {
	err := expect.Wait(context.Background(), nil, expect.Contains("x"))
	if err == nil || !strings.Contains(err.Error(), "no Source") {
		t.Errorf("err = %v", err)
	}
}
