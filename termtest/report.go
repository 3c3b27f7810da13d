package termtest

import (
	"fmt"
	"strconv"
	"strings"
)

// Describe explains the terminal's state for a failure message: the screen
// with the cursor marked, the last bytes received, the readiness timeline,
// the process status and where the recording is.
func (t *Terminal) Describe() string {
	snap := t.scr.Snapshot()
	t.mu.Lock()
	last := append([]byte(nil), t.last...)
	timeline := t.eng.Timeline()
	exited, code := t.exited, t.code
	t.mu.Unlock()

	var b strings.Builder
	fmt.Fprintf(&b, "program: %s", strings.Join(t.argv, " "))
	if exited {
		fmt.Fprintf(&b, " (exited with status %d)", code)
	} else {
		b.WriteString(" (running)")
	}
	b.WriteString("\n")
	b.WriteString(snap.String())
	fmt.Fprintf(&b, "last %d bytes received: %s\n", len(last), quoteBytes(last))
	b.WriteString("readiness timeline:\n")
	if len(timeline) == 0 {
		b.WriteString("  (no transitions)\n")
	}
	for _, tr := range timeline {
		fmt.Fprintf(&b, "  +%-8s %-8s cursor %-6s %s\n", formatOffset(tr.Time.Sub(t.start)), tr.State, tr.Cursor, tr.Reason)
	}
	if k := t.kernelNote(); k != "" {
		fmt.Fprintf(&b, "kernel: %s\n", k) // kernel.go
	}
	if p := t.recordingNote(); p != "" {
		fmt.Fprintf(&b, "recording: %s\n", p)
	}
	return b.String()
}

// quoteBytes shows bytes as a Go string literal, so escape sequences are
// visible and copyable.
func quoteBytes(p []byte) string { return strconv.Quote(string(p)) }

func formatOffset(d interface{ Seconds() float64 }) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) + "s"
}
