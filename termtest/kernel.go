package termtest

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// How often the kernel is asked while an answer matters: every
// kernelEvery while the engine is not ready (less often if an observation
// takes more than a tenth of that), and once after every event, but never
// twice within kernelGap; within kernelIdleGap while the engine is not
// ready and no wait for readiness runs (see kernelWatch.urgent). An
// observation costs 0.1–0.4 ms; its cost is read as the cheaper of the last
// two, and the spacing it sets is capped at kernelMaxGap: one observation
// preempted for a second on a loaded machine once spaced the next ten
// seconds away.
const (
	kernelEvery  = 5 * time.Millisecond
	kernelGap    = time.Millisecond
	kernelMaxGap = 50 * time.Millisecond
)

// kernelIdleGap is kernelGap while no one needs the next look soon: as
// long apart as the looks the engine asks for every kernelEvery while it
// is not ready.
const kernelIdleGap = kernelEvery

// WithoutKernelView stops the terminal from asking the kernel whether the
// program is reading its input (Linux; elsewhere it never does): readiness
// and Submit then go by the screen alone, as in a replay of a recording
// made without it.
func WithoutKernelView() Option { return func(c *config) { c.noKernel = true } }

// kernelWatch asks the kernel about the terminal (package kernel) and
// feeds what it says to the engine as ready.Kernel events, recorded like
// any other event.
type kernelWatch struct {
	obs *kernel.Observer
	// read is held by each read from the PTY and by each observation's
	// last step, and counts the batches read and not yet fed to the engine
	// (the read loop reads the next batch while the last is parsed): an
	// observation made while one is unfed is dropped, so "no output
	// pending" means the engine has seen everything the program wrote.
	read struct {
		sync.Mutex
		unfed int
	}
	kick chan struct{}
	stop chan struct{}
	// due: the loop sleeps until an observation the spacing put off, the
	// one a kick would ask for (the same time: nothing else moves it), so
	// ask does not wake it; a kick was 4 of the 6 times a round trip the
	// loop woke, only to sleep again.
	due atomic.Bool
	// idle: the look due was put off by kernelIdleGap (putOff), so an ask
	// that finds the next look urgent wakes the loop after all. waits
	// counts the waits for readiness running (waiting), and ready reads
	// whether the engine is ready (urgent).
	idle    atomic.Bool
	waits   atomic.Int32
	ready   func() bool
	idleGap atomic.Int64 // kernelIdleGap (the tests set it)
	// decideAt: when the engine's next decision is due (the ticker's
	// deadline, as time.Now's UnixNano; 0: none). A look the idle spacing
	// would put off past it is urgent: the decision (a quiet window ending
	// in a ready state) must see it, as it did when every look came
	// kernelGap after its event.
	decideAt atomic.Int64
	// The loop (kernelLoop) runs while there is something to observe:
	// ask starts it, and it ends when nothing is left to ask until the
	// next event, so an idle terminal holds no goroutine for it.
	loop struct {
		sync.Mutex
		running, stopped bool
		runs             sync.WaitGroup
	}
	start func() // starts a run of the loop
	// The loop's pacing, kept from one run to the next: when it last
	// observed, and what its last two observations cost.
	observed   time.Time
	cost, prev time.Duration

	// Under Terminal.mu.
	heard   uint64      // events fed to the session
	fed     uint64      // heard when the last observation was fed
	last    kernel.View // the last observation fed
	written time.Time   // when the last input was written to the PTY

	// The last observation made, for reports: read without Terminal.mu,
	// which an observation holds while the session applies it. known is
	// the last one that could read the group (not Unknown).
	latest, known atomic.Pointer[observed]
}

// observed is one observation and when it was started.
type observed struct {
	view kernel.View
	at   time.Time
}

// note keeps v, started at at, as the latest observation unless a newer
// one is kept already, and as the latest known one unless it is Unknown.
func (k *kernelWatch) note(v kernel.View, at time.Time) {
	o := &observed{view: v, at: at}
	keep(&k.latest, o)
	if v.Wait != kernel.Unknown {
		keep(&k.known, o)
	}
}

// keep stores o in p unless p holds a newer observation.
func keep(p *atomic.Pointer[observed], o *observed) {
	for {
		old := p.Load()
		if old != nil && old.at.After(o.at) {
			return
		}
		if p.CompareAndSwap(old, o) {
			return
		}
	}
}

