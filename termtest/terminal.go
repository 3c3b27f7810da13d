package termtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// ErrClosed is returned by methods of a Terminal that has been closed.
var ErrClosed = errors.New("termtest: terminal closed")

// lastBytesKept is how much recent output a terminal keeps for failure
// reports.
const lastBytesKept = 2048

// Terminal is a program running in a PTY behind an emulated screen. Its
// methods return errors; Spawn wraps it for tests. All methods are safe for
// concurrent use.
type Terminal struct {
	cfg   config
	argv  []string
	cmd   *exec.Cmd
	pty   *os.File
	scr   *screen.Screen
	in    *inputQueue
	start time.Time

	mu        sync.Mutex
	eng       *ready.Engine
	changed   chan struct{} // closed and replaced at every change
	kick      chan struct{} // wakes the timer loop when the deadline may have moved
	last      []byte        // recent output, for failure reports
	lastInput time.Time
	exited    bool
	code      int
	rec       recorder
	closed    bool

	done      chan struct{} // closed when the program has exited and its output is read
	readDone  chan struct{}
	reaped    chan struct{}
	timerDone chan struct{}
	stop      chan struct{}
	closeOnce sync.Once
	closeErr  error

	kern *kernelWatch // the kernel's view (kernel.go); nil where unavailable
}

// recorder is where a session is recorded (package recordings' Writer).
type recorder interface {
	Output(t time.Duration, p []byte) error
	Input(t time.Duration, p []byte) error
	Resize(t time.Duration, cols, rows int) error
	Exit(t time.Duration, code int) error
	Close() error
}

// Start runs argv in a new PTY and returns once the program has started.
// ctx bounds the start only; use Close to end the program.
func Start(ctx context.Context, argv []string, opts ...Option) (*Terminal, error) {
	if len(argv) == 0 {
		return nil, errors.New("termtest: Start needs a program to run, got an empty argv")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cfg := defaultConfig()
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.cols <= 0 || cfg.rows <= 0 {
		return nil, fmt.Errorf("termtest: size must be positive, got %dx%d", cfg.cols, cfg.rows)
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, fmt.Errorf("termtest: cannot run %q: %w", argv[0], err)
	}
	cmd := exec.Command(path, argv[1:]...)
	cmd.Args[0] = argv[0]
	cmd.Env = buildEnv(shellMarks(argv, path, cfg)) // shell.go: OSC 133 prompt marks for known shells
	cmd.Dir = cfg.dir
	// One start time for the engine, the recording and reports, so offsets
	// in a failure report never read negative.
	startAt := cfg.clock.Now()
	eng, err := newEngine(cfg, argv, startAt)
	if err != nil {
		return nil, err
	}

	t := &Terminal{
		start:     startAt,
		cfg:       cfg,
		argv:      append([]string(nil), argv...),
		cmd:       cmd,
		eng:       eng,
		changed:   make(chan struct{}),
		kick:      make(chan struct{}, 1),
		done:      make(chan struct{}),
		readDone:  make(chan struct{}),
		reaped:    make(chan struct{}),
		timerDone: make(chan struct{}),
		stop:      make(chan struct{}),
	}
	if cfg.recording != "" {
		rec, err := createRecording(cfg.recording, argv, cfg)
		if err != nil {
			return nil, err
		}
		t.rec = rec
	}
	// pty.StartWithSize puts the child in a new session with the PTY as its
	// controlling terminal, so its process group is its own to signal.
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cfg.cols), Rows: uint16(cfg.rows)})
	if err != nil {
		if t.rec != nil {
			_ = t.rec.Close()
		}
		return nil, fmt.Errorf("termtest: starting %q in a PTY: %w", argv[0], err)
	}
	if t.pty, err = pollable(f); err != nil {
		_ = f.Close()
		stopGroup(cmd.Process.Pid, 0, nil)
		_ = cmd.Wait()
		return nil, fmt.Errorf("termtest: preparing the PTY: %w", err)
	}
	t.in = newInputQueue(t.pty)
	t.scr = screen.New(cfg.cols, cfg.rows, screen.WithClock(cfg.clock), screen.WithReplies(t.in.reply))

	t.watchKernel()
	go t.reap()
	go t.readLoop()
	go t.timerLoop()
	go func() {
		<-t.readDone
		<-t.reaped
		t.mu.Lock()
		t.exited = true
		now := t.cfg.clock.Now()
		t.observe(ready.Event{Time: now, Kind: ready.Exit, Code: t.code, Screen: t.scr.Snapshot()})
		if t.rec != nil {
			_ = t.rec.Exit(now.Sub(t.start), t.code)
		}
		t.mu.Unlock()
		close(t.done)
	}()
	return t, nil
}

