package termtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// maxQueuedReplies bounds the answers to terminal queries waiting to be
// written to a program that is not reading its input. A program that asks
// for the cursor position in a loop and never reads grew the queue to
// 1.1 GB in 20 s; past this many bytes the oldest answers, stale by then,
// are dropped.
const maxQueuedReplies = 64 << 10

// inputQueue serialises everything sent to the program: typed input and the
// screen's answers to terminal queries. Writes happen on one goroutine so a
// program that is slow to read stdin never blocks the screen's parser.
//
// Every write has a deadline. When it passes, what the PTY has not taken is
// withdrawn: typed input is never delivered after its sender was told it
// timed out, and it never holds up what is sent next. Typed input still
// queued at its deadline (behind answers a program that never reads left
// unwritten) is withdrawn from the queue by its sender, who is answered at
// once.
type inputQueue struct {
	f          *os.File
	replyBound time.Duration // deadline of a reply, from when it is queued
	mu         sync.Mutex
	cond       *sync.Cond
	// queue[head:] is waiting, oldest first; a dropped or withdrawn item
	// stays in place with gone set, so dropping costs no copy (a program
	// asking for the cursor position in a loop had every answer copy the
	// whole queue under the lock the screen's parser takes).
	queue      []*inputItem
	head       int
	oldest     int // no reply before queue[oldest] is still waiting
	gone       int // items in queue[head:] dropped or withdrawn
	replyBytes int // bytes of replies waiting
	dropped    int // replies dropped because the queue was full
	closed     bool
	started    bool // run's goroutine, started with the first item (most terminals of an idle suite never get one)
	busy       bool // an item is being written, by run or by its sender (writeNow)
	replying   bool // the item being written by run is a reply (replies.go)
	done       chan struct{}
}

type inputItem struct {
	data     []byte
	deadline time.Time
	written  chan writeResult // nil for replies: nobody waits for them
	gone     bool             // dropped or withdrawn: skipped, not written
}

// writeResult is how much of an item the PTY took, and why not all of it.
type writeResult struct {
	n   int
	err error
}

func newInputQueue(f *os.File, replyBound time.Duration) *inputQueue {
	q := &inputQueue{f: f, replyBound: replyBound, done: make(chan struct{})}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// startLocked starts the writer, once. Call with q.mu held.
func (q *inputQueue) startLocked() {
	if !q.started {
		q.started = true
		go q.run()
	}
}

// next waits for the next item to write and takes it from the queue; nil
// once the queue is closed.
func (q *inputQueue) next() *inputItem {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		for (q.head == len(q.queue) || q.busy) && !q.closed {
			q.cond.Wait()
		}
		if q.closed {
			return nil
		}
		it := q.queue[q.head]
		q.queue[q.head] = nil
		q.head++
		q.oldest = max(q.oldest, q.head)
		if it.gone {
			q.gone--
		}
		q.compact()
		if it.gone {
			continue
		}
		if it.written == nil {
			q.replyBytes -= len(it.data)
		}
		q.busy, q.replying = true, it.written == nil
		return it
	}
}

func (q *inputQueue) run() {
	defer close(q.done)
	for {
		it := q.next()
		if it == nil {
			return
		}
		res := q.write(it)
		q.idle()
		if it.written != nil {
			it.written <- res
		}
	}
}

// write writes it to the PTY by its deadline.
func (q *inputQueue) write(it *inputItem) writeResult {
	var res writeResult
	if time.Now().Before(it.deadline) {
		// A deadline on the PTY ends a write the program does not
		// read; what it took by then stays taken, the rest is dropped.
		_ = q.f.SetWriteDeadline(it.deadline)
		res.n, res.err = q.f.Write(it.data)
	} else {
		res.err = os.ErrDeadlineExceeded // it waited in the queue too long
	}
	return res
}

// idle notes that the item being written is written.
func (q *inputQueue) idle() {
	q.mu.Lock()
	q.busy, q.replying = false, false
	q.cond.Broadcast() // run may wait for a sender's write
	q.mu.Unlock()
}