// working reports whether the last observation that could read the group
// found it working. A look that could not (Unknown: a process of the
// group exiting or starting, as a pyenv shim's scripts do) says nothing,
// as the engine takes it (ready/signal_kernel.go): taking it for "not
// working" let an action's silence rule send into a program still
// starting (TestActionWaitsForSilentWork, at load 20).
func (k *kernelWatch) working() bool {
	o := k.known.Load()
	return o != nil && o.view.Wait == kernel.Working
}

// inputWritten notes that the last input is in the PTY: observations
// started from now on see it.
func (t *Terminal) inputWritten() {
	if t.kern == nil {
		return
	}
	t.mu.Lock()
	t.kern.written = t.cfg.clock.Now()
	t.mu.Unlock()
	t.kern.ask()
}

// ask has the loop observe the kernel soon (at once, unless it just did).
func (k *kernelWatch) ask() {
	if k.due.Load() && !(k.idle.Load() && k.urgent()) {
		return // the loop runs, and observes after this ask (kernelLoop)
	}
	select {
	case k.kick <- struct{}{}:
	default:
	}
	k.loop.Lock()
	defer k.loop.Unlock()
	if !k.loop.running && !k.loop.stopped {
		k.loop.running = true
		k.loop.runs.Add(1)
		k.start()
	}
}

// rest ends the loop's run, unless it was asked meanwhile; it reports
// whether the run ends.
func (k *kernelWatch) rest() bool {
	k.loop.Lock()
	defer k.loop.Unlock()
	if len(k.kick) > 0 {
		return false
	}
	k.loop.running = false
	return true
}

// kernelWanted asks the kernel again when the engine has stopped waiting
// for the user without a new event (a tick made a vote due): the
// observations stopped when it last waited, and only a new one can say the
// program waits again.
func (t *Terminal) kernelWanted() {
	if t.kern != nil && !t.sess.Current().State.Waiting() {
		t.kern.ask()
	}
}

// watchKernel starts observing the kernel, where it can be.
func (t *Terminal) watchKernel() {
	if t.cfg.noKernel {
		return
	}
	obs, err := kernel.Open(t.pty, t.cmd.Process.Pid)
	if err != nil {
		return // not Linux: the screen alone decides
	}
	k := &kernelWatch{obs: obs, kick: make(chan struct{}, 1), stop: make(chan struct{})}
	k.start = func() { go t.kernelLoop() }
	k.ready = func() bool { return t.sess.Current().State.Waiting() }
	k.idleGap.Store(int64(kernelIdleGap))
	t.kern = k
	// The start is the first event: its look, too, is put off while the
	// engine is not ready and nothing waits (a program's first output
	// that makes it ready, or a wait, asks for it at once); the look made
	// at once found bash still starting in every round trip.
	k.observed = time.Now()
	k.ask()
}

// stopKernel ends the observations.
func (t *Terminal) stopKernel() {
	if k := t.kern; k != nil {
		k.loop.Lock()
		k.loop.stopped = true
		k.loop.Unlock()
		close(k.stop)
		k.loop.runs.Wait()
	}
}

// kernelHeard notes an event fed to the session: the engine now needs a
// new observation.
func (t *Terminal) kernelHeard() {
	if t.kern == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.kernelHeardLocked()
}

// kernelHeardLocked is kernelHeard with t.mu held.
func (t *Terminal) kernelHeardLocked() {
	if t.kern == nil {
		return
	}
	t.kern.heard++
	t.kern.ask()
}

// kernelLoop is one run of the loop that observes the kernel: at each ask
// (never twice within the spacing) and every kernelEvery while the engine
// wants to hear more; the run ends once it does not and nothing asks.
func (t *Terminal) kernelLoop() {
	k := t.kern
	defer k.loop.runs.Done()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	for {
		select {
		case <-k.stop:
			return
		case <-k.kick:
		case <-timer.C:
		}
		// Cleared before the observation starts: an ask that found it set
		// came before, and the observation covers it.
		k.due.Store(false)
		if wait, idle := k.putOff(); wait > 0 {
			k.idle.Store(idle)
			k.due.Store(true)
			// Again once due is set: an ask that made the look urgent
			// meanwhile (a wait begun, the engine ready) woke the loop only
			// if it saw due (ask).
			if wait, idle = k.putOff(); wait > 0 {
				k.idle.Store(idle)
				timer.Reset(wait)
				continue
			}
			k.due.Store(false)
		}
		k.observed = time.Now()
		more := t.observeKernel()
		k.prev, k.cost = k.cost, time.Since(k.observed)
		if more {
			timer.Reset(max(kernelEvery, min(10*min(k.cost, k.prev), kernelMaxGap)))
			continue
		}
		timer.Stop()
		if k.rest() {
			return
		}
	}
}

