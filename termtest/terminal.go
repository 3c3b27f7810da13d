package termtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/creack/pty"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/session"
)

// ErrClosed is returned by methods of a Terminal that has been closed.
var ErrClosed = errors.New("termtest: terminal closed")

// Terminal is a program running in a PTY behind an emulated screen. Its
// methods return errors; Spawn wraps it for tests. All methods are safe for
// concurrent use.
//
// A Terminal owns the process and the PTY; everything ttyrig makes of the
// bytes (screen, readiness, recording, failure report) is its
// session.Session, which a replay of the recording feeds the same way.
//
// Its actions (TypeContext, PressContext, PasteContext, SubmitContext,
// ClickContext, ClickOnContext, WheelContext) wait until the program is
// ready for input before they send, as a person waits for a prompt; the
// Terminal that NoWait returns sends at once.
type Terminal struct {
	*terminal
	noWait bool // actions send at once (NoWait)
}

// terminal is what every handle of one program shares (NoWait makes a
// second handle).
type terminal struct {
	cfg   config
	argv  []string
	cmd   *exec.Cmd
	pty   *os.File
	sess  *session.Session
	in    *inputQueue
	start time.Time

	cookie    string       // in the environment of every process of this terminal
	readBytes atomic.Int64 // output read so far
	unfed     atomic.Int32 // batches read and not yet fed to the session (output.go)
	closing   atomic.Int64 // when Close began (UnixNano; 0 before): output still unfed dropGrace later is dropped (output.go)
	hangup    atomic.Bool  // Close is hanging the terminal up: readLoop reads what is there and ends (hangUp)

	// inputAt is lastInput for waits, read without t.mu, which the
	// kernel's observer holds while it waits for a piece of output.
	inputAt atomic.Pointer[time.Time]

	mu        sync.Mutex
	lastInput time.Time
	code      int
	closed    bool
	late      []recordings.Mark // markers dated before they were made, for Close to put in place
	finished  bool              // the recording is complete (Close is past the session's)

	done      chan struct{} // closed when the program has exited and its output is read
	readDone  chan struct{}
	reaped    chan struct{}
	closeOnce sync.Once
	closeErr  error

	kern *kernelWatch // the kernel's view (kernel.go); nil where unavailable
	tick *ticker      // ticks the session at its deadlines
	span *termSpan    // the terminal's lifetime, to find its orphans (descendants_linux.go)
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
	if err := cfg.check(); err != nil {
		return nil, err
	}
	// A program registered with Main is this test binary, run as it.
	path, self, ok := registered(argv[0])
	if !ok {
		var err error
		if path, err = exec.LookPath(argv[0]); err != nil {
			if ee := (*exec.Error)(nil); errors.As(err, &ee) {
				err = ee.Err // its message names the program again
			}
			return nil, fmt.Errorf("termtest: cannot run %q: %w", argv[0], err)
		}
	}
	cmd := exec.Command(path, argv[1:]...)
	cmd.Args[0] = argv[0]
	cookie := newCookie()
	cmd.Env = append(buildEnv(shellMarks(argv, path, cfg)), sessionEnv+"="+cookie) // shell.go: OSC 133 prompt marks for known shells
	cmd.Env = append(cmd.Env, self...)
	cmd.Dir = cfg.dir
	// One start time for the engine, the recording and reports, so offsets
	// in a failure report never read negative.
	startAt := cfg.clock.Now()

	t := &Terminal{terminal: &terminal{
		start:    startAt,
		cfg:      cfg,
		argv:     append([]string(nil), argv...),
		cmd:      cmd,
		cookie:   cookie,
		done:     make(chan struct{}),
		readDone: make(chan struct{}),
		reaped:   make(chan struct{}),
	}}
	// The screen's answers to queries go to the program's input queue,
	// which exists only once the PTY does; until then nothing is parsed.
	var in *inputQueue
	sopts := []session.Option{
		session.WithCommand(argv),
		session.WithRuntime(cfg.runtime),
		session.WithStuckAfter(cfg.timeout),
		session.WithTap(cfg.tap),
		session.WithClock(cfg.clock),
		session.WithReplies(func(p []byte) { in.reply(p) }),
	}
	if cfg.profile != nil {
		sopts = append(sopts, session.WithProfile(*cfg.profile))
	}
	var rec session.Recorder
	var temp tempRecording // Spawn's, created while the program starts
	switch {
	case cfg.recordingTemp != "":
		temp = createTemp(cfg.recordingTemp, argv, cfg)
	case cfg.recording != "":
		var err error
		if rec, err = createRecording(cfg.recording, argv, cfg); err != nil {
			return nil, err
		}
		sopts = append(sopts, session.WithRecorder(rec))
	}
	type built struct {
		sess *session.Session
		rec  session.Recorder
		path string // of the temporary recording
		err  error
	}
	terminalSignals()
	// pty.StartWithSize puts the child in a new session with the PTY as its
	// controlling terminal, so its process group is its own to signal.
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cfg.cols), Rows: uint16(cfg.rows)})
	if err != nil {
		if rec != nil {
			_ = rec.Close()
		}
		if temp != nil {
			temp.drop()
		}
		return nil, fmt.Errorf("termtest: starting %q in a PTY: %w", argv[0], err)
	}
	// Tracked at once: another terminal's Close takes this program for one
	// of its own tracked terminals, not for a child to look into, and the
	// first terminal makes the test process a subreaper before the
	// program's first orphan.
	t.span = trackTerminal(cmd.Process.Pid)
	// The session (and its screen) is built while the program starts up:
	// x/vt allocates and zeroes 4 MiB per emulator, about as long as bash
	// takes to its first prompt. Built only once the program is started,
	// it does not slow the fork and exec down.
	building := make(chan built, 1)
	go func() {
		b := built{rec: rec}
		opts := sopts
		if temp != nil {
			if b.rec, b.path, b.err = temp.record(); b.err != nil {
				building <- b
				return
			}
			opts = append(opts, session.WithRecorder(b.rec))
		}
		b.sess, b.err = session.New(cfg.cols, cfg.rows, startAt, opts...)
		building <- b
	}()
	// unbuilt closes what was built of the session, and removes a
	// temporary recording: Start failed.
	unbuilt := func(b built) {
		if b.sess != nil {
			_ = b.sess.Close() // closes the recorder too
		} else if b.rec != nil {
			_ = b.rec.Close()
		}
		if b.path != "" {
			_ = os.Remove(b.path)
		}
	}
	abandon := func() { unbuilt(<-building) }
	if t.pty, err = pollable(f); err != nil {
		_ = f.Close()
		stopGroup(cmd.Process.Pid, 0, nil)
		reaping(t.span)
		_ = cmd.Wait()
		closeSpan(t.span)
		abandon()
		return nil, fmt.Errorf("termtest: preparing the PTY: %w", err)
	}
	in = newInputQueue(t.pty, cfg.timeout)
	t.in = in
	b := <-building
	if b.err != nil {
		_ = t.pty.Close()
		stopGroup(cmd.Process.Pid, 0, nil)
		reaping(t.span)
		_ = cmd.Wait()
		closeSpan(t.span)
		in.close()
		unbuilt(b)
		return nil, fmt.Errorf("termtest: %w", b.err)
	}
	t.sess = b.sess
	if temp != nil {
		t.cfg.recording = b.path
	}

	t.watchKernel()
	go t.reap()
	t.readOutput() // output.go
	t.startTicker()
	return t, nil
}

