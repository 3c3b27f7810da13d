package ready

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Signals as parts. The engine keeps one record of what it has seen (facts:
// the screen as last seen, when each row changed, the animation frames, the
// protocols' state) and asks an ordered set of signals what it means. Each
// signal lives in its own file (signal_*.go), registers itself with its
// place in the order, and votes: not ready, ready, a question, or no
// opinion, with its evidence and when it wants to be asked again. The first
// signal with an opinion decides; the signals after it are not asked.
//
// A vote is a function of the facts and of what the signal itself noted
// when the screen changed; signals never read the clock or each other. A
// runtime's quirk is a signal a profile selects by name (Profile.Signals),
// with its parameters as data; adding a runtime or a signal is adding a
// file.

// signal is one part of the readiness decision.
type signal interface {
	// seen is called once per visible change of the screen, after the facts
	// were updated, for signals that keep their own notes.
	seen(f *facts)
	// vote says what the signal concludes at now.
	vote(f *facts, now time.Time) vote
}

// observer is a signal that takes notes of every event itself, not only
// of the screen's visible changes: events that carry no screen (the
// kernel's view of the terminal, say) reach their signal this way. The
// engine calls observe after updating the facts, before it asks for votes.
type observer interface {
	observe(f *facts, ev Event)
}

// verdict is what a vote says.
type verdict int

const (
	abstain  verdict = iota // no opinion: ask the next signal
	notReady                // not ready (Starting before the first wait, Busy after)
	ready                   // ready for input
	question                // asking a question (vote.prompt)
)

// vote is one signal's conclusion: the verdict, the evidence, and when the
// signal wants to be asked again (zero: only after a new event).
type vote struct {
	verdict verdict
	signal  Signal
	by      string // the name of the signal that voted (set by the engine)
	reason  string
	prompt  *Prompt
	again   time.Time
	// A reason to format when asked (why): most votes repeat the state
	// the engine is in, and their reasons are read only in reports.
	format string
	args   []any
}

// hold is a not-ready vote whose reason is format with args, formatted
// when asked: args must be values that do not change.
func hold(sig Signal, format string, args ...any) vote {
	return vote{verdict: notReady, signal: sig, format: format, args: args}
}

// why returns the vote's reason.
func (v vote) why() string {
	if v.format != "" {
		return fmt.Sprintf(v.format, v.args...)
	}
	return v.reason
}

// later returns v asking to be looked at again at t as well.
func (v vote) later(t time.Time) vote {
	if t.IsZero() {
		return v
	}
	if v.again.IsZero() || t.Before(v.again) {
		v.again = t
	}
	return v
}

// The order of the signals, strongest first. Gaps leave room: a new signal
// picks a rank between the ones it must follow and precede.
const (
	rankInput      = 100 // input sent, no reaction yet
	rankSync       = 200 // a synchronized update is open
	rankShell      = 300 // OSC 133;B: the shell reads a command line
	rankKernel     = 320 // the kernel's view of the terminal (after the shell's own word)
	rankRestart    = 350 // a restart marker: the question on screen is left behind
	rankAnswered   = 400 // the question just answered is still drawn, ticked
	rankQuestion   = 500 // a question on screen, once still
	rankStartup    = 600 // start-up not over
	rankBlank      = 650 // nothing drawn on the screen
	rankProtoBusy  = 700 // OSC 7501 working, OSC 9;4 progress, a shell between command and prompt
	rankMarkers    = 800 // a profile's busy markers
	rankBusyAnim   = 850 // an animation of a busy kind: spinner, status word, progress bar
	rankStatusLine = 870 // a status line below the input turned to a gerund after the input
	rankNotify     = 880 // the agent's own notification, the screen agreeing (signal_notify.go)
	rankMonitor    = 890 // a screen refreshed at a steady period while the program watches the terminal
	rankLineTaken  = 895 // the line submitted erased in place, nothing else drawn yet
	rankAnimation  = 900 // an unclassified animation: outwait its cadence
	rankClear      = 950 // a screen cleared and redrawn in stages
	rankCursor     = 1000
	rankSilence    = 1100
)

// signalKind is a registered signal: its name, place in the order, and how
// to build one for a profile. Core signals are in every engine; the others
// only where a profile selects them.
type signalKind struct {
	name  string
	rank  int
	core  bool
	doc   string
	build func(p Profile, spec SignalSpec) (signal, error)
}

var kinds = map[string]signalKind{}

// register adds a signal kind; each signal file calls it from init.
func register(k signalKind) {
	if _, dup := kinds[k.name]; dup {
		panic("ready: signal " + k.name + " registered twice")
	}
	kinds[k.name] = k
}

// SignalSpec selects an optional signal for a profile, with its parameters.
// In JSON: {"name": "startup", "markers": [...]}.
type SignalSpec struct {
	Name string `json:"name"`
	// Markers are the signal's patterns; what they mean depends on the
	// signal (see Signals).
	Markers []Marker `json:"markers,omitempty"`
	// Restart, for "startup": markers that mean the program begins its
	// start-up again.
	Restart []Marker `json:"restart,omitempty"`
	// Settle, for "busy-gone": how long the screen must stay still after
	// the change that took the last busy marker off it, when shorter than
	// the profile's quiet window (zero: the quiet window).
	Settle Duration `json:"settle,omitempty"`
}

// Signals returns the names of the optional signals a profile may select,
// each with what it does.
func Signals() map[string]string {
	out := map[string]string{}
	for _, k := range kinds {
		if !k.core {
			out[k.name] = k.doc
		}
	}
	return out
}

// SignalNames returns the names of every signal, core and optional, in
// the order the engine asks them: what Transition.By may name besides the
// engine's own "start", "exit" and "stuck".
func SignalNames() []string {
	names := make([]string, 0, len(kinds))
	for n := range kinds {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return kinds[a].rank - kinds[b].rank })
	return names
}