// putOff returns how long the spacing puts the next look off (none if
// zero or less), and whether it is kernelIdleGap that does. Kicks come with
// every event (a flood brings hundreds a second): observe at most a tenth
// of the time, whatever calls for it.
func (k *kernelWatch) putOff() (time.Duration, bool) {
	spacing := min(10*min(k.cost, k.prev), kernelMaxGap)
	if idle := time.Duration(k.idleGap.Load()); !k.urgent() && idle > max(kernelGap, spacing) && !k.decidesBefore(k.observed.Add(idle)) {
		return idle - time.Since(k.observed), true
	}
	return max(kernelGap, spacing) - time.Since(k.observed), false
}

// urgent reports whether the next look matters soon: a wait for readiness
// runs, or the engine is ready, where a look may say it is not (output
// pending, input unread, work); such looks come kernelGap after an event,
// as every look did before. Otherwise the engine is not ready and no one
// waits for it to be: a look can only tell it work it confirms no sooner
// than tune.WorkConfirm, or the program's wait that a wait beginning asks
// about at once (waiting). The engine decides on what it is fed, so when
// looks are made moves when it decides: here only decisions no wait sees
// (a ready state a few milliseconds later, work seen a few milliseconds
// later, in a session where nothing waits meanwhile).
func (k *kernelWatch) urgent() bool {
	return k.waits.Load() > 0 || k.ready != nil && k.ready()
}

// decidesBefore reports whether the engine's next decision is due before
// at (within a kernelGap of it).
func (k *kernelWatch) decidesBefore(at time.Time) bool {
	d := k.decideAt.Load()
	return d != 0 && d <= at.Add(kernelGap).UnixNano()
}

// decisionDueAt notes when the engine's next decision is due (the
// ticker's deadline, on t's clock), or none. A look put off by the idle
// spacing past it is made first: the loop is woken to space it again.
func (t *Terminal) decisionDueAt(at time.Time, due bool) {
	k := t.kern
	if k == nil {
		return
	}
	if !due {
		k.decideAt.Store(0)
		return
	}
	when := time.Now().Add(at.Sub(t.cfg.clock.Now()))
	k.decideAt.Store(when.UnixNano())
	if k.due.Load() && k.idle.Load() && time.Until(when) <= time.Duration(k.idleGap.Load())+kernelGap {
		select {
		case k.kick <- struct{}{}:
		default:
		}
	}
}

// waiting notes a wait for readiness running until the func it returns is
// called, and asks for a look the idle spacing put off: the wait is urgent.
// Only that one: a wait that begins with no look put off asks for none (a
// look at every wait was one more look for every action after a prompt).
func (t *Terminal) waiting() (done func()) {
	k := t.kern
	if k == nil {
		return func() {}
	}
	k.waits.Add(1)
	if k.due.Load() && k.idle.Load() {
		k.ask()
	}
	return func() { k.waits.Add(-1) }
}

// observeKernel asks the kernel once and feeds the engine what it says
// when the engine has not heard it since the last event. It reports
// whether the engine still wants to hear more: it is not waiting for the
// user, or the program was seen working.
//
// The observation itself runs alongside the read loop; only its last step
// (is output pending?) and feeding the engine happen while no batch is
// between a read and the engine, so "nothing pending" means the engine
// has seen everything the program wrote before it was observed waiting.
func (t *Terminal) observeKernel() bool {
	k := t.kern
	t.mu.Lock()
	if t.endedLocked() {
		t.mu.Unlock()
		return false
	}
	input, started := t.lastInput, t.cfg.clock.Now()
	t.mu.Unlock()
	if t.in != nil && t.in.repliesUnwritten() {
		// An answer to a query is on its way to the program: what the
		// kernel says now is stale (replies.go). Ask again.
		return true
	}

	v, err := k.obs.Observe()

	k.read.Lock()
	defer k.read.Unlock()
	if k.read.unfed > 0 {
		// The program has just written: this observation is stale
		// already, and the feed loop asks for the next one once the engine
		// has the batch.
		return true
	}
	v.Pending = k.obs.Pending()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.endedLocked() {
		return false
	}
	if err != nil || !t.lastInput.Equal(input) || input.After(k.written) || started.Before(k.written) {
		// The program may be gone (it is reaped soon), or input was sent
		// and not yet written, or written while the kernel was asked: ask
		// again. So every observation the engine hears after an input
		// event was made with the input in the PTY, and one that finds the
		// program reading again with nothing unread is its reaction, even
		// when nothing was drawn.
		return true
	}
	k.note(v, started)
	// What the process waits in (Doing) changes all the time while it
	// works; it is fed, for reasons, only with a change that matters. An
	// unchanged Reading is fed again after new events: the engine takes
	// "ready" only from an observation newer than the last output.
	same := v
	same.Doing = k.last.Doing
	if same != k.last || k.heard != k.fed && (v.Wait == kernel.Reading || v.Still) {
		k.last, k.fed = v, k.heard
		t.sess.Kernel(t.cfg.clock.Now(), v)
	}
	// Work seen while the engine waits is a vote held only until it is
	// confirmed (workConfirm): go on asking, so its end is seen and the
	// hold it becomes never outlives it. (Claude Code, a question up,
	// caught in a moment's work: busy for good, with no observation left
	// to say it waited again.)
	return !t.sess.Current().State.Waiting() || v.Wait == kernel.Working
}

