package termtest

import (
	"time"

	"github.com/ttyrig/ttyrig/clock"
	"github.com/ttyrig/ttyrig/ready"
)

// Option configures a terminal.
type Option func(*config)

type config struct {
	cols, rows       int
	env              []string
	dir              string
	timeout          time.Duration
	runtime          string
	recording        string
	recordingVersion int
	keepOnFailure    string // Spawn: where a failed test's recording goes
	title            string // the recording's title (Spawn: the test's name)
	clock            clock.Clock
	grace            time.Duration
	readyOpts        []ready.Option // extra engine options (benchmarks add shadow detectors)
	noKernel         bool           // WithoutKernelView (kernel.go)
	noShellMarks     bool           // WithoutShellIntegration (shell.go)
}

func defaultConfig() config {
	return config{recordingVersion: 2, cols: 100, rows: 30, timeout: 10 * time.Second, clock: clock.Real, grace: 500 * time.Millisecond}
}

// WithSize sets the terminal's columns and rows (default 100x30).
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

// WithRuntime chooses the readiness profile by name ("generic", "claude",
// "codex", "gemini", or a user profile). By default it is inferred from the
// program's name.
func WithRuntime(name string) Option { return func(c *config) { c.runtime = name } }

// WithRecording records the session as an asciicast file at path.
func WithRecording(path string) Option { return func(c *config) { c.recording = path } }

// WithClock replaces the wall clock that stamps output and drives the
// readiness engine's timers. Tests of the harness itself use it.
func WithClock(clk clock.Clock) Option { return func(c *config) { c.clock = clk } }

// WithCloseGrace sets how long Close waits after SIGHUP before it kills the
// process group (default 500 ms).
func WithCloseGrace(d time.Duration) Option { return func(c *config) { c.grace = d } }
