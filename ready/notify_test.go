package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// notifyProfile is the generic profile with the notify signal selected,
// Codex's approval text as the attention marker.
func notifyProfile() ready.Profile {
	p := ready.Generic()
	p.Name = "notifying"
	p.Signals = append(p.Signals, ready.SignalSpec{Name: "notify",
		Markers: []ready.Marker{{Name: "approval", Pattern: `^Approval requested`, Region: ready.WholeScreen}}})
	return p
}

// agentTurn draws an agent-like TUI: a prompt box at row 5 (cursor at
// column 3), the prompt submitted, a spinner line above the box repainted
// 200 ms apart for a second, then the answer replacing it. It returns the
// time of the answer's last byte.
func agentTurn(s *sim, answer string) time.Duration {
	s.out("\x1b[H\x1b[2J\x1b[5;1H› ")
	s.advance(time.Second)
	s.in("hi\r")
	for i := range 5 {
		if i > 0 {
			s.advance(200 * time.Millisecond)
		}
		s.out("\x1b[3;1H\x1b[2K" + string("⠋⠙⠹⠸⠼"[i*3:i*3+3]) + " Working (esc to interrupt)\x1b[5;3H")
	}
	s.advance(200 * time.Millisecond)
	s.out("\x1b[3;1H\x1b[2K" + answer + "\x1b[5;3H")
	return s.at()
}

// With the mark right after the answer, the engine is ready 50 ms later,
// not after the quiet window (150 ms) it needs otherwise.
func TestNotifyDecidesTurnEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prof    ready.Profile
		mark    string
		lo, hi  time.Duration
		wantSig ready.Signal
	}{
		{"osc9", notifyProfile(), "\x1b]9;Hello\x07", 50 * time.Millisecond, 50 * time.Millisecond, ready.SignalProtocol},
		{"osc777", notifyProfile(), "\x1b]777;notify;Gemini CLI session complete;Run finished\x07", 50 * time.Millisecond, 50 * time.Millisecond, ready.SignalProtocol},
		{"bel", notifyProfile(), "\x07", 50 * time.Millisecond, 50 * time.Millisecond, ready.SignalProtocol},
		{"not selected", ready.Generic(), "\x1b]9;Hello\x07", 100 * time.Millisecond, 200 * time.Millisecond, ready.SignalCursor},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, tc.prof)
			last := agentTurn(s, "Hello")
			s.advance(10 * time.Millisecond)
			s.out(tc.mark)
			mark := s.at()
			s.advance(time.Second)
			got := s.readyAt(last)
			if got < 0 || got-mark < tc.lo || got-mark > tc.hi {
				t.Fatalf("ready at +%v, %v after the mark; want %v–%v\n%s", got, got-mark, tc.lo, tc.hi, s.timeline())
			}
			if tr := s.eng.Current(); tr.State != ready.Ready || tr.Signal != tc.wantSig {
				t.Fatalf("decided %v by %s, want ready by %s\n%s", tr, tr.Signal, tc.wantSig, s.timeline())
			}
		})
	}
}

// A mark while a busy marker is fresh (the spinner still repainted) decides
// nothing: the screen has the last word.
func TestNotifyNeverWhileBusy(t *testing.T) {
	s := newSim(t, notifyProfile())
	s.out("\x1b[H\x1b[2J\x1b[5;1H› ")
	s.advance(time.Second)
	s.in("hi\r")
	since := s.at()
	for i := range 8 {
		if i > 0 {
			s.advance(200 * time.Millisecond)
		}
		s.out("\x1b[3;1H\x1b[2K" + string("⠋⠙⠹⠸⠼⠴⠦⠧"[i*3:i*3+3]) + " Working (esc to interrupt)\x1b[5;3H")
		if i == 2 {
			s.out("\x1b]9;done too soon\x07\x07")
		}
	}
	s.neverWaiting(since)
}

// A mark from before the latest input speaks of an earlier turn.
func TestNotifyBeforeInputIgnored(t *testing.T) {
	s := newSim(t, notifyProfile())
	s.out("\x1b[H\x1b[2J\x1b[5;1H› \x1b]9;started\x07")
	s.advance(time.Second)
	s.in("hi\r")
	s.out("\x1b[1;1Hhi\x1b[5;3H")
	since := s.at()
	s.advance(100 * time.Millisecond) // past tune.NotifySettle, short of the quiet window
	s.neverWaiting(since)
}

// An attention message ("Approval requested") with a question drawn
// decides the question 50 ms after it; without a question it decides
// nothing, least of all ready.
func TestNotifyAttention(t *testing.T) {
	t.Run("question drawn", func(t *testing.T) {
		s := newSim(t, notifyProfile())
		agentTurn(s, "Working on it")
		s.out("\x1b[5;1H\x1b[2KRun touch x? [y/n] \x1b]9;Approval requested: touch x\x07")
		mark := s.at()
		s.advance(time.Second)
		got := s.readyAt(mark)
		if tr := s.eng.Current(); got-mark != 50*time.Millisecond || tr.State != ready.Question || tr.Signal != ready.SignalProtocol {
			t.Fatalf("%v at +%v, want a question 50ms after the mark\n%s", tr, got, s.timeline())
		}
		// Held open and repainted every second (Codex does), it stays a
		// question.
		for range 3 {
			s.out("\x1b[5;1H\x1b[2KRun touch x? [y/n] ") // the same frame again
			s.advance(time.Second)
		}
		for _, tr := range s.eng.Timeline() {
			if tr.Time.Sub(s.t0) > mark && tr.State != ready.Question {
				t.Fatalf("the held question became %v\n%s", tr, s.timeline())
			}
		}
	})
	t.Run("no question", func(t *testing.T) {
		s := newSim(t, notifyProfile())
		agentTurn(s, "Working on it")
		mark := s.at()
		s.out("\x1b]9;Approval requested: touch x\x07")
		s.advance(100 * time.Millisecond)
		s.neverWaiting(mark)
	})
}

// The cursor away from an input position vetoes the mark.
func TestNotifyCursorVeto(t *testing.T) {
	s := newSim(t, notifyProfile())
	agentTurn(s, "Hello")
	s.out("\x1b[5;1H\x1b]9;Hello\x07") // cursor at column 1, left of the input column
	mark := s.at()
	s.advance(100 * time.Millisecond)
	s.neverWaiting(mark)
}
