package session

import (
	"errors"
	"sync"
	"time"
)

// backgroundQueue bounds the events a background recorder holds unwritten:
// at most this many batches of output (each at most a read batch) wait
// for the writer, and the session waits when they are all taken.
const backgroundQueue = 8

// InBackground returns a Recorder that hands each event of output or
// input larger than inlineEvent to its own goroutine, which records it into
// r, in order: encoding output (a flood records megabytes) then runs
// beside the screen's parsing instead of before it. A Session waits for it
// (Sync) before it lets anyone see an event's effect, so whatever a test
// saw is in the recording, as with r itself; since encoding is tens of
// times faster than parsing, that wait is almost always over before it
// starts. Close writes everything queued and closes r.
//
// A small event with nothing queued before it is recorded at once, by
// the caller: handing it over and waiting for it cost two goroutine
// switches per event, more than encoding it, and the goroutine starts only
// with the first large event (most sessions never write one).
//
// Errors come one event late: each method returns r's first error so far,
// and Close returns it in the end.
func InBackground(r Recorder) Recorder {
	b := &background{r: r, queue: make(chan func(Recorder) error, backgroundQueue), done: make(chan struct{})}
	b.caught.L = &b.stateMu
	return b
}

// inlineEvent is the largest output or input event InBackground records
// on the caller's goroutine: one PTY read's worth.
const inlineEvent = 4 << 10

// syncer is a Recorder that records after it is called (InBackground).
type syncer interface {
	// Sync returns once every event recorded so far has been written.
	Sync()
}

type background struct {
	r     Recorder
	queue chan func(Recorder) error
	done  chan struct{}

	mu      sync.Mutex // held while queueing or recording at once, so Close never closes the queue mid-send
	closed  bool
	started bool // run's goroutine is started (under mu)

	stateMu sync.Mutex // the writer's progress; never held while waiting on the queue
	queued  uint64     // events queued
	written uint64     // events written
	caught  sync.Cond  // on stateMu: written moved
	err     error      // r's first error

	closeOnce sync.Once
}

func (b *background) run() {
	defer close(b.done)
	for f := range b.queue {
		err := f(b.r)
		b.stateMu.Lock()
		if b.err == nil {
			b.err = err
		}
		b.written++
		b.caught.Broadcast()
		b.stateMu.Unlock()
	}
}

// Sync returns once every event queued before it was called is written.
func (b *background) Sync() {
	b.stateMu.Lock()
	defer b.stateMu.Unlock()
	for target := b.queued; b.written < target; {
		b.caught.Wait()
	}
}

func (b *background) firstErr() error {
	b.stateMu.Lock()
	defer b.stateMu.Unlock()
	return b.err
}

// send records an event, unless b is closed, and returns the first error
// so far: at once (now) when it is small and nothing is queued (the writer
// is idle, and b.mu keeps anyone from queueing meanwhile), else queued
// (the func later returns, which copies what the caller reuses). A full
// queue makes it wait for the writer.
func (b *background) send(small bool, now func(Recorder) error, later func() func(Recorder) error) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return errRecorderClosed
	}
	b.stateMu.Lock()
	inline := small && b.queued == b.written
	if !inline {
		b.queued++
	}
	err := b.err
	b.stateMu.Unlock()
	if inline {
		if werr := now(b.r); werr != nil {
			b.stateMu.Lock()
			if b.err == nil {
				b.err = werr
			}
			b.stateMu.Unlock()
		}
		return err
	}
	if !b.started {
		b.started = true
		go b.run()
	}
	b.queue <- later()
	return err
}

// event sends f, which keeps nothing of the caller's.
func (b *background) event(f func(Recorder) error) error {
	return b.send(true, f, func() func(Recorder) error { return f })
}

func (b *background) Output(t time.Duration, p []byte) error {
	return b.send(len(p) <= inlineEvent, func(r Recorder) error { return r.Output(t, p) }, func() func(Recorder) error {
		p := append([]byte(nil), p...) // the caller reuses its buffer
		return func(r Recorder) error { return r.Output(t, p) }
	})
}

func (b *background) Input(t time.Duration, p []byte) error {
	return b.send(len(p) <= inlineEvent, func(r Recorder) error { return r.Input(t, p) }, func() func(Recorder) error {
		p := append([]byte(nil), p...)
		return func(r Recorder) error { return r.Input(t, p) }
	})
}

func (b *background) Resize(t time.Duration, cols, rows int) error {
	return b.event(func(r Recorder) error { return r.Resize(t, cols, rows) })
}

func (b *background) Marker(t time.Duration, label string) error {
	return b.event(func(r Recorder) error { return r.Marker(t, label) })
}

func (b *background) Exit(t time.Duration, code int) error {
	return b.event(func(r Recorder) error { return r.Exit(t, code) })
}

func (b *background) Kernel(t time.Duration, data string) error {
	return b.event(func(r Recorder) error { return r.Kernel(t, data) })
}

// Close writes every queued event, closes r and returns r's first error.
func (b *background) Close() error {
	b.closeOnce.Do(func() {
		b.mu.Lock()
		b.closed = true
		close(b.queue)
		started := b.started
		b.mu.Unlock()
		if started {
			<-b.done
		}
		err := b.r.Close()
		b.stateMu.Lock()
		if b.err == nil {
			b.err = err
		}
		b.stateMu.Unlock()
	})
	return b.firstErr()
}

// errRecorderClosed is what a background recorder returns after Close.
var errRecorderClosed = errors.New("session: recording after the recorder was closed")