// writeNow writes it on the caller's goroutine when nothing is queued or
// being written, and reports whether it did (else push it): most input
// finds the queue empty, and handing it to run and waiting cost two
// goroutine switches (and, for a terminal's first input, starting run).
// What is queued meanwhile waits for it, as behind any item.
func (q *inputQueue) writeNow(it *inputItem) (writeResult, bool) {
	q.mu.Lock()
	if q.closed || q.busy || q.head < len(q.queue) {
		q.mu.Unlock()
		return writeResult{}, false
	}
	q.busy = true
	q.mu.Unlock()
	res := q.write(it)
	q.idle()
	return res, true
}

// compact drops written and gone items from the queue once they are the
// larger part of it: each item is moved at most once per halving, so the
// queue costs O(1) per item and stays within twice what is waiting.
// Call with q.mu held.
func (q *inputQueue) compact() {
	if q.head+q.gone <= 1024 || 2*(q.head+q.gone) <= len(q.queue) {
		return
	}
	n, oldest := 0, 0
	for i := q.head; i < len(q.queue); i++ {
		it := q.queue[i]
		if it.gone {
			continue
		}
		if i < q.oldest {
			oldest++
		}
		q.queue[n] = it
		n++
	}
	clear(q.queue[n:])
	q.queue, q.head, q.oldest, q.gone = q.queue[:n], 0, oldest, 0
}

// reply queues an answer to a terminal query, dropping the oldest queued
// answers if the queue holds more than maxQueuedReplies bytes of them.
func (q *inputQueue) reply(b []byte) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return
	}
	q.queue = append(q.queue, &inputItem{data: b, deadline: time.Now().Add(q.replyBound)})
	q.replyBytes += len(b)
	for ; q.replyBytes > maxQueuedReplies && q.oldest < len(q.queue); q.oldest++ {
		it := q.queue[q.oldest]
		if it.written != nil || it.gone {
			continue
		}
		it.gone = true
		q.gone++
		q.replyBytes -= len(it.data)
		q.dropped++
	}
	q.compact()
	q.startLocked()
	q.cond.Signal()
}

// queued returns the bytes of replies waiting and how many were dropped.
func (q *inputQueue) queued() (bytes, dropped int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.replyBytes, q.dropped
}

func (q *inputQueue) push(it *inputItem) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return false
	}
	q.queue = append(q.queue, it)
	q.startLocked()
	q.cond.Signal()
	return true
}

// withdraw takes it out of the queue if the writer has not taken it yet,
// and reports whether it did: then nothing of it was or will be written.
func (q *inputQueue) withdraw(it *inputItem) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, w := range q.queue[q.head:] {
		if w == it {
			it.gone = true
			q.gone++
			return true
		}
	}
	return false
}

// close drops what is still queued and ends the writer. A write blocked on
// a full PTY ends when the PTY is closed.
func (q *inputQueue) close() {
	q.mu.Lock()
	q.closed = true
	for _, it := range q.queue[q.head:] {
		if it.written != nil && !it.gone {
			it.written <- writeResult{err: ErrClosed}
		}
	}
	q.queue, q.head, q.oldest, q.gone = nil, 0, 0, 0
	q.replyBytes = 0
	q.cond.Broadcast()
	q.mu.Unlock()
}

// InputTimeoutError is returned when the program did not read input within
// the terminal's timeout. The first Delivered bytes reached the program (the
// PTY took them); the rest were withdrawn and will never be sent, so
// sending again sends nothing twice.
type InputTimeoutError struct {
	Delivered, Len int
	Timeout        time.Duration
	desc           string
}

func (e *InputTimeoutError) Error() string {
	return fmt.Sprintf("termtest: the program did not read its input within %v: %d of %d bytes were delivered, "+
		"the other %d were withdrawn (is it reading stdin?)\n%s", e.Timeout, e.Delivered, e.Len, e.Len-e.Delivered, e.desc)
}

