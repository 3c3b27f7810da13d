package termtest_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// Sizes out of range and a nil clock are errors naming the option and the
// limit, not panics, 16-bit wraps or minute-long allocations.
func TestBadOptions(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		opt  termtest.Option
		want string
	}{
		{termtest.WithSize(70000, 10), "WithSize(70000, 10): screen: 70000 columns is out of range (1 to 500)"},
		{termtest.WithSize(10000, 10000), "WithSize(10000, 10000): screen: 10000 columns is out of range (1 to 500)"},
		{termtest.WithSize(100, 65536), "65536 rows is out of range (1 to 300)"},
		{termtest.WithSize(-1, -1), "-1 columns is out of range"},
		{termtest.WithClock(nil), "withClock(nil): a clock is required"},
		{termtest.WithTimeout(0), "WithTimeout(0s): the timeout must be positive"},
	} {
		term, err := termtest.Start(ctx, []string{"true"}, c.opt)
		if err == nil {
			_ = term.Close()
			t.Errorf("Start with %q succeeded", c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Start: %v, want an error saying %q", err, c.want)
		}
	}

	term := termtest.Spawn(t, []string{"cat"})
	for _, size := range [][2]int{{65536, 65536}, {-5, -5}, {0, 10}, {screen.MaxCols + 1, 10}} {
		err := term.Terminal.Resize(size[0], size[1])
		if err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("Resize(%d, %d) = %v, want an out-of-range error", size[0], size[1], err)
		}
	}
	if err := term.Terminal.Resize(screen.MaxCols, screen.MaxRows); err != nil {
		t.Errorf("Resize to the largest size: %v", err)
	}
}

// Resize racing Close returns nil or ErrClosed, never an error from an
// ioctl on a closed PTY (run with -race: it was a data race).
func TestResizeDuringClose(t *testing.T) {
	for range 20 {
		term, err := termtest.Start(context.Background(), []string{"cat"})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				if err := term.Resize(80+i%20, 24); err != nil {
					if !errors.Is(err, termtest.ErrClosed) {
						t.Errorf("Resize during Close: %v, want nil or ErrClosed", err)
					}
					return
				}
			}
		}()
		time.Sleep(time.Millisecond)
		_ = term.Close()
		wg.Wait()
	}
}

// A timed-out Type withdraws what the program did not take: those bytes
// never arrive later, the next Type is not held up behind them, and the
// error says how many were delivered. Before, all 200,000 bytes were
// delivered once the program read, and the next Type waited behind them.
func TestTypeTimeoutWithdraws(t *testing.T) {
	dir := t.TempDir()
	out, pidfile := filepath.Join(dir, "got"), filepath.Join(dir, "pid")
	// Reads nothing for a second, then copies everything it gets to out.
	term := termtest.Spawn(t, []string{"sh", "-c", "stty raw -echo; echo $$ > " + pidfile + "; echo raw; sleep 1; exec cat > " + out},
		termtest.WithTimeout(300*time.Millisecond))
	term.ExpectScreen(expect.Contains("raw")) // cooked mode would drop a line longer than 4 KiB
	big := strings.Repeat("0123456789", 20000)
	err := term.Terminal.NoWait().TypeContext(context.Background(), big) // the program is asleep, not ready
	var te *termtest.InputTimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("Type of %d bytes to a program not reading: %v, want an InputTimeoutError", len(big), err)
	}
	// Some are delivered, as a rule (the PTY takes a few KiB unread); none
	// when the machine left the sender no time to apply its input within
	// the bound (at load 22 beside make test's other packages), which is
	// the same withdrawal, of everything: what follows checks both.
	if te.Len != len(big) || te.Delivered < 0 || te.Delivered >= len(big) {
		t.Fatalf("timeout error says %d of %d bytes were delivered; want fewer than %d", te.Delivered, te.Len, len(big))
	}
	if te.Delivered == 0 {
		t.Logf("none of the %d bytes was delivered within the bound", len(big))
	}
	if !strings.Contains(err.Error(), "were withdrawn") || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("error %q does not say the rest was withdrawn", err)
	}
	// END goes once cat reads (a fixed second's sleep here, with the
	// terminal's 300 ms for END, assumed cat ran by then: on a loaded
	// machine it had not, and the PTY, full of what was delivered, took
	// nothing). Withdrawn bytes queued ahead of END would reach cat too:
	// the check below sees them.
	waitReading(t, pidfile, "cat")
	// The terminal's 300 ms bound holds END too: at load 35 (six busy
	// loops, -race) none of it was written in time, cat asleep in its
	// read. What was withdrawn is typed again, never what was delivered,
	// so a withdrawn byte that arrived after all would still show below.
	for rest, deadline := "END", time.Now().Add(10*time.Second); rest != ""; {
		err := term.Terminal.NoWait().TypeContext(context.Background(), rest)
		var again *termtest.InputTimeoutError
		if err == nil {
			break
		}
		if !errors.As(err, &again) || time.Now().After(deadline) {
			t.Fatalf("Type after the program started reading: %v", err)
		}
		t.Logf("typed again after a timeout: %v", err)
		rest = rest[again.Delivered:]
	}
	want := big[:te.Delivered] + "END"
	var got []byte
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		got, _ = os.ReadFile(out)
		if len(got) >= len(want) {
			break
		}
	}
	time.Sleep(100 * time.Millisecond) // anything delivered late would show now
	got, _ = os.ReadFile(out)
	if string(got) != want {
		t.Errorf("the program read %d bytes, want the %d delivered and then END (%d); ends with %q",
			len(got), te.Delivered, len(want), got[max(0, len(got)-20):])
	}
	term.Close()
	c, err := asciicast.ReadFile(term.Terminal.RecordingPath())
	if err != nil {
		t.Fatal(err)
	}
	marked := false
	for _, e := range c.Events {
		marked = marked || e.Kind == asciicast.Marker && strings.HasPrefix(e.Data, "input withdrawn: the last ")
	}
	if !marked {
		t.Errorf("the recording does not mark the withdrawn input")
	}
}

