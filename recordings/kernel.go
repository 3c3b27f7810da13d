package recordings

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// Kernel is ttyrig's own event code: what the kernel said about the
// terminal (package kernel), as compact JSON such as
// {"wait":"read","doing":"bc read(tty)","leader":true}. Live sessions write
// one when an observation differs from what the readiness engine last
// heard, so a replay decides as the live session did. Players that do not
// know the code skip it, as the asciicast format asks.
const Kernel EventKind = 'k'

// Kernel records an observation of the kernel at time t.
func (w *Writer) Kernel(t time.Duration, v kernel.View) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("recordings: kernel event: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	return w.event(t, Kernel, string(b))
}

// parseKernel reads a kernel event's data.
func parseKernel(data string) (kernel.View, error) {
	var v kernel.View
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		return v, fmt.Errorf("kernel event %q is not a JSON object of the kernel's view: %w", clip([]byte(data)), jsonError(err))
	}
	switch v.Wait {
	case kernel.Reading, kernel.Watching, kernel.Working, kernel.Unknown:
	default:
		return v, fmt.Errorf("kernel event: wait %q is not one of %q, %q, %q or empty", v.Wait, kernel.Reading, kernel.Watching, kernel.Working)
	}
	if v.Unread < 0 {
		return v, fmt.Errorf("kernel event: unread %d is negative", v.Unread)
	}
	return v, nil
}