// Is makes errors.Is(err, os.ErrDeadlineExceeded) true, as for a file.
func (e *InputTimeoutError) Is(target error) bool { return target == os.ErrDeadlineExceeded }

// send writes p to the program and returns once the PTY took it, bounded
// by the terminal's timeout alone.
func (t *Terminal) send(p []byte) error { return t.sendContext(context.Background(), p) }

// sendContext writes p to the program and returns once the PTY took it. It
// is bounded by the terminal's timeout and by ctx's deadline, whichever
// comes first, since a program that never reads its input can fill the
// PTY's buffer; past the bound the part not yet taken is withdrawn (see
// InputTimeoutError).
func (t *Terminal) sendContext(ctx context.Context, p []byte) error {
	if len(p) == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("termtest: sending %d bytes of input: %w", len(p), err)
	}
	if code, exited := t.ExitCode(); exited {
		// Nobody reads it, and a recording ends at the exit: input after
		// it (a key typed as the program ended) is neither sent nor kept.
		return fmt.Errorf("termtest: sending %d bytes of input: %w with status %d", len(p), errExited, code)
	}
	now := t.cfg.clock.Now()
	bound := t.cfg.timeout
	// expired is the bound's timer; ctxDone too when ctx's deadline is the
	// bound: the same instant on another timer, which may be on another
	// processor's heap, and the first to fire ends the wait (on a loaded
	// machine an idle processor's timers fired up to 214 ms after the
	// context's, docs/LOAD.md round 10). A cancel of ctx withdraws too.
	var ctxDone <-chan struct{}
	if d, ok := ctx.Deadline(); ok && time.Until(d) < bound {
		bound = max(time.Until(d), 0)
		ctxDone = ctx.Done()
	}
	it := &inputItem{data: append([]byte(nil), p...), deadline: time.Now().Add(bound), written: make(chan writeResult, 1)}
	// The engine hears of the input before the program can react to it, so
	// a reaction is never mistaken for what came before.
	timer := time.NewTimer(time.Until(it.deadline))
	defer timer.Stop()
	switch t.applyInput(now, it.data, timer.C, ctxDone) {
	case inputWithdrawn:
		// A piece of output held the session until the deadline: the
		// input was never applied, so it is neither recorded nor sent.
		t.sess.MarkerSoon(t.cfg.clock.Now(), fmt.Sprintf("input withdrawn: %d bytes were not sent (the session was applying output until the deadline)", len(p)))
		return &InputTimeoutError{Len: len(p), Timeout: bound, desc: t.Describe()}
	case inputAbandoned:
		// Still being applied at the deadline: nothing is written, and
		// the goroutine applying it records that when it is done.
		return &InputTimeoutError{Len: len(p), Timeout: bound, desc: t.Describe()}
	}
	timer.Reset(time.Until(it.deadline)) // applyInput may have taken its tick
	res, written := t.in.writeNow(it)
	if !written {
		if !t.in.push(it) {
			return ErrClosed
		}
		// The writer answers by the item's deadline once it writes the
		// item; one still queued then (behind answers to queries a
		// program that never reads left unwritten) is withdrawn, and
		// nothing of it sent.
		answered := false
		select {
		case res = <-it.written:
			answered = true
		case <-timer.C:
		case <-ctxDone:
		}
		if !answered {
			if t.in.withdraw(it) {
				res = writeResult{err: os.ErrDeadlineExceeded}
			} else {
				res = <-it.written // being written: the write's deadline is the same
			}
		}
	}
	switch {
	case res.err == nil:
		t.inputWritten() // kernel.go: observations from now on see this input
		return nil
	case errors.Is(res.err, os.ErrDeadlineExceeded):
		// The recording has the input as sent; say what never arrived.
		// Without waiting for a piece of output being applied: the sender
		// is answered by its deadline.
		t.sess.MarkerSoon(t.cfg.clock.Now(), fmt.Sprintf("input withdrawn: the last %d of %d bytes were not delivered", len(p)-res.n, len(p)))
		return &InputTimeoutError{Delivered: res.n, Len: len(p), Timeout: bound, desc: t.Describe()}
	case errors.Is(res.err, ErrClosed):
		return ErrClosed
	}
	return fmt.Errorf("termtest: writing %q to the program: %d of %d bytes delivered: %w", p, res.n, len(p), res.err)
}

