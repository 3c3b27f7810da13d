package termtest

import (
	"bytes"
	"fmt"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"
)

// Batch sizes: a batch buffer holds minBatch; once output fills one (a
// flood: the program writes faster than the screen parses), later
// buffers hold up to maxBatch, so the engine and the recording see a
// flood in fewer, larger batches, as a terminal renders less often under
// load. A batch of maxBatch is parsed in about 20 ms.
const (
	minBatch = 64 << 10
	maxBatch = 256 << 10
)

// batchBuffers is how many batch buffers a terminal may hold: one being
// fed while the next is read. A batch buffer is taken only for a batch
// feedLoop feeds, the second only when output comes faster than it is fed.
const batchBuffers = 2

// firstRead is the buffer output is read into first: one PTY read's worth,
// taken only once there is output (readHeld). A batch larger than that is
// gathered into a batch buffer; both come from pools all terminals share
// and go back once fed, so a quiet terminal holds no buffer (100 idle
// terminals held 6 MiB more than bare PTYs), and a new terminal rarely
// allocates one.
const firstRead = 4 << 10

// batchPools hold the batch buffers of every terminal, by size.
var batchPools = map[int]*sync.Pool{minBatch: {}, maxBatch: {}}

// getBatch returns a batch buffer of size bytes (minBatch or maxBatch).
func getBatch(size int) []byte {
	if b, ok := batchPools[size].Get().(*[]byte); ok {
		return *b
	}
	return make([]byte, size)
}

// putBatch gives a fed batch buffer back.
func putBatch(b []byte) {
	b = b[:cap(b)]
	if p, ok := batchPools[len(b)]; ok {
		p.Put(&b)
	}
}

// readOutput is where every byte from the program enters ttyrig.
// readLoop waits for output, takes whatever else the program has written
// by then (up to maxBatch) and feeds the batch to the session (screen,
// recording, engine) as one event, or a few where it is dear to parse
// (session.Cut). A PTY read mostly returns 4 KiB or less and costs about
// 10 ms per MiB in the kernel; under a flood of output, reading the next
// batch while the last is parsed, and rebuilding the screen once per batch
// rather than once per read, is what keeps up with the program, as a
// terminal renders once per frame: a batch that fills the first read's
// buffer, or comes while one is being parsed, goes to a second goroutine,
// feedLoop, started with the first such batch. A short batch with none
// before it is fed by readLoop itself, at once: handing each over cost two
// goroutine switches per event, and most terminals never flood. Nothing
// waits to fill a batch, so a quiet program's output is seen at once.
//
// readDone is closed once the program's output has ended (the PTY read
// failed: EIO once the program and its children closed it, or Close's read
// deadline) and every batch read has been fed.
func (t *Terminal) readOutput() {
	go t.readLoop()
}

// feeder feeds batches to the session, one at a time: readLoop's own
// short ones and feedLoop's, never at once (a batch is fed by readLoop
// only when none is unfed).
type feeder struct {
	t       *Terminal
	pace    pacer
	dropped int // bytes Close dropped unparsed
}

// readLoop waits for output, reads it into a buffer of firstRead bytes and
// feeds it
// and what else the PTY holds: at once, or through feedLoop in a batch
// buffer (at most batchBuffers of them taken at once).
func (t *Terminal) readLoop() {
	f := &feeder{t: t}
	var batches chan []byte // to feedLoop, once started
	var slots chan struct{} // a batch buffer taken, until it is fed
	defer func() {
		if batches != nil {
			close(batches) // feedLoop ends the output once it fed them
			return
		}
		f.end()
	}()
	raw, rawErr := t.pty.SyscallConn()
	if rawErr != nil {
		raw = nil
	}
	size := minBatch
	for {
		buf1, n, err := t.readHeld(raw) // kernel.go: counts the batch unfed until readFed
		hangingUp := err != nil && raw != nil && t.hangup.Load()
		if hangingUp {
			// Close is hanging the terminal up (hangUp): what the program
			// wrote before is read now, without waiting, and is the last.
			if buf1 == nil {
				buf1 = firstReads.Get().(*[]byte)
			}
			if n = t.readHung(raw, *buf1); n > 0 && t.kern != nil {
				t.kern.read.Lock()
				t.kern.read.unfed++ // as readHeld counts a read, until readFed
				t.kern.read.Unlock()
			}
		}
		if n <= 0 {
			if buf1 != nil {
				firstReads.Put(buf1)
			}
			if err != nil {
				return
			}
			continue
		}
		first := *buf1
		gather := err == nil && raw != nil
		if gather {
			n += readAvailable(raw, first[n:])
		}
		if n < len(first) && t.unfed.Load() == 0 {
			// Short, the PTY drained, nothing before it unfed.
			t.unfed.Add(1)
			t.readBytes.Add(int64(n))
			f.feed(first[:n])
			t.unfed.Add(-1)
			firstReads.Put(buf1)
			if err != nil {
				return
			}
			continue
		}
		if batches == nil {
			batches = make(chan []byte, batchBuffers-1)
			slots = make(chan struct{}, batchBuffers)
			go t.feedLoop(f, batches, slots)
		}
		slots <- struct{}{}
		if hangingUp {
			size = maxBatch // more than the PTY holds: all of it is read
		}
		buf := getBatch(size)
		copy(buf, first[:n])
		firstReads.Put(buf1)
		switch {
		case hangingUp && n == len(first):
			n += t.readHung(raw, buf[n:])
		case gather && n == len(first): // more may be there: a flood
			n += readAvailable(raw, buf[n:])
		}
		switch {
		case n == len(buf):
			size = maxBatch
		case n < minBatch/4:
			size = minBatch // the flood is over
		}
		t.unfed.Add(1)
		t.readBytes.Add(int64(n))
		batches <- buf[:n]
		if err != nil {
			return
		}
	}
}

