package ready

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/screen"
)

// State is what the engine believes the program is doing.
type State string

// The states, in the order a session usually meets them.
const (
	Starting State = "starting" // nothing decided yet
	Busy     State = "busy"     // working; input now may be lost or misread
	Ready    State = "ready"    // waiting for input at its prompt
	Question State = "question" // waiting for an answer to a question (y/n, options, permission)
	Exited   State = "exited"   // the program ended
	Stuck    State = "stuck"    // no ready state within the timeout after input
)

// Waiting reports whether the state accepts input: Ready or Question.
func (s State) Waiting() bool { return s == Ready || s == Question }

// Question describes a question the program is asking.
type QuestionInfo struct {
	Kind    string   // "yesno", "options", "chevron", "permission", "password", "press-enter"
	Prompt  string   // the question text
	Options []string // the choices, in order, for numbered or listed options
	Default int      // index of the highlighted choice, -1 if none
}

// Transition is one change of state, with the evidence for it.
type Transition struct {
	Time     time.Time
	State    State
	Reason   string          // which signal decided, in words
	Cursor   screen.Position // the cursor when it was decided
	Question *QuestionInfo   // for Question
	Code     int             // exit status, for Exited
}

func (t Transition) String() string {
	return fmt.Sprintf("%s %s at %s: %s", t.Time.Format("15:04:05.000"), t.State, t.Cursor, t.Reason)
}