// applyInput tells the session (and the kernel's observer) of input p sent
// at now, before it is written, unless expired fires first: the session is
// applied one piece of output at a time, and a piece of a flood on a large
// screen under -race, its thread descheduled on a loaded machine, held it
// for seconds, past the sender's deadline; the kernel's observer holds t.mu
// while it waits for the same piece. It returns inputApplied,
// inputWithdrawn (never applied, and never will be) or, when expired fires
// while the input is being applied, inputAbandoned at once: applying 200 kB
// of typed text to the engine took 100-360 ms under -race on a loaded
// machine (TestWaitsUnderFlood, docs/LOAD.md round 10), and the sender is
// answered by its deadline; the goroutine then records that the input was
// not delivered, after the input itself.
func (t *Terminal) applyInput(now time.Time, p []byte, expired <-chan time.Time, ctxDone <-chan struct{}) int32 {
	secret := t.secretInput()
	// Most inputs find the terminal and the session free: applied at once,
	// on the caller's goroutine, as below (handing every input to a
	// goroutine of its own cost a goroutine and two switches). Not a large
	// one: the engine reads every character typed, and 200 kB applied here
	// ran 295 ms past the deadline under -race at load 18, where the
	// goroutine below is abandoned at it.
	if len(p) <= inlineInput && t.mu.TryLock() {
		prev := t.inputAt.Load()
		t.inputAt.Store(&now)
		applied := t.sess.TryInput(now, p, secret)
		if applied {
			t.lastInput = now
			t.kernelHeardLocked()
		} else {
			t.inputAt.Store(prev)
		}
		t.mu.Unlock()
		if applied {
			return inputApplied
		}
	}
	// inputPending, then inputApplying or inputWithdrawn; inputApplying,
	// then inputApplied or inputAbandoned.
	var state atomic.Int32
	done := make(chan struct{})
	go func() {
		defer close(done)
		// t.mu, then the session's lock, as the kernel's observer takes
		// them: it never sees the input in the engine and not in lastInput.
		t.mu.Lock()
		defer t.mu.Unlock()
		prev := t.inputAt.Load()
		t.inputAt.Store(&now) // a wait meanwhile takes no ready state from before it
		if !t.sess.InputIf(now, p, secret, func() bool { return state.CompareAndSwap(inputPending, inputApplying) }) {
			t.inputAt.Store(prev)
			return
		}
		t.lastInput = now
		t.kernelHeardLocked()
		if !state.CompareAndSwap(inputApplying, inputApplied) {
			// The sender gave up meanwhile and wrote nothing.
			t.sess.MarkerSoon(t.cfg.clock.Now(), fmt.Sprintf("input withdrawn: the last %d of %d bytes were not delivered (applied past the deadline)", len(p), len(p)))
		}
	}()
	select {
	case <-done:
		if s := state.Load(); s == inputApplied || s == inputWithdrawn {
			return s
		}
		return inputWithdrawn // InputIf declined it: never applied
	case <-expired:
	case <-ctxDone:
	}
	if state.CompareAndSwap(inputPending, inputWithdrawn) {
		return inputWithdrawn // the goroutine applies nothing and ends with the piece
	}
	if state.CompareAndSwap(inputApplying, inputAbandoned) {
		return inputAbandoned
	}
	return inputApplied // applied just now: written (or not) by the write's own deadline
}

// inlineInput is the most input applyInput applies on the sender's own
// goroutine, where its deadline cannot cut it short: what a key, a line or
// a paste of a screenful is.
const inlineInput = 16 << 10