// Input typed while the program has echo off (a password prompt) is
// redacted in the recording, with a marker saying so; WithRedaction(false)
// records it as typed.
func TestPasswordRedacted(t *testing.T) {
	pw := fixtures.Build(t, "password")
	for _, redacted := range []bool{true, false} {
		path := filepath.Join(t.TempDir(), "pw.cast")
		term := termtest.Spawn(t, []string{pw, "-shell"}, termtest.WithRecording(path), termtest.WithRedaction(redacted))
		term.ExpectScreen(expect.Contains("Password: "))
		term.Submit("hunter2")
		term.ExpectScreen(expect.Contains("$ "))
		term.Submit("visible")
		term.ExpectScreen(expect.Contains("ok: visible"))
		term.Close()
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("recording mode %v (%v), want 0600", fi.Mode(), err)
		}
		c, err := asciicast.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var input, markers []string
		for _, e := range c.Events {
			switch e.Kind {
			case asciicast.Input:
				input = append(input, e.Data)
			case asciicast.Marker:
				markers = append(markers, e.Data)
			}
		}
		all := strings.Join(input, "")
		if !strings.Contains(all, "visible") {
			t.Errorf("input typed with echo on is missing from the recording: %q", input)
		}
		if redacted {
			if strings.Contains(all, "hunter2") || !strings.Contains(all, "*******") {
				t.Errorf("recorded input %q: want the password as *******", input)
			}
			if !strings.Contains(strings.Join(markers, "\n"), "redacted input: 7 bytes typed with echo off") {
				t.Errorf("markers %q do not say input was redacted", markers)
			}
		} else if !strings.Contains(all, "hunter2") {
			t.Errorf("WithRedaction(false) recorded %q, want the password as typed", input)
		}
	}
}

// A process that left the program's session with setsid (a daemon) ends
// with Close too: 20 of 20 such sleepers survived Close before.
func TestCloseEndsSetsidDescendants(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("finding escaped processes needs /proc")
	}
	term := termtest.Spawn(t, []string{"sh", "-c", `(setsid sh -c 'echo "sleeper $$"; exec sleep 300' &); sleep 300`})
	re := regexp.MustCompile(`sleeper (\d+)`)
	term.ExpectScreen(expect.Matches(re))
	m := re.FindStringSubmatch(term.Snapshot().Text())
	pid := m[1]
	if sid := procField(t, pid, 6); sid == procField(t, strconv.Itoa(os.Getpid()), 6) || sid != pid {
		t.Fatalf("the sleeper %s is in session %s, want a session of its own", pid, sid)
	}
	term.Close()
	for end := time.Now().Add(2 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		state := procField(t, pid, 3)
		if state == "" || state == "Z" {
			break // gone, or dead and waiting for its new parent to reap it
		}
		if time.Now().After(end) {
			t.Fatalf("the setsid sleeper %s survived Close (state %s)", pid, state)
		}
	}
}

