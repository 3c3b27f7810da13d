package corpus

import (
	"time"

	"github.com/ttyrig/ttyrig/termtest"
)

// Truth sources.
const (
	Hook   = "hook"   // the program's own render hook writes the side log
	Strace = "strace" // derived from the program's system calls (strace.go)
)

// Scenario is one real program driven the way its users' tests drive it.
type Scenario struct {
	Name    string
	Library string // the real library or program exercised, with its version pin where it has one
	Truth   string // Hook or Strace
	// Command returns the argv to run in env (before any strace wrapping)
	// and, for programs that need one, prepares their working directory.
	Command func(env *Env, dir string) ([]string, error)
	Steps   []Step
	Env     []string // extra environment (KEY=value)
	// Needs names programs the scenario runs besides its argv[0] (a
	// shell that execs one), for the live test's check of what is installed.
	Needs []string
	// Threads marks a program that reads the terminal from any of its
	// threads (a Go runtime) and starts no child process: its strace
	// truth is StraceThreadsTruth's.
	Threads bool
	// NeverReads marks a program that never reads its input: its truth has
	// no ready moment, and the harness does not wait for one.
	NeverReads bool
	// SelfTraced marks a strace scenario whose command runs strace itself,
	// into strace.log in its directory, around the one process the truth
	// follows (a shell inside tmux: the client in the terminal reads
	// nothing, the server that does is tmux's); the harness does not wrap
	// the command.
	SelfTraced bool
}

// Step is one thing the test does. Unless NoWait, it first waits for the
// program to be ready: the engine's WaitForReady (bounded by WaitBound; a
// timeout is a missed turn, and the step goes on) and, for hook truth, the
// program's own ready (bounded), so a premature engine does not derail the
// scenario; then it acts.
type Step struct {
	Submit string         // Submit this line (typed and Enter) when Keys and Type are empty
	Type   string         // type without Enter
	Keys   []termtest.Key // press these keys
	Pause  time.Duration  // then sleep this long
	NoWait bool           // act at once, without waiting for ready (Ctrl-C right after a Submit)
	// Asks names the kind of prompt this step answers ("question" for a
	// choice such as nano's Y/N bar or git's [y,n,q,…]?), for truth sources
	// that cannot tell (strace): the last true ready before the step is
	// marked with it. Hooks say it themselves.
	Asks string
}

func submit(s string) Step            { return Step{Submit: s} }
func press(k ...termtest.Key) Step    { return Step{Keys: k} }
func typ(s string) Step               { return Step{Type: s} }
func pressNow(k ...termtest.Key) Step { return Step{Keys: k, NoWait: true} }

// tap presses k at once and gives the program a moment to take it alone.
func tap(k termtest.Key) Step {
	return Step{Keys: []termtest.Key{k}, NoWait: true, Pause: 200 * time.Millisecond}
}

// asks marks the step as answering a prompt of kind.
func (s Step) asks(kind string) Step { s.Asks = kind; return s }

// WaitBound bounds each wait for the engine's ready: a scenario whose
// program is never declared ready still finishes, each such turn costing
// this long.
const WaitBound = 6 * time.Second