// lastInputAt returns when the last input was sent (zero before any), for
// waits: it takes no lock a piece of output may hold.
func (t *Terminal) lastInputAt() time.Time {
	if at := t.inputAt.Load(); at != nil {
		return *at
	}
	return time.Time{}
}

// The states of an input being applied (applyInput).
const (
	inputPending int32 = iota
	inputApplying
	inputApplied
	inputWithdrawn
	inputAbandoned
)

// TypeContext sends text as if typed on a keyboard, once the program is
// ready for input (see NoWait). Newlines are sent as typed Enter presses
// (CR), as a terminal would. The wait and the write are bounded by ctx's
// deadline and the terminal's timeout; if the program does not take it all
// in time, the rest is withdrawn and the error is an *InputTimeoutError
// saying how much was delivered.
func (t *Terminal) TypeContext(ctx context.Context, text string) error {
	if _, err := t.actionable(ctx, fmt.Sprintf("Type(%q)", clip(text))); err != nil {
		return err
	}
	return t.typeNow(ctx, text)
}

// typeNow types text without waiting for the program.
func (t *Terminal) typeNow(ctx context.Context, text string) error {
	if snap := t.sess.Snapshot(); snap.KittyKeyboard()&kittyAllKeys != 0 {
		// The program asked for every key as an escape code: type each
		// character as its key press.
		var b []byte
		for _, r := range text {
			k := Rune(r)
			if r == '\n' {
				k = KeyEnter
			}
			b = append(b, k.BytesFor(snap)...)
		}
		return t.sendContext(ctx, b)
	}
	b := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			b = append(b, '\r')
		} else {
			b = append(b, text[i])
		}
	}
	return t.sendContext(ctx, b)
}

// kittyAllKeys is the kitty keyboard protocol's flag "report all keys as
// escape codes".
const kittyAllKeys = 8

// Write sends p to the program as typed, byte for byte and at once: it
// neither waits for the program to be ready nor turns newlines into Enter
// presses, so a Terminal is an io.Writer for input copied from elsewhere
// (ttyrig record forwards the user's keyboard this way).
func (t *Terminal) Write(p []byte) (int, error) {
	if err := t.send(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// PressContext sends key presses, in order, encoded for the modes the
// program set (see Key), once the program is ready for input (see NoWait).
// ctx's deadline and the terminal's timeout bound the wait and the write.
func (t *Terminal) PressContext(ctx context.Context, keys ...Key) error {
	names := make([]string, len(keys))
	for i, k := range keys {
		if k.seq == "" {
			return fmt.Errorf("termtest: Press: key %s sends nothing", k.name)
		}
		names[i] = k.name
	}
	if _, err := t.actionable(ctx, "Press("+strings.Join(names, ", ")+")"); err != nil {
		return err
	}
	var b []byte
	snap := t.sess.Snapshot() // what keys send follows the program's modes
	for _, k := range keys {
		b = append(b, k.BytesFor(snap)...)
	}
	return t.sendContext(ctx, b)
}

// PasteContext sends text as a paste, once the program is ready for input
// (see NoWait): wrapped in bracketed-paste markers when the program enabled
// bracketed paste (mode 2004), as a terminal would; typed otherwise.
func (t *Terminal) PasteContext(ctx context.Context, text string) error {
	if _, err := t.actionable(ctx, fmt.Sprintf("Paste(%q)", clip(text))); err != nil {
		return err
	}
	return t.pasteNow(ctx, text)
}

// pasteNow pastes text without waiting for the program.
func (t *Terminal) pasteNow(ctx context.Context, text string) error {
	if t.sess.Snapshot().BracketedPaste() {
		// Terminals paste line breaks as CR, as if Enter was pressed.
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\r"), "\n", "\r")
		return t.sendContext(ctx, []byte("\x1b[200~"+text+"\x1b[201~"))
	}
	return t.typeNow(ctx, text)
}

// waitChange waits until the terminal changes or ctx ends.
func (t *Terminal) waitChange(ctx context.Context, ch <-chan struct{}) error {
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

var errExited = errors.New("the program exited")
