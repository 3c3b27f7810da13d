package ready

import (
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// State is what the engine believes the program is doing.
type State string

// The states, in the order a session usually meets them.
const (
	Starting State = "starting" // nothing decided yet since the program started
	Busy     State = "busy"     // working; input now may be lost or misread
	Ready    State = "ready"    // waiting for input at its prompt
	Question State = "question" // waiting for an answer to a question (y/n, options, permission)
	Exited   State = "exited"   // the program ended
	Stuck    State = "stuck"    // no ready state within the timeout after input
)

// Waiting reports whether the state accepts input: Ready or Question.
func (s State) Waiting() bool { return s == Ready || s == Question }

// Signal names the kind of evidence that decided a transition, so tools can
// count which tier fired without parsing the reason text.
type Signal string

// The signals, strongest first.
const (
	SignalExit      Signal = "exit"      // the process ended
	SignalProtocol  Signal = "protocol"  // OSC 133, OSC 9;4 or OSC 7501 said so
	SignalKernel    Signal = "kernel"    // the kernel: the foreground process reads the terminal, or waits elsewhere
	SignalInput     Signal = "input"     // input was sent and the program has not reacted yet
	SignalPattern   Signal = "pattern"   // a question pattern on screen (y/n, options, chevron, ...)
	SignalMarker    Signal = "marker"    // a profile's busy or idle marker matched
	SignalAnimation Signal = "animation" // a small region is being repainted (spinner, timer)
	SignalCursor    Signal = "cursor"    // cursor at an input position on a stable screen
	SignalSilence   Signal = "silence"   // no output for the profile's silence window
	SignalOutput    Signal = "output"    // the screen is still changing
	SignalTimeout   Signal = "timeout"   // no ready state within the stuck timeout
)

// PromptKind says what kind of question a Prompt is.
type PromptKind string

// The kinds of question the engine recognises; a profile's question marker
// adds its name as a kind of its own.
const (
	PromptYesNo      PromptKind = "yesno"       // "Continue? [y/N]"
	PromptOptions    PromptKind = "options"     // a numbered list, one highlighted: "❯ 1. Yes"
	PromptPermission PromptKind = "permission"  // options asking to allow, run or trust something
	PromptChevron    PromptKind = "chevron"     // "? Pick a color ›", with its list if any
	PromptSelect     PromptKind = "select"      // a selection list under a question, one item marked or highlighted
	PromptToggle     PromptKind = "toggle"      // two options on one line, one active: "● Yes / ○ No", "no / yes"
	PromptKeys       PromptKind = "keys"        // a key per answer: "[y,n,q,a,d,e,?]?", nano's "Y Yes / N No"
	PromptInput      PromptKind = "input"       // "? Name" with the cursor after it: a typed answer
	PromptPassword   PromptKind = "password"    // a password field, empty or masked ("****")
	PromptPressEnter PromptKind = "press-enter" // "Press Enter to continue"
)

// Prompt describes a question the program is asking: its kind, its text and
// the choices it offers.
type Prompt struct {
	Kind    PromptKind `json:"kind"`
	Text    string     `json:"text"`              // the question as shown, trimmed
	Options []string   `json:"options,omitempty"` // the choices in order (numbered, listed or y/n)
	Default int        `json:"default"`           // index of the highlighted or default choice; -1 if none
}

func (p *Prompt) String() string {
	if p == nil {
		return ""
	}
	s := fmt.Sprintf("%s %q", p.Kind, p.Text)
	if len(p.Options) > 0 {
		opts := make([]string, len(p.Options))
		for i, o := range p.Options {
			if i == p.Default {
				o = "[" + o + "]"
			}
			opts[i] = o
		}
		s += " options: " + strings.Join(opts, " | ")
	}
	return s
}

// Transition is one change of state, with the evidence for it.
type Transition struct {
	Time   time.Time
	State  State
	Signal Signal          // the kind of evidence that decided
	By     string          // the part that decided: a signal's name (Signals, doc.go: "kernel", "busy-animation", "cursor", ...), or the engine's own "start", "exit", "stuck"
	Reason string          // why, in words
	Cursor screen.Position // the cursor when it was decided
	Prompt *Prompt         // the question, for Question
	Code   int             // exit status, for Exited
}

func (t Transition) String() string {
	s := fmt.Sprintf("%s %s at %s: %s", t.Time.Format("15:04:05.000"), t.State, t.Cursor, t.Reason)
	if t.Prompt != nil {
		s += " (" + t.Prompt.String() + ")"
	}
	return s
}
