package termtest

import (
	"fmt"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// profileFor resolves the readiness profile for argv: WithRuntime's name of
// a built-in profile, or a path to a JSON profile (it ends in ".json" or
// contains a slash), or, without WithRuntime, the profile inferred from the
// program's name.
func profileFor(runtime string, argv []string) (ready.Profile, error) {
	switch {
	case runtime == "":
		return ready.ForCommand(argv), nil
	case strings.HasSuffix(runtime, ".json") || strings.ContainsRune(runtime, '/'):
		p, err := ready.LoadProfile(runtime)
		if err != nil {
			return ready.Profile{}, fmt.Errorf("termtest: WithRuntime(%q): %w", runtime, err)
		}
		return p, nil
	}
	p, err := ready.Lookup(runtime)
	if err != nil {
		return ready.Profile{}, fmt.Errorf("termtest: WithRuntime(%q): %w", runtime, err)
	}
	return p, nil
}

// newEngine builds the readiness engine for a terminal about to start at
// now: the runtime's profile, Stuck after the terminal's timeout.
func newEngine(cfg config, argv []string, now time.Time) (*ready.Engine, error) {
	p, err := profileFor(cfg.runtime, argv)
	if err != nil {
		return nil, err
	}
	opts := append([]ready.Option{ready.StuckAfter(cfg.timeout), ready.StartAt(now)}, cfg.readyOpts...)
	return ready.NewEngine(p, opts...)
}

// Profile returns the readiness profile the terminal decides with.
func (t *Terminal) Profile() ready.Profile {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.eng.Profile()
}
