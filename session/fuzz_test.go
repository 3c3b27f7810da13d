package session_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/session"
)

// FuzzSession drives a whole session (screen and readiness engine, every
// built-in profile) with arbitrary output in arbitrary pieces at arbitrary
// times, with keys typed, resizes and ticks at every deadline, as a replay
// does: nothing panics, the engine's decisions never go back in time, and
// a tick at a deadline always moves it on or drops it (a timer never spins).
func FuzzSession(f *testing.F) {
	f.Add([]byte("\x1b]133;A\x07$ \x1b]133;B\x07ls\r\nfile\r\n\x1b]133;D;0\x07"), []byte{3, 40, 200, 7}, uint8(0))
	f.Add([]byte("\x1b[?2026h⠋ Thinking… (esc to interrupt)\x1b[?2026l\r\x1b[2K⠙ Thinking…\r\n> \x1b[7m \x1b[0m"), []byte{9, 80, 0, 120, 1}, uint8(1))
	f.Add([]byte("\x1b[?1049h\x1b[1;1H Do you want to proceed?\r\n ❯ 1. Yes\r\n   2. No\x1b]9;4;3;\x07\x1b[6n"), []byte{5, 1, 250}, uint8(2))
	f.Add([]byte("? Name (Josh) \x1b[?25h\x1b]0;title\x07\x07\x1b[5;100r\x1b[?69h\x1b[;300s\n\n"), []byte{2, 2, 2, 255}, uint8(3))
	runtimes := []string{"generic", "claude", "codex", "gemini"}
	f.Fuzz(func(t *testing.T, out, script []byte, runtime uint8) {
		if len(script) == 0 {
			script = []byte{16}
		}
		t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		clk := clock.NewVirtual(t0)
		s, err := session.New(40, 10, t0, session.WithClock(clk), session.WithRuntime(runtimes[int(runtime)%len(runtimes)]))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		// tickUntil ticks at every deadline up to at, as a timer would.
		tickUntil := func(at time.Time) {
			for ticks := 0; ; ticks++ {
				dl, ok := s.Deadline()
				if !ok || dl.After(at) {
					return
				}
				if ticks > 1000 {
					t.Fatalf("1000 ticks up to %v and the deadline is still %v", at.Sub(t0), dl.Sub(t0))
				}
				clk.Set(maxTime(clk.Now(), dl))
				s.Tick(clk.Now())
				if again, ok := s.Deadline(); ok && !again.After(dl) {
					// The engine kept its deadline: a live timer fires a
					// millisecond later at the earliest.
					clk.Set(clk.Now().Add(time.Millisecond))
					s.Tick(clk.Now())
				}
			}
		}
		now := t0
		for i := 0; len(out) > 0; i++ {
			op := script[i%len(script)]
			n := min(int(op%32)+1, len(out))
			now = now.Add(time.Duration(op) * time.Millisecond)
			tickUntil(now)
			clk.Set(maxTime(clk.Now(), now))
			switch op % 11 {
			case 3:
				s.Input(clk.Now(), []byte("\r"))
			case 7:
				s.Resize(clk.Now(), int(op%60)+1, int(op%20)+1)
			}
			s.Output(clk.Now(), out[:n])
			out = out[n:]
		}
		tickUntil(now.Add(15 * time.Second))
		_ = s.Describe()
		var last time.Time
		for _, tr := range s.Timeline() {
			if tr.Time.Before(last) {
				t.Fatalf("transition at %v after one at %v: %v", tr.Time.Sub(t0), last.Sub(t0), s.Timeline())
			}
			last = tr.Time
		}
	})
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
