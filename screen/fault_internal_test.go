package screen

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// A panic in x/vt is a fault of the screen, not of the test binary: the
// write returns, Fault says what output did it, the emulator is reset and
// takes the output that follows (scrollback still kept), and it is not
// handed to another screen.
func TestEmulatorPanicIsAFault(t *testing.T) {
	s := New(20, 4)
	defer s.Close()
	// Stands for any of x/vt's own panics: a sequence whose handler panics.
	s.emu.RegisterCsiHandler(int(ansi.Command(0, 0, 'y')), func(ansi.Params) bool { panic("index out of range") })
	if err := s.Fault(); err != nil {
		t.Fatalf("Fault before any panic: %v", err)
	}
	s.WriteAt(time.Now(), []byte("before\r\n\x1b[3;4r\x1b[y"))
	s.WriteAt(time.Now(), []byte("after\x1b[y"))
	s.WriteAt(time.Now(), []byte("\r\n1\r\n2\r\n3\r\n4\r\n5"))
	err := s.Fault()
	if err == nil {
		t.Fatal("Fault is nil after x/vt panicked")
	}
	for _, want := range []string{`"before\r\n\x1b[3;4r\x1b[y"`, "index out of range", "1 more time"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Fault %q does not say %q", err, want)
		}
	}
	snap := s.Snapshot()
	if got := snap.Lines(); got[len(got)-1] != "5" {
		t.Errorf("after the fault the screen shows\n%s\nwant the output that followed, ending in 5", snap)
	}
	// The reset left the cursor at the top: "", 1 scrolled off.
	if back := snap.Scrollback(); len(back) < 2 || back[len(back)-1] != "1" {
		t.Errorf("scrollback after the fault is %q, want it to end in \"\", \"1\"", back)
	}
	b := s.bind
	s.Close()
	n := New(20, 4)
	defer n.Close()
	if n.bind == b {
		t.Error("an emulator that panicked was handed to the next screen")
	}
}
