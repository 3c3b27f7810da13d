package main

import (
	"bytes"
	"fmt"
	"go/format"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// A recorded session turned into a Go test: the program's argv and size,
// each input as the action a test author would write (Submit, Type, Press,
// Paste), and the final screen as a golden. Actions wait until the program
// is ready for input, as the engine decided in the recording; an input the
// recording sent while the program was busy (an interrupt) is sent at once.

// step is one action of the generated test.
type step struct {
	call string        // the Go statement, without the receiver: Submit("ls")
	now  bool          // sent while the program was busy: do not wait for ready
	at   time.Duration // when the recording sent it
}

// testSource is what codegen writes: a test file and its golden.
type testSource struct {
	code   []byte
	golden string // the final screen as termtest.Golden holds it
}

// namedKeys are the keys a step names, in the order they are tried (longer
// sequences first, so ESC [ A is an arrow, not Esc then text).
var namedKeys = []struct {
	expr string
	key  termtest.Key
}{
	{"termtest.KeyUp", termtest.KeyUp}, {"termtest.KeyDown", termtest.KeyDown},
	{"termtest.KeyRight", termtest.KeyRight}, {"termtest.KeyLeft", termtest.KeyLeft},
	{"termtest.KeyHome", termtest.KeyHome}, {"termtest.KeyEnd", termtest.KeyEnd},
	{"termtest.KeyPgUp", termtest.KeyPgUp}, {"termtest.KeyPgDn", termtest.KeyPgDn},
	{"termtest.KeyDelete", termtest.KeyDelete}, {"termtest.KeyInsert", termtest.KeyInsert},
	{"termtest.KeyShiftTab", termtest.KeyShiftTab},
	{"termtest.KeyF1", termtest.KeyF1}, {"termtest.KeyF2", termtest.KeyF2}, {"termtest.KeyF3", termtest.KeyF3},
	{"termtest.KeyF4", termtest.KeyF4}, {"termtest.KeyF5", termtest.KeyF5}, {"termtest.KeyF6", termtest.KeyF6},
	{"termtest.KeyF7", termtest.KeyF7}, {"termtest.KeyF8", termtest.KeyF8}, {"termtest.KeyF9", termtest.KeyF9},
	{"termtest.KeyF10", termtest.KeyF10}, {"termtest.KeyF11", termtest.KeyF11}, {"termtest.KeyF12", termtest.KeyF12},
	{"termtest.KeyEnter", termtest.KeyEnter}, {"termtest.KeyTab", termtest.KeyTab},
	{"termtest.KeyBackspace", termtest.KeyBackspace}, {"termtest.KeyEsc", termtest.KeyEsc},
}

const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// token is a piece of one input event: text, a key, a paste, or bytes no
// key names.
type token struct {
	kind byte // 't' text, 'k' key, 'p' paste, 'r' raw
	text string
}

// tokens splits what one input event sent, read with the program's modes
// at that moment (application cursor keys, kitty keyboard).
func tokens(data string, snap screen.Snapshot) []token {
	var out []token
	text := func(s string) {
		if n := len(out); n > 0 && out[n-1].kind == 't' {
			out[n-1].text += s
			return
		}
		out = append(out, token{'t', s})
	}
	for len(data) > 0 {
		if strings.HasPrefix(data, pasteStart) {
			body, rest, ok := strings.Cut(data[len(pasteStart):], pasteEnd)
			if ok {
				out = append(out, token{'p', body})
				data = rest
				continue
			}
		}
		if expr, n := keyAt(data, snap); n > 0 {
			out = append(out, token{'k', expr})
			data = data[n:]
			continue
		}
		r, n := utf8.DecodeRuneInString(data)
		switch {
		case r == utf8.RuneError && n <= 1:
			out = append(out, token{'r', data[:1]})
		case unicode.IsPrint(r):
			text(data[:n])
		default:
			out = append(out, token{'r', data[:n]})
		}
		data = data[n:]
	}
	return out
}

// keyAt names the key data starts with, as Go: a named key, Ctrl+letter,
// or Alt+character; n is 0 when none does.
func keyAt(data string, snap screen.Snapshot) (expr string, n int) {
	best := ""
	for _, k := range namedKeys {
		seq := string(k.key.BytesFor(snap))
		if seq != "" && strings.HasPrefix(data, seq) && len(seq) > n {
			expr, n, best = k.expr, len(seq), seq
		}
	}
	if best != "" && best != "\x1b" {
		return expr, n
	}
	c := data[0]
	switch {
	case c == 0:
		return "termtest.Ctrl(' ')", 1
	case c >= 1 && c <= 26 && c != '\t' && c != '\r':
		return fmt.Sprintf("termtest.Ctrl('%c')", 'a'+c-1), 1
	case c == 0x1b && len(data) > 1:
		if r, size := utf8.DecodeRuneInString(data[1:]); r != utf8.RuneError && unicode.IsPrint(r) && r != '[' && r != 'O' {
			return fmt.Sprintf("termtest.Alt(termtest.Rune(%q))", r), 1 + size
		}
	}
	return expr, n // Esc alone, or nothing
}

// recordedSteps replays cast on a virtual clock and turns its input
// events into steps, each knowing whether the engine had the program ready
// for input when it was sent.
func recordedSteps(cast *asciicast.Cast, opts ...recordings.ReplayOption) ([]step, screen.Snapshot, error) {
	rep, err := recordings.Replay(cast, opts...)
	if err != nil {
		return nil, screen.Snapshot{}, err
	}
	defer rep.Close()
	var steps []step
	pending := "" // text typed with no Enter yet: Submit if Enter follows at once
	var pendingAt time.Duration
	var pendingNow bool
	flush := func() {
		if pending != "" {
			steps = append(steps, step{call: fmt.Sprintf("Type(%q)", pending), now: pendingNow, at: pendingAt})
			pending = ""
		}
	}
	for _, ev := range cast.Events {
		if ev.Kind != asciicast.Input {
			continue
		}
		// The screen and the decision just before this input arrived.
		snap := rep.At(ev.Time - time.Nanosecond)
		st := rep.State().State
		now := st != ready.Ready && st != ready.Question
		for _, tk := range tokens(ev.Data, snap) {
			switch {
			case tk.kind == 't':
				if pending == "" {
					pendingAt, pendingNow = ev.Time, now
				}
				pending += tk.text
			case tk.kind == 'k' && tk.text == "termtest.KeyEnter" && pending != "":
				steps = append(steps, step{call: fmt.Sprintf("Submit(%q)", pending), now: pendingNow, at: pendingAt})
				pending = ""
			case tk.kind == 'k':
				flush()
				if n := len(steps); n > 0 && steps[n-1].at == ev.Time && strings.HasPrefix(steps[n-1].call, "Press(") {
					steps[n-1].call = strings.TrimSuffix(steps[n-1].call, ")") + ", " + tk.text + ")"
					continue
				}
				steps = append(steps, step{call: "Press(" + tk.text + ")", now: now, at: ev.Time})
			case tk.kind == 'p':
				flush()
				steps = append(steps, step{call: fmt.Sprintf("Paste(%q)", tk.text), now: now, at: ev.Time})
			default:
				flush()
				steps = append(steps, step{call: fmt.Sprintf("Write([]byte(%q))", tk.text), now: now, at: ev.Time})
			}
		}
	}
	flush()
	// The screen the test compares at its end: after the exit when the
	// program ended by itself; when it was hung up (the test's Close), the
	// one in force at the last ready decision, which is what a test sees.
	timeline := rep.Run()
	final := rep.Snapshot()
	if code, ok := cast.ExitCode(); !ok || hungUp(code) {
		for i := len(timeline) - 1; i >= 0; i-- {
			if st := timeline[i].State; st == ready.Ready || st == ready.Question {
				final = rep.At(timeline[i].Time.Sub(rep.Start()))
				break
			}
		}
	}
	return steps, final, nil
}

// hungUp says an exit status is the test's Close ending the program
// (SIGHUP, or SIGKILL after it), not the program ending by itself.
func hungUp(code int) bool { return code == 128+1 || code == 128+9 }

// genOptions say what the generated file is called and holds.
type genOptions struct {
	pkg, name string
	env       []string // KEY=value for WithEnv
}

// generateTest writes the Go test for cast.
func generateTest(cast *asciicast.Cast, o genOptions) (testSource, error) {
	argv := cast.Header.Argv()
	if len(argv) == 0 {
		return testSource{}, fmt.Errorf("the recording's header names no command (a \"command\" field): nothing to spawn")
	}
	steps, final, err := recordedSteps(cast)
	if err != nil {
		return testSource{}, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\n", o.pkg)
	b.WriteString("import (\n\t\"testing\"\n\n\t\"github.com/ttyrig/ttyrig/termtest\"\n)\n\n")
	fmt.Fprintf(&b, "// %s was generated by ttyrig codegen from a recording of %s.\n", o.name, strings.Join(argv, " "))
	b.WriteString("// Each action waits until the program is ready for input, as it was when\n")
	b.WriteString("// the recording sent it; the last screen is the golden in testdata.\n")
	fmt.Fprintf(&b, "func %s(t *testing.T) {\n", o.name)
	opts := []string{fmt.Sprintf("termtest.WithSize(%d, %d)", cast.Header.Width, cast.Header.Height)}
	env := append([]string(nil), o.env...)
	for k, v := range cast.Header.Env {
		if k != "SHELL" && k != "TERM" {
			env = append(env, k+"="+v)
		}
	}
	sort.Strings(env)
	if len(env) > 0 {
		q := make([]string, len(env))
		for i, kv := range env {
			q[i] = fmt.Sprintf("%q", kv)
		}
		opts = append(opts, "termtest.WithEnv("+strings.Join(q, ", ")+")")
	}
	qargv := make([]string, len(argv))
	for i, a := range argv {
		qargv[i] = fmt.Sprintf("%q", a)
	}
	fmt.Fprintf(&b, "\tterm := termtest.Spawn(t, []string{%s}, %s)\n", strings.Join(qargv, ", "), strings.Join(opts, ", "))
	for _, s := range steps {
		if s.now {
			fmt.Fprintf(&b, "\tterm.NoWait().%s // sent while the program was busy (at %.2fs)\n", s.call, s.at.Seconds())
			continue
		}
		fmt.Fprintf(&b, "\tterm.%s\n", s.call)
	}
	if code, ok := cast.ExitCode(); ok && !hungUp(code) {
		fmt.Fprintf(&b, "\tif code := term.WaitExit(); code != %d {\n\t\tt.Errorf(\"exit status %%d, want %d as recorded\", code)\n\t}\n", code, code)
	}
	b.WriteString("\tterm.ExpectScreen(termtest.Golden(t, \"\"))\n}\n")
	code, err := format.Source(b.Bytes())
	if err != nil {
		return testSource{}, fmt.Errorf("generated code does not parse (a bug): %w\n%s", err, b.Bytes())
	}
	return testSource{code: code, golden: termtest.RenderGolden(final)}, nil
}
