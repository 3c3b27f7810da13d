package termtest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// timeoutWarning is how long before go test's -timeout a test whose program
// is still running says so. The timeout panics and ends the process with no
// cleanup, so what a failure report would say must be said before it; on a
// loaded machine under -race, moving the recording and describing the
// terminal took over 250 ms.
const timeoutWarning = time.Second

// timeoutWatch speaks for a test that is about to be ended by go test's
// -timeout while its program runs: waits give up before the deadline
// (deadlineMargin), but a test blocked in its own code is ended by a panic
// that runs no cleanup. Shortly before, it moves the recording, which is
// written through, to where failures are kept (the writer goes on writing
// into it) and prints the terminal's state to stderr, which the panic does
// not swallow.
type timeoutWatch struct {
	mu    sync.Mutex
	timer *time.Timer
	moved bool // the recording is at keep already
}

// testDeadline returns go test's -timeout deadline for tb, if it has one
// (a *testing.T does; a *testing.B and other testing.TBs may not).
func testDeadline(tb testing.TB) (time.Time, bool) {
	dl, ok := tb.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return time.Time{}, false
	}
	return dl.Deadline()
}

// watchTimeout arms the watch for term, spawned by tb, recorded to tmp and
// kept at keep if the test fails. It does nothing for a test without a
// deadline.
func watchTimeout(tb testing.TB, term *Terminal, tmp, keep string) *timeoutWatch {
	w := &timeoutWatch{}
	end, has := testDeadline(tb)
	if !has {
		return w
	}
	left := time.Until(end)
	w.timer = time.AfterFunc(left-min(timeoutWarning, left/10), func() { w.fire(tb.Name(), term, tmp, keep) })
	return w
}

func (w *timeoutWatch) fire(test string, term *Terminal, tmp, keep string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer == nil { // stopped while the timer fired
		return
	}
	where := tmp
	if where == "" {
		where = term.RecordingPath() // the test's own (WithRecording)
	}
	if tmp != "" && keep != "" {
		// A rename keeps the open file: the events of the last moments
		// still reach it. Across file systems a copy holds what was
		// written until now, and the temporary file the rest.
		if err := os.MkdirAll(filepath.Dir(keep), 0o755); err == nil {
			if os.Rename(tmp, keep) == nil {
				w.moved, where = true, keep
			} else if copyFile(tmp, keep) == nil {
				where = fmt.Sprintf("%s (complete up to now; the rest is in %s)", keep, tmp)
			}
		}
	}
	// The headline first: if the panic comes while the state is read, the
	// reason is out.
	fmt.Fprintf(os.Stderr, "termtest: %s is about to be ended by go test -timeout (no cleanup will run) with its program still running:\n", test)
	fmt.Fprint(os.Stderr, term.describeState())
	if where != "" {
		fmt.Fprintf(os.Stderr, "recording: %s (replay: ttyrig show %s)\n", where, where)
	}
}

// stop disarms the watch at the test's end and says whether the recording
// was moved to where failures are kept.
func (w *timeoutWatch) stop() (moved bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	return w.moved
}
