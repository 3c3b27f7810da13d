package asciicast

import "time"

// Kernel is ttyrig's own event code: what the kernel said about the
// terminal at that moment (ttyrig's package kernel reads and writes the
// data, compact JSON such as {"wait":"read","doing":"bc read(tty)"}). A
// live session records one when an observation changes what the readiness
// engine heard, so a replay decides as the live session did. Players that
// do not know the code skip it, as the asciicast format asks; this package
// keeps its data as it is.
const Kernel EventKind = 'k'

// Kernel records an observation of the kernel, data as package kernel
// encodes it, at time t.
func (w *Writer) Kernel(t time.Duration, data string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	return w.event(t, Kernel, data)
}