// reap waits for the program, records its exit status and, once its
// output is read too, applies its exit and closes done.
func (t *Terminal) reap() {
	t.wait()
	t.drain()
	<-t.readDone
	t.sess.Exit(t.cfg.clock.Now(), t.code) // t.code is written only by wait, above
	close(t.done)
}

// wait waits for the program, records its exit status and closes reaped.
func (t *Terminal) wait() {
	awaitExit(t.cmd.Process.Pid) // exitwait_linux.go: without holding a thread
	reaping(t.span)
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
}

// drain lets the read loop read what the program wrote last, after it
// exited. The PTY may be held open by a grandchild: stop waiting once the
// loop read and parsed nothing for 250 ms (a loop still parsing the
// program's last output, slow under -race, lost its end to a fixed 250 ms)
// or after drainLimit.
func (t *Terminal) drain() {
	select {
	case <-t.readDone: // most programs: their output ended with them
		return
	default:
	}
	last := t.readBytes.Load()
	limit := time.NewTimer(drainLimit)
	defer limit.Stop()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-t.readDone:
			return
		case <-limit.C:
		case <-tick.C:
			if n := t.readBytes.Load(); n != last || t.unfed.Load() > 0 {
				last = n
				continue
			}
		}
		_ = t.pty.SetReadDeadline(time.Now())
		return
	}
}

