package ready

import (
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// The explicit protocols a program may speak, as the screen's parser
// reports them (screen.Mark, in Event.Changes):
//
//   - OSC 133 (and VS Code's OSC 633) shell integration: A prompt start,
//     B prompt end (the shell now reads input), C command output starts,
//     D[;code] command finished.
//   - OSC 9;4;st;pr progress (ConEmu, Windows Terminal, Ghostty): st 0 clears
//     it, 1–4 show it.
//   - Codex CLI's OSC 7501;state=working|done|idle.
//   - Notifications (OSC 9, 777, 99) and BEL, kept for what they said; the
//     notify signal (signal_notify.go), where a profile selects it, takes
//     them as an agent's "turn done", cross-checked with the screen.
//
// The screen also says whether a terminal query (CSI 6n, DA, OSC 10;? ...)
// is pending: a program that has just asked the terminal something and
// printed nothing since is talking to the terminal, not waiting for the
// user. Nothing here reads bytes: the screen's parser is the only one.

// shellPhase is where a shell speaking OSC 133 is in its cycle.
type shellPhase int

const (
	shellNone      shellPhase = iota // no mark seen
	shellPrompt                      // A: drawing the prompt
	shellInput                       // B: reading a command line
	shellSubmitted                   // Enter pressed at the prompt, C not yet seen
	shellRunning                     // C: a command runs and owns the terminal
	shellDone                        // D: command finished, prompt to follow
)

// protocols is what the explicit protocols have said so far.
type protocols struct {
	shell     shellPhase
	shellSeen bool   // a B mark was seen: the shell marks its prompts, so we can wait for them
	shellWhy  string // the last mark, for reasons
	progress  int    // OSC 9;4 state; 0 none
	progWhy   string
	agent     string // OSC 7501 state: "", "working", "done", "idle"
	agentWhy  string
	agentAt   time.Time // when the agent last said its state
	notified  string    // the text of the last notification (OSC 9, 777, 99)
	bells     int       // BELs so far
	lastQuery string    // a terminal query with nothing printed after it; "" if none
	changed   bool      // a message arrived in the last chunk
}

// output takes the marks of one write at t, in order.
func (p *protocols) output(t time.Time, ch screen.Changes) {
	p.changed = len(ch.Marks) > 0
	p.lastQuery = ch.QueryPending
	for _, m := range ch.Marks {
		switch m.Kind {
		case screen.MarkShell:
			p.shellWhy = m.Raw
			switch m.Letter {
			case 'A':
				p.shell = shellPrompt
			case 'B':
				p.shell, p.shellSeen = shellInput, true
			case 'C':
				p.shell = shellRunning
			case 'D':
				p.shell = shellDone
			}
		case screen.MarkProgress:
			p.progress, p.progWhy = m.Code, m.Raw
		case screen.MarkAgent:
			p.agent, p.agentWhy, p.agentAt = m.Value, m.Raw, t
		case screen.MarkNotify:
			p.notified = m.Value
		case screen.MarkBell:
			p.bells++
		}
	}
}

// queryPending reports a terminal query that was the last output.
func (p *protocols) queryPending() (string, bool) { return p.lastQuery, p.lastQuery != "" }

// input notes that the user pressed Enter at an open shell prompt: the
// command line is submitted and the prompt no longer vouches for readiness.
func (p *protocols) input(data []byte) {
	if p.shell == shellInput && strings.ContainsAny(string(data), "\r\n") {
		p.shell = shellSubmitted
	}
}

// busy reports an explicit "working" signal.
func (p *protocols) busy() (string, bool) {
	if p.agent == "working" {
		return p.agentWhy + ": the agent says it is working", true
	}
	if p.progress >= 1 && p.progress <= 4 {
		return p.progWhy + ": a progress indicator is shown", true
	}
	if p.shellSeen && (p.shell == shellPrompt || p.shell == shellDone) {
		return p.shellWhy + ": the shell is drawing its prompt", true
	}
	return "", false
}

// idle reports an explicit "finished" signal that is not yet proof of a
// drawn prompt, and when it was given: the engine still waits for a screen
// stable since then, but no longer for animation to prove itself over.
// Since then: Codex says done and draws its answer a moment later, after
// a screen that had been still but for its shimmer.
func (p *protocols) idle() (string, time.Time, bool) {
	if p.agent == "done" || p.agent == "idle" {
		return p.agentWhy + ": the agent says it is " + p.agent, p.agentAt, true
	}
	return "", time.Time{}, false
}

// ready reports an explicit "reading input" signal.
func (p *protocols) ready() (string, bool) {
	if p.shell == shellInput {
		return p.shellWhy + ": the shell's prompt is drawn and reads input", true
	}
	return "", false
}
