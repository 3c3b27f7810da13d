// Package truth writes the corpus programs' ground truth: one JSON line per
// state change in the side log named by TTYRIG_FIXTURE_LOG (the fixtures'
// convention), stamped with the wall clock when the program has rendered its
// prompt and awaits input ("ready") or has accepted input and started work
// ("busy"). The readiness engine never reads the log.
//
// Output wraps the program's terminal output: Arm says the next write is the
// render of a prompt awaiting input, and the ready event is logged right
// after that write returns, so the frame is on the terminal when it is
// stamped. bubbletea renders asynchronously on its own ticker, so a model
// cannot know from View when its frame reached the terminal; the writer can.
package truth

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"
)

var (
	mu   sync.Mutex
	file *os.File
	name = filepath.Base(os.Args[0])
)

func init() {
	if p := os.Getenv("TTYRIG_FIXTURE_LOG"); p != "" {
		file, _ = os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	}
}

// Log appends one event, stamped now.
func Log(event, prompt, text string) {
	t := time.Now().UnixNano()
	mu.Lock()
	defer mu.Unlock()
	if file == nil {
		return
	}
	b, _ := json.Marshal(struct {
		Event   string `json:"event"`
		T       int64  `json:"t"`
		Fixture string `json:"fixture"`
		Prompt  string `json:"prompt,omitempty"`
		Text    string `json:"text,omitempty"`
	}{event, t, name, prompt, text})
	_, _ = file.Write(append(b, '\n'))
}

// Output is the terminal (os.Stdout) with writes that log ready after an
// armed one. It stays a terminal file (Fd, Read, Close) so libraries still
// query its size and modes.
type Output struct {
	*os.File
	mu    sync.Mutex
	armed string
}

// NewOutput wraps the process's standard output.
func NewOutput() *Output { return &Output{File: os.Stdout} }

// Arm makes the next write log ready with the prompt kind.
func (o *Output) Arm(kind string) { o.mu.Lock(); o.armed = kind; o.mu.Unlock() }

// Disarm cancels a pending Arm (the prompt was answered before rendering).
func (o *Output) Disarm() { o.Arm("") }

// Write writes p and, when armed and p draws visible text (not only
// terminal queries and mode switches, which bubbletea writes before its
// first frame), logs ready.
func (o *Output) Write(p []byte) (int, error) {
	n, err := o.File.Write(p)
	o.mu.Lock()
	kind := ""
	if o.armed != "" && Visible(p) {
		kind, o.armed = o.armed, ""
	}
	o.mu.Unlock()
	if kind != "" {
		Log("ready", kind, "")
	}
	return n, err
}

// Visible says whether p has a printable, non-space character outside
// escape sequences (CSI, OSC, DCS and two-byte escapes).
func Visible(p []byte) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == 0x1b && i+1 < len(p) && p[i+1] == '[':
			for i += 2; i < len(p) && (p[i] < 0x40 || p[i] > 0x7e); i++ {
			}
		case c == 0x1b && i+1 < len(p) && (p[i+1] == ']' || p[i+1] == 'P'):
			for i += 2; i < len(p) && p[i] != 0x07 && !(p[i] == 0x1b && i+1 < len(p) && p[i+1] == '\\'); i++ {
			}
			if i < len(p) && p[i] == 0x1b {
				i++
			}
		case c == 0x1b:
			i++
		case c > ' ' && c != 0x7f:
			return true
		}
	}
	return false
}
