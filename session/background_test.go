package session_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/session"
)

// record plays one session's worth of events into r.
func record(t *testing.T, r session.Recorder) {
	t.Helper()
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	buf := []byte("hello ✳")
	calls := []error{
		r.Output(ms(1), buf[:len(buf)-1]), // the ✳ split across two outputs
		r.Input(ms(2), []byte("ls\r")),
	}
	copy(buf, "XXXXX") // the caller reuses its buffer at once
	calls = append(calls,
		r.Output(ms(3), []byte{0xb3, '\n'}),
		r.Resize(ms(4), 90, 30),
		r.Marker(ms(5), "ready"),
		r.Kernel(ms(6), "reading"),
		r.Exit(ms(7), 3),
	)
	for i, err := range calls {
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
}

// A recorder in the background writes the file a recorder in the
// foreground writes, byte for byte, from buffers the caller reused.
func TestInBackgroundRecordsTheSame(t *testing.T) {
	h := asciicast.Header{Width: 80, Height: 24}
	var fg, bg bytes.Buffer
	w, err := asciicast.NewWriter(&fg, h)
	if err != nil {
		t.Fatal(err)
	}
	record(t, w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	w, err = asciicast.NewWriter(&bg, h)
	if err != nil {
		t.Fatal(err)
	}
	b := session.InBackground(w)
	record(t, b)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if fg.String() != bg.String() {
		t.Errorf("in the background:\n%s\nin the foreground:\n%s", bg.String(), fg.String())
	}
	if !strings.Contains(bg.String(), `"o","hello "`) || !strings.Contains(bg.String(), `"o","✳\n"`) {
		t.Errorf("the recording lost the output as it was given:\n%s", bg.String())
	}
	if err := b.Output(time.Second, []byte("late")); err == nil {
		t.Error("Output after Close succeeded")
	}
	if err := b.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// A failing recorder's error comes back from a later call and from Close,
// and a session that goes on recording far past the queue never blocks on
// it.
func TestInBackgroundErrorSurfaces(t *testing.T) {
	w, err := asciicast.NewWriter(&failAfter{n: 1}, asciicast.Header{Width: 80, Height: 24})
	if err != nil {
		t.Fatal(err)
	}
	b := session.InBackground(w)
	done := make(chan error, 1)
	go func() {
		var first error
		for i := range 1000 {
			if err := b.Output(time.Duration(i)*time.Millisecond, []byte("x")); err != nil && first == nil {
				first = err
			}
		}
		done <- first
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("1000 outputs into a full disk: first error %v, want disk full", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("recording into a failing recorder blocked")
	}
	if err := b.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Close() = %v, want the recorder's error", err)
	}
}
