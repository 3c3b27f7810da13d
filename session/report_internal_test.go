package session

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// A report never waits for an event being applied (a piece of a flood held
// the session's lock for seconds under load): Describe, Timeline and
// LastOutput read what the session published, and TryTick and TryStatus
// give up at once.
func TestReportsDoNotWaitForAnEvent(t *testing.T) {
	start := time.Unix(1000, 0)
	s, err := New(20, 5, start)
	if err != nil {
		t.Fatal(err)
	}
	s.Output(start.Add(time.Millisecond), []byte("hello\r\n$ "))
	s.Input(start.Add(2*time.Millisecond), []byte("x"))
	s.Tick(start.Add(5 * time.Second))
	if got, want := s.Timeline(), s.eng.Timeline(); !reflect.DeepEqual(got, want) {
		t.Fatalf("published timeline\n%v\nengine's\n%v", got, want)
	}

	s.mu.Lock() // an event being applied
	done := make(chan string, 1)
	go func() {
		if s.TryTick(start.Add(6*time.Second)) || func() bool { _, ok := s.TryStatus(); return ok }() {
			done <- "TryTick or TryStatus took the lock of an event being applied"
			return
		}
		d := s.Describe()
		_ = s.Timeline()
		_ = s.LastOutput()
		done <- d
	}()
	var d string
	select {
	case d = <-done:
	case <-time.After(10 * time.Second):
		s.mu.Unlock()
		t.Fatal("a report waited for the event being applied")
	}
	s.mu.Unlock()
	for _, want := range []string{"hello", `"hello\r\n$ "`, "readiness timeline:", "busy"} {
		if !strings.Contains(d, want) {
			t.Errorf("the report lacks %q:\n%s", want, d)
		}
	}
}