// endedLocked reports whether the program has exited (and its exit was
// applied) or the terminal is closed. Call with t.mu held.
func (t *Terminal) endedLocked() bool {
	if t.closed {
		return true
	}
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// kernelNote says what the kernel last said, for failure reports: "" where
// it is not observed.
func (t *Terminal) kernelNote() string {
	if t.kern == nil {
		return ""
	}
	o := t.kern.latest.Load()
	if o == nil {
		return ""
	}
	return fmt.Sprintf("%s (at +%.3fs)", o.view, o.at.Sub(t.start).Seconds())
}

// readHeld waits for output and reads it into a buffer of firstRead bytes
// from firstReads, taken only once there is output to read: a terminal
// waiting for output holds none. With a kernel observer a read that
// returns output counts as an unfed batch until readFed. The caller puts
// the buffer back (nil where an error came first).
func (t *Terminal) readHeld(raw syscall.RawConn) (*[]byte, int, error) {
	if raw == nil {
		buf := firstReads.Get().(*[]byte)
		n, err := t.pty.Read(*buf)
		return buf, n, err
	}
	var buf *[]byte
	var n int
	var err error
	rerr := raw.Read(func(fd uintptr) bool {
		if t.kern != nil {
			t.kern.read.Lock()
			defer t.kern.read.Unlock()
		}
		if buf == nil {
			buf = firstReads.Get().(*[]byte)
		}
		for {
			n, err = syscall.Read(int(fd), *buf)
			if err != syscall.EINTR {
				break
			}
		}
		if err == syscall.EAGAIN {
			firstReads.Put(buf)
			buf = nil
			return false // wait until the PTY is readable
		}
		if n > 0 && t.kern != nil {
			t.kern.read.unfed++
		}
		return true
	})
	switch {
	case rerr != nil:
		return buf, 0, rerr // a read deadline (Close)
	case err != nil:
		return buf, 0, err
	case n <= 0:
		return buf, 0, io.EOF
	}
	return buf, n, nil
}

// firstReads holds the buffers of firstRead bytes output is read into
// first, shared by every terminal.
var firstReads = sync.Pool{New: func() any { b := make([]byte, firstRead); return &b }}

// readFed notes that the engine has a batch readHeld counted.
func (t *Terminal) readFed() {
	if t.kern != nil {
		t.kern.read.Lock()
		t.kern.read.unfed--
		t.kern.read.Unlock()
	}
}

// kernelNow asks the kernel about the terminal now, on the caller's
// goroutine, whatever the loop's spacing: Submit decides on it. Output the
// program wrote and the screen does not show yet counts as pending. ok is
// false where the kernel is not observed or could not be asked (the
// program is ending).
func (t *Terminal) kernelNow() (v kernel.View, ok bool) {
	k := t.kern
	if k == nil {
		return kernel.View{}, false
	}
	started := t.cfg.clock.Now()
	v, err := k.obs.Observe()
	if err != nil {
		return kernel.View{}, false
	}
	// As in observeKernel: pending is read while no batch is between a
	// read and the screen.
	k.read.Lock()
	v.Pending = v.Pending || k.read.unfed > 0 || k.obs.Pending()
	k.read.Unlock()
	k.note(v, started)
	return v, true
}