// procField returns field i (1-based, as in proc(5)) of /proc/pid/stat, or
// "" if the process is gone.
func procField(t *testing.T, pid string, i int) string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return ""
	}
	s := string(b)
	rest := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // the name may hold spaces
	return rest[i-3]
}

// waitReading waits until the process whose pid is in pidfile runs name
// and sleeps (in its read: with input waiting, it would be running).
// Without /proc it gives it two seconds.
func waitReading(t *testing.T, pidfile, name string) {
	t.Helper()
	if runtime.GOOS != "linux" {
		time.Sleep(2 * time.Second)
		return
	}
	b, err := os.ReadFile(pidfile)
	if err != nil {
		t.Fatal(err)
	}
	pid := strings.TrimSpace(string(b))
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		comm, _ := os.ReadFile("/proc/" + pid + "/comm")
		if strings.TrimSpace(string(comm)) == name && procField(t, pid, 3) == "S" {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("process %s is not %s waiting for input after 10s (%q, state %q)", pid, name, comm, procField(t, pid, 3))
		}
	}
}

// Close does not wait out its grace period on bash, which misses a lone
// SIGHUP landing just as a command ends (one close in ten waited 500 ms).
// Closing right after each command, with a grace of 20 s, shows any
// close that relies on the grace.
func TestCloseRightAfterCommand(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i := range 40 {
		term, err := termtest.Start(ctx, bashArgv, bashEnv, termtest.WithCloseGrace(20*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if err := term.TypeContext(context.Background(), "true\n"); err != nil {
			t.Fatal(err)
		}
		_ = expect.Wait(ctx, term, expect.Contains("true\n$ "))
		t0 := time.Now()
		_ = term.Close()
		if d := time.Since(t0); d > 5*time.Second {
			t.Fatalf("close %d took %v: it waited for the grace period, bash ignored SIGHUP", i, d)
		}
	}
}

// A sequence with a huge count (REP of 100,000,000) does not hold up a
// wait: it returns within its bound. It returned after 21 s with a 2 s
// bound before counts were bounded.
func TestHugeRepeatDoesNotHoldWaits(t *testing.T) {
	term := termtest.Spawn(t, []string{"sh", "-c", `printf 'x\033[100000000b'; echo done; sleep 30`})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	t0 := time.Now()
	err := expect.Wait(ctx, term.Terminal, expect.Contains("never shown"))
	if d := time.Since(t0); err == nil || d > 3*time.Second {
		t.Fatalf("a 1 s wait returned after %v (%v)", d, err)
	}
	term.ExpectScreen(expect.Contains("done"))
}

// A flood of line feeds on the largest screen, where x/vt moves 150,000
// cells for each one (64 KiB of "x\n" took 41 s to parse in one write),
// does not hold up a wait beyond its bound, nor Close: the read batches
// are parsed in pieces of bounded work, and Close drops what is left,
// saying so in the recording.
func TestNewlineFloodDoesNotHoldWaits(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "flood.cast")
	term := termtest.Spawn(t, []string{"yes", "x"}, termtest.WithSize(screen.MaxCols, screen.MaxRows), termtest.WithRecording(rec))
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	t0 := time.Now()
	err := expect.Wait(ctx, term.Terminal, expect.Contains("never shown"))
	d := time.Since(t0)
	if err == nil || d > 3*time.Second {
		t.Fatalf("a 1 s wait returned after %v (%v)", d, err)
	}
	t.Logf("a 1 s wait returned after %v", d.Round(time.Millisecond))
	t0 = time.Now()
	term.Close()
	// Before pieces and the drop, Close parsed what was left: 41 s. Now it
	// waits for the piece being parsed, under -race at load 20 a few
	// seconds (3.9 s beside make test's other packages).
	if d := time.Since(t0); d > 10*time.Second {
		t.Errorf("Close took %v", d)
	}
	c, err := asciicast.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	dropped := false
	for _, e := range c.Events {
		if e.Kind == asciicast.Marker && strings.HasPrefix(e.Data, termtest.DroppedMarker) {
			dropped = true
		}
	}
	if !dropped {
		t.Errorf("the recording does not say Close dropped the flood's unparsed output")
	}
}
