package session_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/session"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func newSession(t *testing.T, opts ...session.Option) *session.Session {
	t.Helper()
	s, err := session.New(80, 24, t0, append([]session.Option{session.WithClock(clock.NewVirtual(t0))}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// A shell's OSC 133 prompt is decided from the screen's marks, the
// recording gets every event in order, and the report shows it all.
func TestSessionFeedsEveryPart(t *testing.T) {
	var file bytes.Buffer
	w, err := asciicast.NewWriter(&file, asciicast.Header{Width: 80, Height: 24})
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, session.WithCommand([]string{"bash"}), session.WithRecorder(w))
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }

	s.Output(ms(10), []byte("\x1b]133;A\x07$ \x1b]133;B\x07"))
	if cur := s.Current(); cur.State != ready.Ready || cur.Signal != ready.SignalProtocol {
		t.Fatalf("after OSC 133;B: %v, want ready by protocol", cur)
	}
	s.Input(ms(20), []byte("ls\r"))
	s.Resize(ms(30), 90, 30)
	s.Output(ms(40), []byte("ls\r\n\x1b]133;C\x07file\r\n\x1b]133;D;0\x07"))
	s.Exit(ms(50), 3)
	s.Exit(ms(60), 4) // only the first exit counts
	if code, ok := s.ExitCode(); !ok || code != 3 {
		t.Errorf("ExitCode() = %d, %v; want 3, true", code, ok)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	c, err := asciicast.Read(&file)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range c.Events {
		kinds = append(kinds, fmt.Sprintf("%v@%v", e.Kind, e.Time))
	}
	if got, want := strings.Join(kinds, " "), "o@10ms i@20ms r@30ms o@40ms m@50ms"; got != want {
		t.Errorf("recorded events %s, want %s", got, want)
	}
	report := s.Describe()
	for _, want := range []string{"│file", `last `, `\x1b]133;D;0\a`, "+0.010s", "ready", "exited"} {
		if !strings.Contains(report, want) {
			t.Errorf("Describe lacks %q:\n%s", want, report)
		}
	}
}

// The failure report keeps the last LastKept bytes of output, however it
// arrived.
func TestLastOutputIsBounded(t *testing.T) {
	s := newSession(t)
	for i := range 100 {
		s.Output(t0.Add(time.Duration(i)*time.Millisecond), []byte(fmt.Sprintf("line %03d\r\n", i)))
	}
	s.Output(t0.Add(time.Second), bytes.Repeat([]byte("x"), 3*session.LastKept))
	s.Output(t0.Add(2*time.Second), []byte("end"))
	last := s.LastOutput()
	if len(last) != session.LastKept || !bytes.HasSuffix(last, []byte("xxxend")) {
		t.Errorf("last output: %d bytes ending %q; want %d ending with the latest", len(last), last[max(len(last)-10, 0):], session.LastKept)
	}
}

// The last output is kept without a copy at every event (keepLast: a
// window of a buffer only appended to): after outputs of every size, below,
// at and above LastKept, it is exactly the latest LastKept bytes, and a
// reader holding what was published before (Describe, LastOutput on
// another goroutine) never sees those bytes change: under -race, a write
// over a window handed out is a race, and a reader checks that what it got
// is one run of the numbered output.
func TestLastOutputIsTheLatestBytes(t *testing.T) {
	s := newSession(t)
	stop, done := make(chan struct{}), make(chan error)
	go func() {
		var err error
		defer func() { done <- err }()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err = oneRun(s.LastOutput()); err != nil {
				return
			}
			_ = s.Describe()
		}
	}()
	var all []byte
	n := 0
	for i := range 150 {
		var p []byte
		for range (i * 7919) % 97 * (1 + i%5) { // 0 to about 480 numbers an event: up to 3.5 KiB
			p = fmt.Appendf(p, "%06d ", n)
			n++
		}
		all = append(all, p...)
		s.Output(t0.Add(time.Duration(i)*time.Millisecond), p)
		want := all[max(len(all)-session.LastKept, 0):]
		if got := s.LastOutput(); !bytes.Equal(got, want) {
			close(stop)
			<-done
			t.Fatalf("after event %d (%d bytes): last output is %d bytes ending %q, want %d ending %q",
				i, len(p), len(got), got[max(len(got)-16, 0):], len(want), want[max(len(want)-16, 0):])
		}
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// oneRun checks that b is a part of "000000 000001 ...": consecutive
// numbers, the first and last maybe cut.
func oneRun(b []byte) error {
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return nil
	}
	prev := -1
	for _, w := range f[1 : len(f)-1] {
		var k int
		if _, err := fmt.Sscanf(w, "%d", &k); err != nil || prev >= 0 && k != prev+1 {
			return fmt.Errorf("last output is not one run of the output: %q after %d in %q", w, prev, b)
		}
		prev = k
	}
	return nil
}

// A late timer ticks the engine at its deadline when nothing happened in
// between, as a replay would; after an event, at the time it is given.
func TestTickAtTheDeadline(t *testing.T) {
	s := newSession(t)
	s.Output(t0, []byte("$ "))
	dl, ok := s.Deadline()
	if !ok {
		t.Fatal("no deadline after a prompt")
	}
	trs := s.Tick(dl.Add(40 * time.Millisecond)) // the timer fired 40 ms late
	if len(trs) == 0 || !trs[len(trs)-1].Time.Equal(dl) {
		t.Errorf("late tick decided %v; want a transition at the deadline %v", trs, dl.Sub(t0))
	}
}

// The stuck bound is one default for live and replay.
func TestDefaultStuckBound(t *testing.T) {
	s := newSession(t)
	s.Tick(t0.Add(session.DefaultStuckAfter - time.Millisecond))
	if st := s.Current().State; st == ready.Stuck {
		t.Fatalf("stuck before the bound")
	}
	s.Tick(t0.Add(session.DefaultStuckAfter))
	if st := s.Current().State; st != ready.Stuck {
		t.Errorf("state %s at the stuck bound, want stuck", st)
	}
}

// A recorder that fails does not stop the session; Close says why.
func TestRecorderErrorSurfaces(t *testing.T) {
	w, err := asciicast.NewWriter(&failAfter{n: 1}, asciicast.Header{Width: 80, Height: 24})
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, session.WithRecorder(w))
	s.Output(t0, []byte("hello"))
	if got := s.Snapshot().Line(1); got != "hello" {
		t.Errorf("screen %q after a failed recording", got)
	}
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Close() = %v, want the recorder's error", err)
	}
}