// reap waits for the program and records its exit status.
func (t *Terminal) reap() {
	err := t.cmd.Wait()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				code = 128 + int(ws.Signal()) // as a shell reports it
			}
		} else {
			code = -1
		}
	}
	t.mu.Lock()
	t.code = code
	t.mu.Unlock()
	close(t.reaped)
	// The PTY may be held open by a grandchild; give the read loop a moment
	// to drain what the program wrote last, then stop waiting for it.
	select {
	case <-t.readDone:
	case <-time.After(250 * time.Millisecond):
		_ = t.pty.SetReadDeadline(time.Now())
	}
}

// maxBatch bounds how much output the read loop hands on at once.
const maxBatch = 64 << 10

// readLoop is where every byte from the program enters ttyrig. It waits
// for output, takes whatever else the program has written by then (up to
// maxBatch), and hands the batch to the screen, the recording and the
// engine as one chunk. A PTY read mostly returns 4 KiB or less; under a flood of
// output, rebuilding the screen once per batch rather than once per read
// is what keeps up with the program, as a terminal renders once per frame.
// Nothing waits to fill a batch, so a quiet program's output is seen at
// once.
func (t *Terminal) readLoop() {
	defer close(t.readDone)
	buf := make([]byte, maxBatch)
	raw, rawErr := t.pty.SyscallConn()
	for {
		n, err := t.readHeld(raw, buf) // kernel.go: holds off observations until the engine has the batch
		if n > 0 && err == nil && rawErr == nil {
			n += readAvailable(raw, buf[n:])
		}
		if n > 0 {
			now := t.cfg.clock.Now()
			chunk := buf[:n]
			t.scr.WriteAt(now, chunk)
			snap := t.scr.Snapshot()
			t.mu.Lock()
			t.keepLast(chunk)
			if t.rec != nil {
				_ = t.rec.Output(now.Sub(t.start), chunk)
			}
			t.observe(ready.Event{Time: now, Kind: ready.Output, Data: chunk, Screen: snap})
			t.mu.Unlock()
			t.readFed()
		}
		if err != nil {
			return // EIO once the program and its children closed the PTY
		}
	}
}

// readAvailable reads into p what the PTY already holds, without waiting,
// and returns how much it read.
func readAvailable(raw syscall.RawConn, p []byte) int {
	n := 0
	for n < len(p) {
		var m int
		var err error
		// Returning true makes this one attempt: EAGAIN ends the batch
		// instead of waiting for more.
		if rerr := raw.Read(func(fd uintptr) bool {
			m, err = syscall.Read(int(fd), p[n:])
			return true
		}); rerr != nil || err != nil || m <= 0 {
			return n
		}
		n += m
	}
	return n
}

// timerLoop calls the engine's Tick when its deadline passes, so decisions
// that depend on quiet time happen without polling.
func (t *Terminal) timerLoop() {
	defer close(t.timerDone)
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		t.mu.Lock()
		deadline, ok := t.eng.Deadline()
		t.mu.Unlock()
		wait := time.Hour
		if ok {
			wait = max(deadline.Sub(t.cfg.clock.Now()), 0)
		}
		timer.Reset(wait)
		select {
		case <-t.stop:
			return
		case <-t.kick:
		case <-timer.C:
			t.mu.Lock()
			if trs := t.eng.Tick(t.cfg.clock.Now()); len(trs) > 0 {
				t.notifyLocked()
			}
			t.mu.Unlock()
		}
	}
}

// observe feeds the engine and wakes everyone waiting. Call with t.mu held.
func (t *Terminal) observe(ev ready.Event) {
	t.eng.Observe(ev)
	t.kernelHeard(ev)
	t.notifyLocked()
	select {
	case t.kick <- struct{}{}:
	default:
	}
}

func (t *Terminal) notifyLocked() {
	close(t.changed)
	t.changed = make(chan struct{})
}

func (t *Terminal) keepLast(p []byte) {
	t.last = append(t.last, p...)
	if len(t.last) > lastBytesKept {
		t.last = append(t.last[:0], t.last[len(t.last)-lastBytesKept:]...)
	}
}

