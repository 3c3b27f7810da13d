package termtest

import (
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// A look that could not read the group (Unknown) does not end the work
// the look before it saw: an action's silence rule asks working(), and
// took such a look for a program waiting silently.
func TestKernelWorkingSkipsUnknownLooks(t *testing.T) {
	k := &kernelWatch{}
	if k.working() {
		t.Fatal("working before any look")
	}
	t0 := time.Now()
	k.note(kernel.View{Wait: kernel.Working, Doing: "bash running"}, t0)
	k.note(kernel.View{Wait: kernel.Unknown, Doing: "bash wait4, bash read(fd 3)"}, t0.Add(time.Millisecond))
	if !k.working() {
		t.Error("an Unknown look after work: not working, want working")
	}
	if o := k.latest.Load(); o == nil || o.view.Wait != kernel.Unknown {
		t.Errorf("latest = %v, want the Unknown look (reports show what the kernel last said)", o)
	}
	k.note(kernel.View{Wait: kernel.Reading, Doing: "python3 read(tty)"}, t0.Add(2*time.Millisecond))
	if k.working() {
		t.Error("a Reading look after work: working, want not")
	}
	// An older look noted late (kernelNow beside the loop) changes nothing.
	k.note(kernel.View{Wait: kernel.Working}, t0.Add(time.Millisecond/2))
	if k.working() {
		t.Error("an older Working look noted late made the terminal working")
	}
}