// feedLoop feeds every batch readLoop sends it, in order, gives its
// buffer and slot back, and ends the output when batches is closed.
func (t *Terminal) feedLoop(f *feeder, batches <-chan []byte, slots <-chan struct{}) {
	defer f.end()
	for b := range batches {
		f.feed(b)
		t.unfed.Add(-1) // last: readLoop may feed the next batch itself from now on
		putBatch(b)
		<-slots
	}
}

// feed feeds one batch to the session in pieces of bounded work
// (session.Cut), and copies it to WithOutput's writer.
func (f *feeder) feed(b []byte) {
	t := f.t
	fed := 0
	for fed < len(b) {
		if at := t.closing.Load(); at != 0 && time.Since(time.Unix(0, at)) > dropGrace {
			// Close ends the program; parsing what it flooded out last
			// could take minutes (a flood of line feeds on a large
			// screen), so what is not parsed by then is dropped, and the
			// recording says so.
			f.dropped += len(b) - fed
			break
		}
		whole := t.sess.Cut(b[fed:]) // pieces of bounded work: waiters get the session between them
		n := f.pace.shrink(b[fed:], whole)
		began := time.Now()
		t.sess.Output(t.cfg.clock.Now(), b[fed:fed+n])
		f.pace.took(time.Since(began), float64(n)/float64(whole))
		fed += n
	}
	t.readFed()
	t.kernelHeard()
	if t.cfg.output != nil && fed > 0 { // after the recording: what was seen was recorded
		_, _ = t.cfg.output.Write(b[:fed])
	}
}

// end marks in the recording what Close dropped, and closes readDone: the
// output has ended and every batch is fed.
func (f *feeder) end() {
	if f.dropped > 0 {
		_ = f.t.sess.Marker(f.t.cfg.clock.Now(), fmt.Sprintf("%s: %d bytes", DroppedMarker, f.dropped))
	}
	close(f.t.readDone)
}

// dropGrace is how long Close lets the output a program wrote last be
// parsed before it drops the rest: a program's last words (a prompt
// redrawn on SIGHUP, a goodbye) parse in microseconds.
const dropGrace = 250 * time.Millisecond

// DroppedMarker starts the label of the marker a recording ends with when
// Close dropped output the program wrote but the screen had not parsed.
const DroppedMarker = "output dropped at close"

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

// readHung reads into p what the PTY holds now, without waiting and
// whatever the read deadline (Close set it to stop readLoop's wait), and
// returns how much it read: Close's last read before it hangs the
// terminal up. A read that finds the PTY empty also takes what the
// program's writes left in the kernel's buffers on their way, so what the
// program wrote before Close is all there. A program writing without
// pause fills p: the rest is what it wrote after Close, and the hang-up
// ends it.
func (t *Terminal) readHung(raw syscall.RawConn, p []byte) int {
	n := 0
	_ = raw.Control(func(fd uintptr) {
		for n < len(p) {
			m, err := syscall.Read(int(fd), p[n:])
			if err == syscall.EINTR {
				continue
			}
			if err != nil || m <= 0 {
				break
			}
			n += m
		}
	})
	return n
}

// pieceTarget is how long one piece of output may hold the session. The
// screen cuts by an estimate of its work calibrated without the race
// detector; under it, on a loaded machine, a piece of a line feed flood on
// a 500×300 screen held the session (and with it Type, and every report)
// for 2.5 s.
const pieceTarget = 50 * time.Millisecond

// pacer shrinks the screen's pieces while they take longer than
// pieceTarget, and lets them grow back, at most twofold a piece, as they
// get quick again. Until a piece is slow it cuts nothing, and it never
// cuts a batch under pacedBatch: output a program writes in one go, short
// of a flood, is applied in one go (cutting every batch split echoed lines
// in two, and a test reading them saw half a number).
type pacer struct {
	scale float64 // of the screen's cut; 0 means 1
}

// pacedBatch is the smallest batch the pacer cuts: one PTY read's worth.
const pacedBatch = 4 << 10

// shrink returns how much of p, of which the screen would take n, to apply
// now: n scaled, at least the first line (or one character), ending on a
// character boundary.
func (c *pacer) shrink(p []byte, n int) int {
	if c.scale == 0 || c.scale >= 1 || len(p) < pacedBatch {
		return n
	}
	m := int(float64(n) * c.scale)
	for m > 0 && m < len(p) && !utf8.RuneStart(p[m]) {
		m--
	}
	// At least the first line: one line feed's work is small, and a
	// program's short write ("one\r\n") stays one event.
	if nl := bytes.IndexByte(p[:n], '\n'); nl >= 0 && m <= nl {
		m = nl + 1
	}
	if m == 0 {
		_, m = utf8.DecodeRune(p)
	}
	return min(m, n)
}

// took notes that a piece, frac of what the screen would have taken,
// took d.
func (c *pacer) took(d time.Duration, frac float64) {
	scale := c.scale
	if scale == 0 {
		scale = 1
	}
	d = max(d, time.Microsecond)
	whole := float64(d) / max(frac, 1e-9) // what the screen's whole piece would take
	c.scale = min(1, 2*scale, max(float64(pieceTarget)/whole, 1.0/(1<<20)))
}