// drainLimit bounds how long the read loop may go on reading after the
// program exited, when a grandchild holds the PTY open and keeps writing.
const drainLimit = 5 * time.Second

// ticker ticks the session when its deadline passes, so decisions that
// depend on quiet time happen without polling. The session says its
// deadline after every event (WatchDeadline), and the timer is reset
// there: no goroutine waits, nor wakes at every event to look.
type ticker struct {
	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
	firing  sync.WaitGroup // ticks running
}

// startTicker ticks t's session at its deadlines until stopTicker.
func (t *Terminal) startTicker() {
	k := &ticker{}
	k.timer = time.AfterFunc(time.Hour, t.tickNow)
	k.timer.Stop()
	t.tick = k
	t.sess.WatchDeadline(func(at time.Time, due bool) {
		t.decisionDueAt(at, due) // kernel.go: a look put off past it is urgent
		k.mu.Lock()
		defer k.mu.Unlock()
		switch {
		case k.stopped:
		case due:
			k.timer.Reset(max(at.Sub(t.cfg.clock.Now()), 0))
		default:
			k.timer.Stop()
		}
	})
}

// tickNow ticks the session: its deadline passed.
func (t *Terminal) tickNow() {
	k := t.tick
	k.mu.Lock()
	if k.stopped {
		k.mu.Unlock()
		return
	}
	k.firing.Add(1)
	k.mu.Unlock()
	defer k.firing.Done()
	t.sess.Tick(t.cfg.clock.Now())
	t.kernelWanted()
}

// stopTicker stops the ticks and waits for one running.
func (t *Terminal) stopTicker() {
	k := t.tick
	k.mu.Lock()
	k.stopped = true
	k.timer.Stop()
	k.mu.Unlock()
	k.firing.Wait()
}

// Session returns what ttyrig has made of the program's terminal so far:
// screen, readiness and recording, as a replay of the recording makes it.
func (t *Terminal) Session() *session.Session { return t.sess }

// Snapshot returns the screen as it is now.
func (t *Terminal) Snapshot() screen.Snapshot { return t.sess.Snapshot() }

// Changed returns a channel closed at the next change of screen, state or
// process.
func (t *Terminal) Changed() <-chan struct{} { return t.sess.Changed() }

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

// WaitExitContext waits for the program to exit and returns its exit
// status, bounded by ctx and, when ctx has no deadline, by the terminal's
// timeout, as every wait is. (ExpectScreenContext is the wait for what the
// screen shows.)
func (t *Terminal) WaitExitContext(ctx context.Context) (int, error) {
	ctx, cancel := t.bound(ctx)
	defer cancel()
	select {
	case <-t.done:
		code, _ := t.ExitCode()
		return code, nil
	case <-ctx.Done():
		return 0, fmt.Errorf("termtest: waiting for %q to exit: %w\n%s", t.argv[0], ctx.Err(), t.Describe())
	}
}

// State returns the readiness engine's current state.
func (t *Terminal) State() ready.Transition { return t.sess.Current() }

// Timeline returns every state transition so far.
func (t *Terminal) Timeline() []ready.Transition { return t.sess.Timeline() }

// Timeout returns the terminal's default wait bound.
func (t *Terminal) Timeout() time.Duration { return t.cfg.timeout }

// Resize changes the terminal size; the program gets SIGWINCH. The size
// must be within screen.MaxCols×screen.MaxRows.
func (t *Terminal) Resize(cols, rows int) error {
	if err := screen.CheckSize(cols, rows); err != nil {
		return fmt.Errorf("termtest: Resize(%d, %d): %w", cols, rows, err)
	}
	// Held throughout, so Close cannot close the PTY under the ioctl.
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return ErrClosed
	}
	if err := setSize(t.pty, cols, rows); err != nil {
		return fmt.Errorf("termtest: resizing to %dx%d: %w", cols, rows, err)
	}
	t.sess.Resize(t.cfg.clock.Now(), cols, rows)
	t.kernelHeardLocked()
	return nil
}

