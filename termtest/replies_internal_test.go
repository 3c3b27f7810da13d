package termtest

import (
	"bytes"
	"io"
	"os"
	"testing"
	"time"
)

// An answer to a query counts as unwritten while it waits in the queue and
// while it is being written, and no longer once the other end has it: the
// kernel's looks are not fed to the engine meanwhile (observeKernel).
func TestRepliesUnwrittenUntilWritten(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	// Fill the pipe, so the answer cannot be written until it is read.
	var filled int
	chunk := bytes.Repeat([]byte{'.'}, 4096)
	for {
		_ = w.SetWriteDeadline(time.Now().Add(50 * time.Millisecond))
		n, err := w.Write(chunk)
		filled += n
		if err != nil {
			break
		}
	}
	q := newInputQueue(w, 10*time.Second)
	defer q.close()
	if q.repliesUnwritten() {
		t.Fatal("an empty queue says an answer is unwritten")
	}
	answer := []byte("\x1b[1;8R")
	q.reply(answer)
	time.Sleep(20 * time.Millisecond) // the writer takes it and blocks on the full pipe
	if !q.repliesUnwritten() {
		t.Fatal("an answer the full pipe has not taken reads as written")
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(r, int64(filled+len(answer))))
		got <- b
	}()
	for deadline := time.Now().Add(10 * time.Second); q.repliesUnwritten(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the answer still reads as unwritten 10 s after the pipe was drained")
		}
	}
	if b := <-got; !bytes.HasSuffix(b, answer) {
		t.Errorf("the pipe got %d bytes ending %q, want the answer %q last", len(b), b[max(0, len(b)-8):], answer)
	}
}
