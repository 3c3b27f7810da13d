package termtest

import (
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/ready"
)

// profileFor resolves the readiness profile for argv (see ready.Resolve).
func profileFor(runtime string, argv []string) (ready.Profile, error) {
	p, err := ready.Resolve(runtime, argv)
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
	return ready.NewEngine(p, ready.StuckAfter(cfg.timeout), ready.StartAt(now))
}

// Profile returns the readiness profile the terminal decides with.
func (t *Terminal) Profile() ready.Profile {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.eng.Profile()
}
