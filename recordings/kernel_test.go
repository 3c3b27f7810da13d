package recordings_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// A kernel event survives writing and reading, and its replay decides as
// the live engine did: bc prints no prompt, so only the kernel can say it
// is ready 5 ms after its banner rather than 2 s later.
func TestKernelEventReplays(t *testing.T) {
	reading := kernel.View{Wait: kernel.Reading, Doing: "bc pselect6(tty)", Leader: true}
	var buf bytes.Buffer
	w, err := asciicast.NewWriter(&buf, asciicast.Header{Width: 80, Height: 24, Command: "bc -q"})
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{
		w.Output(0, []byte("bc 1.07.1\r\n")),
		w.Kernel(5*time.Millisecond, reading.Encode()),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `[0.005000,"k","{\"wait\":\"read\",\"doing\":\"bc pselect6(tty)\",\"leader\":true}"]`) {
		t.Errorf("kernel event not written as compact JSON:\n%s", buf.String())
	}
	cast, err := asciicast.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := cast.Events[1]; got.Kind != asciicast.Kernel || got.Data != reading.Encode() {
		t.Fatalf("read back %+v, want the kernel view %+v", got, reading)
	}
	rep, err := recordings.Replay(cast, recordings.StopAt(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var first ready.Transition
	for _, tr := range rep.Run() {
		if tr.State.Waiting() {
			first = tr
			break
		}
	}
	if first.Signal != ready.SignalKernel || first.Time.Sub(rep.Start()) != 5*time.Millisecond {
		t.Errorf("first ready %v at +%v, want the kernel's at +5ms", first, first.Time.Sub(rep.Start()))
	}
}

// A kernel event no observation could have made fails the replay before it
// starts, naming its line.
func TestBadKernelEventNamesItsLine(t *testing.T) {
	const v2 = `{"version": 2, "width": 80, "height": 24}` + "\n"
	for _, tc := range []struct{ name, cast, want string }{
		{"not json", v2 + `[1, "k", "{wait"]`, `line 2: kernel: view "{wait" is not a JSON object`},
		{"wait", v2 + `[1, "k", "{\"wait\":\"nap\"}"]`, `line 2: kernel: wait "nap" is not one of`},
		{"unread", v2 + `[1, "k", "{\"unread\":-3}"]`, `line 2: kernel: unread -3 is negative`},
		{"type", v2 + `[1, "k", "{\"unread\":\"3\"}"]`, `line 2: kernel: view "{\"unread\":\"3\"}" is not a JSON object`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cast, err := asciicast.Read(strings.NewReader(tc.cast + "\n"))
			if err != nil {
				t.Fatalf("the codec keeps kernel events as data, but: %v", err)
			}
			_, err = recordings.Replay(cast)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Replay error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}
