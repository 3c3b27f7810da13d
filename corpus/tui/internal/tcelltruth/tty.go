// Package tcelltruth gives tcell (and so tview) programs the corpus's
// render hook: a tcell.Tty whose writes log ready after an armed one, the
// way truth.Output does for programs that write to os.Stdout. tcell writes
// each frame (Screen.Show) to its Tty in one write, so "after the write"
// is "after the frame reached the terminal".
package tcelltruth

import (
	"sync"

	"github.com/gdamore/tcell/v2"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

// Tty is the process's /dev/tty with the hook on its writes.
type Tty struct {
	tcell.Tty
	mu    sync.Mutex
	armed string
}

// Arm makes the next frame written log ready with the prompt kind.
func (t *Tty) Arm(kind string) { t.mu.Lock(); t.armed = kind; t.mu.Unlock() }

// Write writes a frame and logs ready when armed.
func (t *Tty) Write(p []byte) (int, error) {
	n, err := t.Tty.Write(p)
	t.mu.Lock()
	kind := ""
	if t.armed != "" && truth.Visible(p) {
		kind, t.armed = t.armed, ""
	}
	t.mu.Unlock()
	if kind != "" {
		truth.Log("ready", kind, "")
	}
	return n, err
}

// Screen opens /dev/tty and returns a tcell screen drawing through the
// hooked Tty, armed for the first frame with kind.
func Screen(kind string) (tcell.Screen, *Tty, error) {
	dev, err := tcell.NewDevTty()
	if err != nil {
		return nil, nil, err
	}
	t := &Tty{Tty: dev, armed: kind}
	s, err := tcell.NewTerminfoScreenFromTty(t)
	if err != nil {
		return nil, nil, err
	}
	return s, t, nil
}
