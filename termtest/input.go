package termtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// inputQueue serialises everything sent to the program: typed input and the
// screen's answers to terminal queries. Writes happen on one goroutine so a
// program that is slow to read stdin never blocks the screen's parser.
type inputQueue struct {
	f      *os.File
	mu     sync.Mutex
	cond   *sync.Cond
	queue  []inputItem
	closed bool
	done   chan struct{}
}

type inputItem struct {
	data    []byte
	written chan error // nil for replies: nobody waits for them
}

func newInputQueue(f *os.File) *inputQueue {
	q := &inputQueue{f: f, done: make(chan struct{})}
	q.cond = sync.NewCond(&q.mu)
	go q.run()
	return q
}

func (q *inputQueue) run() {
	defer close(q.done)
	for {
		q.mu.Lock()
		for len(q.queue) == 0 && !q.closed {
			q.cond.Wait()
		}
		if len(q.queue) == 0 {
			q.mu.Unlock()
			return
		}
		it := q.queue[0]
		q.queue = q.queue[1:]
		q.mu.Unlock()
		_, err := q.f.Write(it.data)
		if it.written != nil {
			it.written <- err
		}
	}
}

// reply queues an answer to a terminal query.
func (q *inputQueue) reply(b []byte) { q.push(inputItem{data: b}) }

func (q *inputQueue) push(it inputItem) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return false
	}
	q.queue = append(q.queue, it)
	q.cond.Signal()
	return true
}

// close drops what is still queued and ends the writer. A write blocked on
// a full PTY ends when the PTY is closed.
func (q *inputQueue) close() {
	q.mu.Lock()
	q.closed = true
	for _, it := range q.queue {
		if it.written != nil {
			it.written <- ErrClosed
		}
	}
	q.queue = nil
	q.cond.Broadcast()
	q.mu.Unlock()
}

// send writes p to the program and returns once the PTY took it. It is
// bounded by the terminal's timeout, since a program that never reads its
// input can fill the PTY's buffer.
func (t *Terminal) send(p []byte) error {
	if len(p) == 0 {
		return nil
	}
	it := inputItem{data: append([]byte(nil), p...), written: make(chan error, 1)}
	// The engine hears of the input before the program can react to it, so
	// a reaction is never mistaken for what came before.
	now := t.cfg.clock.Now()
	t.mu.Lock()
	t.lastInput = now
	if t.rec != nil {
		_ = t.rec.Input(now.Sub(t.start), p)
	}
	t.observe(ready.Event{Time: now, Kind: ready.Input, Data: it.data, Screen: t.scr.Snapshot()})
	t.mu.Unlock()
	if !t.in.push(it) {
		return ErrClosed
	}
	select {
	case err := <-it.written:
		if err != nil {
			return fmt.Errorf("termtest: writing %q to the program: %w", p, err)
		}
		t.inputWritten() // kernel.go: observations from now on see this input
	case <-time.After(t.cfg.timeout):
		return fmt.Errorf("termtest: the program did not read %d bytes of input within %v (is it reading stdin?)\n%s", len(p), t.cfg.timeout, t.Describe())
	}
	return nil
}

// Type sends text as if typed on a keyboard. Newlines are sent as typed
// Enter presses (CR), as a terminal would.
func (t *Terminal) Type(text string) error {
	b := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			b = append(b, '\r')
		} else {
			b = append(b, text[i])
		}
	}
	return t.send(b)
}

// Press sends key presses, in order.
func (t *Terminal) Press(keys ...Key) error {
	var b []byte
	for _, k := range keys {
		if k.seq == "" {
			return fmt.Errorf("termtest: key %s sends nothing", k.name)
		}
		b = append(b, k.seq...)
	}
	return t.send(b)
}

// Paste sends text as a paste: wrapped in bracketed-paste markers when the
// program enabled bracketed paste (mode 2004), as a terminal would.
func (t *Terminal) Paste(text string) error {
	if t.scr.Snapshot().BracketedPaste() {
		// Terminals paste line breaks as CR, as if Enter was pressed.
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\r"), "\n", "\r")
		return t.send([]byte("\x1b[200~" + text + "\x1b[201~"))
	}
	return t.Type(text)
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
