package termtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// Option configures a terminal.
type Option func(*config)

type config struct {
	cols, rows       int
	env              []string
	dir              string
	timeout          time.Duration
	runtime          string
	profile          *ready.Profile // WithProfile; overrides runtime
	profileFile      string         // WithProfileFile, read by check into profile
	recording        string
	recordingVersion int
	recordingTemp    string // Spawn: record into a temporary file named by this pattern (os.CreateTemp)
	keepOnFailure    string // Spawn: where a failed test's recording goes
	title            string // the recording's title (Spawn: the test's name)
	clock            clock.Clock
	grace            time.Duration
	tap              func(ready.Event) // sees every event the engine is fed (benchmarks replay them)
	output           io.Writer         // a copy of the program's output, as it arrives
	keepSecrets      bool              // record input typed with echo off as it is
	noKernel         bool              // WithoutKernelView (kernel.go)
	noShellMarks     bool              // WithoutShellIntegration (shell.go)
}

func defaultConfig() config {
	return config{recordingVersion: 2, cols: 100, rows: 30, timeout: 10 * time.Second, clock: clock.Real, grace: 500 * time.Millisecond}
}

// WithSize sets the terminal's columns and rows (default 100x30), at most
// screen.MaxCols×screen.MaxRows.
func WithSize(cols, rows int) Option { return func(c *config) { c.cols, c.rows = cols, rows } }

// WithEnv adds NAME=value entries to the program's environment. The
// environment starts clean and reproducible: PATH and HOME from this
// process, TERM=xterm-256color, COLORTERM=truecolor and LANG=C.UTF-8; entries
// given here override those.
func WithEnv(kv ...string) Option { return func(c *config) { c.env = append(c.env, kv...) } }

// WithDir sets the program's working directory.
func WithDir(dir string) Option { return func(c *config) { c.dir = dir } }

// WithTimeout sets the default bound for every wait on this terminal
// (default 10 s).
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithRuntime chooses a built-in readiness profile by name: "generic",
// "claude", "codex" or "gemini". By default it is inferred from the
// program's name. A profile of your own is WithProfileFile's (a JSON file)
// or WithProfile's (a value).
func WithRuntime(name string) Option { return func(c *config) { c.runtime = name } }

// WithProfile decides with the given readiness profile: one built or
// adjusted in code. It overrides WithRuntime.
func WithProfile(p ready.Profile) Option { return func(c *config) { c.profile = &p } }

// WithProfileFile decides with the readiness profile in a JSON file, as
// ttyrig calibrate --learn writes one; Start fails with the file, line and
// field of what is wrong in it. It overrides WithRuntime.
func WithProfileFile(path string) Option { return func(c *config) { c.profileFile = path } }

// WithRecording records the session as an asciicast file at path.
func WithRecording(path string) Option { return func(c *config) { c.recording = path } }

// withClock replaces the wall clock that stamps output and drives the
// readiness engine's timers. It must not be nil. Not exported: a live
// program's output arrives in real time; replays (package recordings) are
// where a virtual clock belongs.
func withClock(clk clock.Clock) Option { return func(c *config) { c.clock = clk } }

// WithOutput copies everything the program writes to w as it arrives, as
// well as drawing it on the screen: ttyrig record shows the program in the
// user's own terminal this way. The terminal's read loop waits for w.
func WithOutput(w io.Writer) Option { return func(c *config) { c.output = w } }

// check reports options that cannot work, naming the option.
func (c *config) check() error {
	if err := screen.CheckSize(c.cols, c.rows); err != nil {
		return fmt.Errorf("termtest: WithSize(%d, %d): %w", c.cols, c.rows, err)
	}
	if c.clock == nil {
		return errors.New("termtest: withClock(nil): a clock is required (clock.Real is the wall clock)")
	}
	if c.timeout <= 0 {
		return fmt.Errorf("termtest: WithTimeout(%v): the timeout must be positive", c.timeout)
	}
	if c.runtime != "" {
		if _, err := ready.Lookup(c.runtime); err != nil {
			return fmt.Errorf("termtest: WithRuntime(%q): %w; a profile file is WithProfileFile's", c.runtime, err)
		}
	}
	if c.profileFile != "" && c.profile == nil {
		p, err := ready.LoadProfile(c.profileFile)
		if err != nil {
			return fmt.Errorf("termtest: WithProfileFile: %w", err)
		}
		c.profile = &p
	}
	return nil
}

// Defaults are options a package's tests share, as tui-test's test.use:
//
//	var shell = termtest.Defaults{termtest.WithSize(60, 12), termtest.WithEnv("PS1=$ ")}
//	term := shell.Spawn(t, []string{"bash", "--norc"})
//
// Options given to Spawn or Start come after the defaults, so they win.
type Defaults []Option

// Spawn is termtest.Spawn with the defaults first.
func (d Defaults) Spawn(tb testing.TB, argv []string, opts ...Option) *Term {
	tb.Helper()
	return Spawn(tb, argv, append(d[:len(d):len(d)], opts...)...)
}

// Start is termtest.Start with the defaults first.
func (d Defaults) Start(ctx context.Context, argv []string, opts ...Option) (*Terminal, error) {
	return Start(ctx, argv, append(d[:len(d):len(d)], opts...)...)
}

// withCloseGrace sets how long Close waits after SIGHUP before it kills the
// process group (default 500 ms). Tests of Close use it.
func withCloseGrace(d time.Duration) Option { return func(c *config) { c.grace = d } }