// validate checks that the spec names an optional signal and that its
// markers compile.
func (s SignalSpec) validate() error {
	k, ok := kinds[s.Name]
	if !ok || k.core {
		var names []string
		for n, k := range kinds {
			if !k.core {
				names = append(names, n)
			}
		}
		slices.Sort(names)
		return fmt.Errorf("name: unknown signal %q (want one of %s)", s.Name, strings.Join(names, ", "))
	}
	var errs []error
	for _, set := range []struct {
		field   string
		markers []Marker
	}{{"markers", s.Markers}, {"restart", s.Restart}} {
		for i, m := range set.markers {
			if _, err := m.compile(); err != nil {
				errs = append(errs, fmt.Errorf("%s[%d]%s: %w", set.field, i, nameSuffix(m.Name), err))
			}
		}
	}
	if _, err := k.build(Generic(), s); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// buildSignals returns the core signals and the profile's selected ones,
// in order.
func buildSignals(p Profile) ([]signal, []string, error) {
	type ranked struct {
		rank int
		name string
		s    signal
	}
	var all []ranked
	for _, k := range kinds {
		if !k.core {
			continue
		}
		s, err := k.build(p, SignalSpec{Name: k.name})
		if err != nil {
			return nil, nil, err
		}
		all = append(all, ranked{k.rank, k.name, s})
	}
	for i, spec := range p.Signals {
		k, ok := kinds[spec.Name]
		if !ok || k.core {
			return nil, nil, fmt.Errorf("signals[%d]: unknown signal %q", i, spec.Name)
		}
		s, err := k.build(p, spec)
		if err != nil {
			return nil, nil, fmt.Errorf("signals[%d] (%q): %w", i, spec.Name, err)
		}
		all = append(all, ranked{k.rank, k.name, s})
	}
	slices.SortStableFunc(all, func(a, b ranked) int { return a.rank - b.rank })
	out, names := make([]signal, len(all)), make([]string, len(all))
	for i, r := range all {
		out[i], names[i] = r.s, r.name
	}
	return out, names, nil
}

// compileAll compiles markers already validated.
func compileAll(ms []Marker) []compiledMarker {
	out := make([]compiledMarker, 0, len(ms))
	for _, m := range ms {
		c, err := m.compile()
		if err == nil {
			out = append(out, c)
		}
	}
	return out
}
