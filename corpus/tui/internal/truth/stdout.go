package truth

import (
	"io"
	"os"
	"sync"
)

// Stdout is the hook for libraries that write to os.Stdout directly and
// take no writer (pterm's interactive printers, atomicgo's cursor area):
// os.Stdout becomes a pipe whose bytes a goroutine copies to the terminal,
// and the copy logs ready after an armed write. The bytes reach the
// terminal unchanged; the library sees a pipe where it asks for the
// terminal's width (pterm then assumes 80 columns).
type Stdout struct {
	mu    sync.Mutex
	armed string
	done  chan struct{}
	w     *os.File
	tty   *os.File
}

// RedirectStdout swaps os.Stdout for the hooked pipe.
func RedirectStdout() (*Stdout, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	s := &Stdout{done: make(chan struct{}), w: w, tty: os.Stdout}
	os.Stdout = w
	go s.copy(r)
	return s, nil
}

// Arm makes the next visible chunk copied to the terminal log ready.
func (s *Stdout) Arm(kind string) { s.mu.Lock(); s.armed = kind; s.mu.Unlock() }

func (s *Stdout) copy(r io.Reader) {
	defer close(s.done)
	buf := make([]byte, 64*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			_, _ = s.tty.Write(buf[:n])
			s.mu.Lock()
			kind := ""
			if s.armed != "" && Visible(buf[:n]) {
				kind, s.armed = s.armed, ""
			}
			s.mu.Unlock()
			if kind != "" {
				Log("ready", kind, "")
			}
		}
		if err != nil {
			return
		}
	}
}

// Close flushes what is in the pipe to the terminal and puts os.Stdout back.
func (s *Stdout) Close() {
	os.Stdout = s.tty
	_ = s.w.Close()
	<-s.done
}