// Close reads what the program wrote before it, then hangs the terminal
// up as a closed terminal window does (see hangUp), ends the program's
// whole process group (SIGHUP; SIGTERM at once if the program ignores
// SIGHUP; SIGKILL after a grace period, or at once if it ignores both),
// and on Linux every other process the program started (descendants that
// called setsid, double-forked, or cleared or overwrote their environment:
// see endDescendants), reaps the program and ends every goroutine the
// terminal started. What the program writes once Close has begun (a
// prompt redrawn on SIGHUP) may not be read, as a closed window shows
// nothing more. It is safe to call more than once.
func (t *Terminal) Close() error {
	t.closeOnce.Do(func() {
		t.mu.Lock()
		t.closed = true
		t.mu.Unlock()
		t.closing.Store(time.Now().UnixNano())
		before := treeOf(t.cmd.Process.Pid) // parent links, while the parents live
		hung := t.hangUp()
		stopGroup(t.cmd.Process.Pid, t.cfg.grace, t.reaped)
		<-t.reaped
		endDescendants(t.span, t.cookie, before) // descendants that left the group
		closeSpan(t.span)
		<-t.done
		t.stopKernel()
		t.in.close()
		t.stopTicker()
		if !hung {
			t.closeErr = t.pty.Close()
		}
		if err := t.sess.Close(); err != nil && t.closeErr == nil {
			t.closeErr = err
		}
		if err := t.placeLateMarkers(); err != nil && t.closeErr == nil {
			t.closeErr = err
		}
	})
	return t.closeErr
}

// hangUp reads what the program wrote before Close and closes the PTY: the
// kernel then hangs the terminal up, as when a terminal window closes
// (SIGHUP and SIGCONT to the program, its reads end, its writes fail).
// stopGroup's SIGHUP alone reached bash at its prompt too late in 38–50 %
// of closes (it redrew and read again) and ended it only when sent again
// a millisecond later; a hung-up terminal ends its read at once. The read
// loop reads and feeds what the PTY holds, without waiting (readHung),
// and ends; output after it is not read. It reports whether it closed the
// PTY (its error in t.closeErr): where the PTY takes no read deadline (not
// in Go's poller), the read loop cannot be told to stop, and Close ends
// the program first, as before, its output ending with it.
func (t *Terminal) hangUp() bool {
	t.hangup.Store(true)
	if err := t.pty.SetReadDeadline(time.Now()); err != nil { // ends readLoop's wait
		return false
	}
	<-t.readDone
	t.closeErr = t.pty.Close()
	return true
}

// Started returns when the program started: offsets in the recording and in
// reports count from here.
func (t *Terminal) Started() time.Time { return t.start }

// Marker adds a labelled marker to the session's recording at the given
// time (a zero time means now). Calibration reads markers named "ready" and
// "busy" as ground truth. A marker dated in the past is recorded at its own
// time: the recording is written as events happen, so Close puts it in
// place among the events (after Close, Marker does so at once).
func (t *Terminal) Marker(at time.Time, label string) error {
	now := t.cfg.clock.Now()
	if at.IsZero() || !at.Before(now) || t.cfg.recording == "" {
		if at.IsZero() {
			at = now
		}
		return t.sess.Marker(at, label)
	}
	m := recordings.Mark{At: max(at.Sub(t.start), 0), Label: label}
	t.mu.Lock()
	finished := t.finished
	if !finished {
		t.late = append(t.late, m)
	}
	t.mu.Unlock()
	if finished {
		return recordings.MarkFile(t.cfg.recording, m)
	}
	return nil
}

// placeLateMarkers writes the markers dated in the past into the finished
// recording, each at its time.
func (t *Terminal) placeLateMarkers() error {
	t.mu.Lock()
	late := t.late
	t.late, t.finished = nil, true
	t.mu.Unlock()
	if len(late) == 0 {
		return nil
	}
	if err := recordings.MarkFile(t.cfg.recording, late...); err != nil {
		return fmt.Errorf("termtest: markers dated in the past: %w", err)
	}
	return nil
}
