package ready_test

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
)

// An event loop that works 150 ms every 1.9 s in the background (a timer
// polling something, continue's CLI) while its screen stays still: work
// that begins after the screen has been still for the silence window does
// not restart it, so the silence fallback still comes. Work right after
// the screen changed still restarts the quiet windows.
func TestBackgroundWorkDoesNotMoveTheSilence(t *testing.T) {
	nodeWorking := kernel.View{Wait: kernel.Working, Doing: "node running among threads", Leader: true}
	s := newSim(t, ready.Generic())
	s.kern(nodeWatching)
	s.out("welcome\r\n\r\n")
	// Start-up work right after the frame: restarts the quiet windows.
	s.advance(100 * time.Millisecond)
	s.kern(nodeWorking)
	s.advance(500 * time.Millisecond)
	s.kern(nodeWatching)
	for range 8 {
		s.advance(1400 * time.Millisecond)
		s.kern(nodeWorking)
		s.advance(150 * time.Millisecond)
		s.kern(nodeWatching)
	}
	// The frame at 0, its work ended at 0.6 s: the silence from there,
	// delayed only while the background work runs.
	if d := s.readyAt(0); d < 0 || d > 3*time.Second {
		t.Fatalf("ready at +%v, want within 3s of a still screen\n%s", d, s.timeline())
	}
	if d := s.readyAt(0); d < 2600*time.Millisecond {
		t.Fatalf("ready at +%v, want after the start-up work's end plus the silence window (2.6s)\n%s", d, s.timeline())
	}
}