// An unknown runtime fails New with the names it knows.
func TestUnknownRuntime(t *testing.T) {
	_, err := session.New(80, 24, t0, session.WithRuntime("nope"))
	if err == nil || !strings.Contains(err.Error(), "claude") {
		t.Errorf("New(WithRuntime(nope)) = %v; want the built-in names listed", err)
	}
}

// failAfter accepts n writes, then fails.
type failAfter struct{ n, seen int }

func (f *failAfter) Write(p []byte) (int, error) {
	f.seen++
	if f.seen > f.n {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// A live timer fires late; the engine is ticked at the deadline it asked
// for, as a replay ticks it, so the decision carries the deadline's time.
// A second late tick does not go back to that deadline.
func TestLateTickDecidesAtTheDeadline(t *testing.T) {
	s := newSession(t)
	s.Output(t0.Add(10*time.Millisecond), []byte("$ "))
	dl, ok := s.Deadline()
	if !ok {
		t.Fatal("no deadline after a prompt was drawn")
	}
	trs := s.Tick(dl.Add(40 * time.Millisecond))
	if len(trs) == 0 || trs[len(trs)-1].State != ready.Ready {
		t.Fatalf("late tick: got %v, want a Ready transition\n%s", trs, s.Describe())
	}
	if got := trs[len(trs)-1].Time; !got.Equal(dl) {
		t.Errorf("decided at +%v, want the deadline +%v", got.Sub(t0), dl.Sub(t0))
	}
	later := dl.Add(80 * time.Millisecond)
	s.Tick(later)
	if st := s.Status(); st.Time.Before(later) {
		t.Errorf("second tick evaluated at +%v, want +%v", st.Time.Sub(t0), later.Sub(t0))
	}
}

// A channel from Changed is closed by the next event, and only by it: the
// channel is made when asked for, so events nobody waits on make none.
func TestChangedClosesAtTheNextEvent(t *testing.T) {
	s := newSession(t)
	s.Output(t0.Add(time.Millisecond), []byte("one"))
	ch := s.Changed()
	if again := s.Changed(); again != ch {
		t.Fatal("two calls between events return different channels")
	}
	select {
	case <-ch:
		t.Fatal("closed before any event")
	default:
	}
	s.Output(t0.Add(2*time.Millisecond), []byte(" two"))
	select {
	case <-ch:
	default:
		t.Fatal("still open after an event")
	}
	next := s.Changed()
	select {
	case <-next:
		t.Fatal("the channel taken after the event is closed already")
	default:
	}
	var trs []ready.Transition
	for i := 1; i <= 100 && len(trs) == 0; i++ { // ticks until one decides something
		trs = s.Tick(t0.Add(time.Duration(i) * time.Second))
		if len(trs) == 0 {
			select {
			case <-next:
				t.Fatalf("closed by a tick that changed nothing (tick %d)", i)
			default:
			}
		}
	}
	if len(trs) == 0 {
		t.Fatal("100 s of ticks decided nothing")
	}
	select {
	case <-next:
	default:
		t.Fatalf("still open after a tick that decided %v", trs)
	}
}

// An input its sender withdrew while it waited for the session (InputIf's
// ok says false) leaves no trace: the recording does not hold it and the
// engine did not hear of it. One still wanted is applied as Input is, or as
// SecretInput when secret.
func TestInputIfWithdrawnLeavesNoTrace(t *testing.T) {
	var file bytes.Buffer
	w, err := asciicast.NewWriter(&file, asciicast.Header{Width: 80, Height: 24})
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, session.WithCommand([]string{"bash"}), session.WithRecorder(w))
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	s.Output(ms(10), []byte("\x1b]133;A\x07$ \x1b]133;B\x07"))
	before := s.Current()
	if before.State != ready.Ready {
		t.Fatalf("after OSC 133;B: %v, want ready", before)
	}
	if s.InputIf(ms(20), []byte("gone\r"), false, func() bool { return false }) {
		t.Fatal("InputIf applied an input its sender withdrew")
	}
	if cur := s.Current(); cur != before {
		t.Errorf("after a withdrawn input the engine says %v, want still %v", cur, before)
	}
	if !s.InputIf(ms(30), []byte("pw\r"), true, func() bool { return true }) {
		t.Fatal("InputIf did not apply an input still wanted")
	}
	if cur := s.Current(); cur.State != ready.Busy || cur.Signal != ready.SignalInput {
		t.Errorf("after an input: %v, want busy by input", cur)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := asciicast.Read(&file)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range c.Events {
		got = append(got, fmt.Sprintf("%v@%v %q", e.Kind, e.Time, e.Data))
	}
	want := []string{`o@10ms "\x1b]133;A\a$ \x1b]133;B\a"`, `m@30ms "redacted input: 3 bytes typed with echo off"`, `i@30ms "**\r"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("recorded events:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
