package termtest

import (
	"context"
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

// Looks are put off by the idle spacing only while the engine is not
// ready and nothing waits, and never past the engine's next decision: the
// look after the event that made the engine ready is made at once, and the
// look after input before the engine decides again. The idle spacing is an
// hour here, so a look it puts off never comes by itself: order, not time.
func TestLooksPutOffOnlyWhileNotNeeded(t *testing.T) {
	term, err := Start(context.Background(), []string{"bash", "--norc", "--noprofile"}, WithEnv("PS1=$ ", "HISTFILE="))
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	k := term.kern
	if k == nil {
		t.Skip("the kernel is not observed here")
	}
	k.idleGap.Store(int64(time.Hour))
	latest := func() time.Time {
		if o := k.latest.Load(); o != nil {
			return o.at
		}
		return time.Time{}
	}
	lookAfter := func(what string, since time.Time) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); latest().Before(since); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no look since %v (the last %v)\n%s", what, since.Format("15:04:05.000000"), latest().Format("15:04:05.000000"), term.Describe())
			}
		}
	}
	// The prompt (its OSC 133 mark) makes the engine ready: the look after
	// it is urgent.
	var readyAt time.Time
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if cur := term.State(); cur.State.Waiting() {
			readyAt = cur.Time
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bash not ready in 10 s\n%s", term.Describe())
		}
	}
	lookAfter("the engine ready", readyAt)
	// Busy after input, nothing waiting: the look after it is put off (for
	// an hour), but not past the engine's next decision (its silence
	// window at the latest): a look after the input comes first.
	typed := time.Now()
	if err := term.NoWait().TypeContext(context.Background(), "sleep 30\n"); err != nil {
		t.Fatal(err)
	}
	lookAfter("the input, before the engine's next decision", typed)
	if cur := term.State(); cur.State.Waiting() {
		t.Errorf("ready (%s) while sleep 30 runs", cur.Reason)
	}
}