// Screen returns the screen as it is now.
func (t *Terminal) Screen() screen.Snapshot { return t.scr.Snapshot() }

// Snapshot returns the screen as it is now (the same as Screen; it makes a
// Terminal an expect.Source).
func (t *Terminal) Snapshot() screen.Snapshot { return t.scr.Snapshot() }

// Changed returns a channel closed at the next change of screen, state or
// process.
func (t *Terminal) Changed() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.changed
}

// Done is closed once the program has exited and its last output is on
// the screen.
func (t *Terminal) Done() <-chan struct{} { return t.done }

// ExitCode returns the program's exit status and whether it has exited.
// A program killed by a signal reports 128 plus the signal number.
func (t *Terminal) ExitCode() (int, bool) {
	select {
	case <-t.done:
		t.mu.Lock()
		defer t.mu.Unlock()
		return t.code, true
	default:
		return 0, false
	}
}

// Wait waits for the program to exit and returns its exit status.
func (t *Terminal) Wait(ctx context.Context) (int, error) {
	select {
	case <-t.done:
		code, _ := t.ExitCode()
		return code, nil
	case <-ctx.Done():
		return 0, fmt.Errorf("termtest: waiting for %q to exit: %w\n%s", t.argv[0], ctx.Err(), t.Describe())
	}
}

// State returns the readiness engine's current state.
func (t *Terminal) State() ready.Transition {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.eng.Current()
}

// Timeline returns every state transition so far.
func (t *Terminal) Timeline() []ready.Transition {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.eng.Timeline()
}

// LastOutput returns the most recent output bytes (up to 2 KiB).
func (t *Terminal) LastOutput() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]byte(nil), t.last...)
}

// Timeout returns the terminal's default wait bound.
func (t *Terminal) Timeout() time.Duration { return t.cfg.timeout }

// Resize changes the terminal size; the program gets SIGWINCH.
func (t *Terminal) Resize(cols, rows int) error {
	if cols <= 0 || rows <= 0 {
		return fmt.Errorf("termtest: size must be positive, got %dx%d", cols, rows)
	}
	if t.isClosed() {
		return ErrClosed
	}
	t.scr.Resize(cols, rows)
	if err := pty.Setsize(t.pty, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)}); err != nil {
		return fmt.Errorf("termtest: resizing to %dx%d: %w", cols, rows, err)
	}
	now := t.cfg.clock.Now()
	t.mu.Lock()
	if t.rec != nil {
		_ = t.rec.Resize(now.Sub(t.start), cols, rows)
	}
	t.observe(ready.Event{Time: now, Kind: ready.Resize, Screen: t.scr.Snapshot()})
	t.mu.Unlock()
	return nil
}

func (t *Terminal) isClosed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.closed
}

// Close ends the program's whole process group (SIGHUP, then SIGKILL after
// a grace period), reaps it, closes the PTY and ends every goroutine the
// terminal started. It is safe to call more than once.
func (t *Terminal) Close() error {
	t.closeOnce.Do(func() {
		t.mu.Lock()
		t.closed = true
		t.mu.Unlock()
		stopGroup(t.cmd.Process.Pid, t.cfg.grace, t.reaped)
		<-t.reaped
		_ = t.pty.SetReadDeadline(time.Now()) // a grandchild may still hold the PTY
		<-t.readDone
		<-t.done
		t.stopKernel()
		t.in.close()
		close(t.stop)
		<-t.timerDone
		_ = t.scr.Close()
		t.closeErr = t.pty.Close()
		if t.rec != nil {
			if err := t.rec.Close(); err != nil && t.closeErr == nil {
				t.closeErr = err
			}
		}
	})
	return t.closeErr
}

// Started returns when the program started: offsets in the recording and in
// reports count from here.
func (t *Terminal) Started() time.Time { return t.start }

// Marker adds a labelled marker to the session's recording at the given
// time (a zero time means now). Calibration reads markers named "ready" and
// "busy" as ground truth.
func (t *Terminal) Marker(at time.Time, label string) error {
	if at.IsZero() {
		at = t.cfg.clock.Now()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rec == nil {
		return nil
	}
	m, ok := t.rec.(interface {
		Marker(time.Duration, string) error
	})
	if !ok {
		return nil
	}
	return m.Marker(at.Sub(t.start), label)
}
