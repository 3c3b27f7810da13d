package session_test

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/session"
)

// A session is fed what happened and when; the owner ticks it at its
// deadline. Here a virtual clock plays a shell prompt, a typed command and
// its output.
func Example() {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clk := clock.NewVirtual(start)
	s, err := session.New(80, 24, start, session.WithCommand([]string{"sh"}), session.WithClock(clk))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	at := func(ms int) time.Time { return start.Add(time.Duration(ms) * time.Millisecond) }
	// until ticks the session at each deadline before t, as a timer would.
	until := func(t time.Time) {
		for dl, ok := s.Deadline(); ok && dl.Before(t); {
			s.Tick(dl)
			next, more := s.Deadline()
			if !more || !next.After(dl) {
				break // nothing more is due, or the deadline did not move
			}
			dl = next
		}
	}
	s.Output(at(5), []byte("$ "))
	until(at(300))
	s.Input(at(300), []byte("echo hi\r"))
	s.Output(at(302), []byte("echo hi\r\nhi\r\n$ "))
	until(at(2000))
	for _, tr := range s.Timeline() {
		fmt.Printf("+%v %s (%s)\n", tr.Time.Sub(start), tr.State, tr.Signal)
	}
	fmt.Println(s.Snapshot().Line(-1))
	// Output:
	// +0s starting (output)
	// +155ms ready (cursor)
	// +300ms busy (input)
	// +452ms ready (cursor)
	// $
}
