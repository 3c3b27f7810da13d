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

// A wait that begins while a look is put off by the idle spacing (due)
// returns only once that look is made: it reads the engine after it, as
// with the look made kernelGap after the event.
func TestWaitTakesTheLookPutOff(t *testing.T) {
	term, err := Start(context.Background(), []string{"bash", "--norc", "--noprofile"}, WithEnv("PS1=$ "))
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	k := term.kern
	if k == nil {
		t.Skip("the kernel is not observed here")
	}
	latest := func() time.Time {
		if o := k.latest.Load(); o != nil {
			return o.at
		}
		return time.Time{}
	}
	seen := 0
	for range 50 {
		before := latest()
		k.ask() // a look at once (none for kernelIdleGap)
		for deadline := time.Now().Add(time.Second); !latest().After(before) && time.Now().Before(deadline); {
			time.Sleep(100 * time.Microsecond)
		}
		began := time.Now()
		k.ask() // put off: the last look was just made
		for deadline := time.Now().Add(kernelIdleGap / 2); !k.due.Load() && time.Now().Before(deadline); {
			time.Sleep(50 * time.Microsecond)
		}
		if !k.due.Load() {
			continue // the loop had not come round to it yet, or looked already: try again
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		term.waiting(ctx)()
		cancel()
		if at := latest(); at.Before(began) {
			t.Fatalf("waiting returned with the last look made %v before the ask it put off", began.Sub(at))
		}
		seen++
	}
	if seen == 0 {
		t.Skip("no look was caught put off in 50 tries (a loaded machine): nothing checked")
	}
}
