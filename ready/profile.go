package ready

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// Profile is what the engine knows about one runtime: where its cursor sits,
// which text means busy, idle or a question, and how long its screen must
// stay still. It is calibration data, not code: plain fields that serialise
// to JSON, so users add runtimes with a file (LoadProfile) and calibration
// tools can write one.
//
// The zero value of a field means "as in the profile this one extends"
// (generic unless Extends says otherwise) when loaded from JSON.
type Profile struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Extends     string   `json:"extends,omitempty"`  // built-in profile whose values fill the fields a JSON file leaves out
	Commands    []string `json:"commands,omitempty"` // program names that select this profile when inferred from argv
	Versions    string   `json:"versions,omitempty"` // versions the numbers were measured on, e.g. ">=2.1.0 <2.2.0"

	Cursor CursorRule `json:"cursor"`

	// Quiet is how long the screen must stay unchanged before the engine
	// believes a cursor that sits right after a prompt glyph ("$ ", "> ",
	// "❯ "), or a screen an idle marker vouches for. At ×0.75 the sweep
	// flips irb (reline redraws 200 ms after its prompt), vifm, whose
	// strace truth counts curses ioctls ~140 ms after a window closed as
	// work (docs/CORPUS.md, round 8 A), and visidata, whose "overwrite?"
	// window is up while its threads still save (round 9 C): truth
	// margins, not a fitted value.
	Quiet Duration `json:"quiet"`
	// Settle is the same for a cursor at an input position without a
	// prompt glyph before it: a prompt drawn in parts (slow themes) pauses
	// there.
	Settle Duration `json:"settle"`
	// Silence is the fallback: no change for this long and no busy evidence
	// means ready, wherever the cursor is. Every hold but the program's own
	// word is bounded by it (or by a bound on top of it: KernelHold,
	// BlankHold). The ±25 % sweep flips one turn: at 1.5 s, node-repl's
	// `await new Promise(r => setTimeout(r, 1500))` (silent work in an
	// event loop, nothing on screen) is called ready early. Left as is: a
	// program silent longer than this with nothing on screen saying so is
	// the case the fallback exists for, and 2 s leaves that one turn 0.5 s
	// of margin. The kernel's timer reading (View.Timer) sees such a
	// timer, but waits out only those within tune.TimerHold.
	Silence Duration `json:"silence"`
	// ClearGuard: no ready decision this soon after a full-screen erase, as
	// full-screen programs redraw in several steps after one.
	ClearGuard Duration `json:"clear_guard"`

	Busy     []Marker `json:"busy,omitempty"`     // any match means busy
	Idle     []Marker `json:"idle,omitempty"`     // a match lets the engine use Quiet even while animation was seen
	Question []Marker `json:"question,omitempty"` // a match (once quiet) means a question; its name becomes the Prompt kind
	// Signals selects the optional signals this runtime needs, with their
	// parameters: its quirks, each a named signal (see Signals for the
	// names). The core signals are always on.
	Signals []SignalSpec `json:"signals,omitempty"`
}

// CursorRule says where the cursor sits when the program waits for input.
type CursorRule struct {
	// MinCol is the leftmost column (1-based) of an input position; a
	// cursor left of it is not at a prompt.
	MinCol int `json:"min_col"`
	// Hidden means the program hides the terminal cursor even at its prompt
	// (it draws its own), so visibility is not required.
	Hidden bool `json:"hidden,omitempty"`
	// Footer is how many rows below the cursor's row may change (box
	// borders, status lines) without disqualifying the cursor. Output
	// further below the cursor means the program is drawing elsewhere.
	Footer int `json:"footer"`
}

// Marker is a regular expression looked for in one region of the screen.
type Marker struct {
	Name    string `json:"name"`
	Pattern string `json:"pattern"` // RE2 syntax, matched against each line of the region (multi-line mode)
	Region  Region `json:"region"`
	// Fresh, when set, makes the marker count only while the row it matched
	// changed within this window: a live spinner, not stale text. Zero means
	// the marker always counts (for runtimes whose markers are known to
	// disappear when idle).
	Fresh Duration `json:"fresh,omitempty"`
}

// Duration is a time.Duration written in JSON as a string like "150ms".
type Duration time.Duration

// D returns d as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

func (d Duration) String() string { return time.Duration(d).String() }

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

// UnmarshalJSON reads a duration string like "150ms" or "2s".
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("duration must be a string like \"150ms\", got %s", b)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return durationError(s)
	}
	*d = Duration(v)
	return nil
}

func ms(n int) Duration { return Duration(time.Duration(n) * time.Millisecond) }

// The building blocks of the built-in profiles. Braille patterns (U+2800..)
// are the common spinner frames (cli-spinners "dots"); the half circles and
// the asterisk-like glyphs are Claude Code's.
const (
	brailleClass     = `\x{2800}-\x{28FF}`
	spinnerClass     = brailleClass + `◐◓◑◒◴◷◶◵✻✶✢✽✳✦·•*●○◉`
	interruptPattern = `(?i)\b(esc|escape|ctrl[+-]c|\^c)\b.{0,12}\bto (interrupt|cancel|stop|abort)\b`
)

// Generic returns the default profile, for programs nothing else is known
// about: shells, REPLs, prompt libraries, full-screen programs and agent-like
// TUIs. Its busy markers only count while they are being repainted, so text
// that merely looks busy never blocks a finished program.
func Generic() Profile {
	return Profile{
		Name:        "generic",
		Description: "any program: cursor position, stability, animation and common prompt patterns",
		Cursor:      CursorRule{MinCol: 3, Footer: 3},
		Quiet:       ms(150),
		Settle:      ms(400),
		Silence:     ms(2000),
		ClearGuard:  ms(500),
		Busy: []Marker{
			{Name: "interrupt hint", Pattern: interruptPattern, Region: LastLines(12), Fresh: ms(5000)},
			{Name: "spinner line", Pattern: `^[\s│┃|]*([` + spinnerClass + `]\s+\p{L}[\p{L}\p{N}' -]*(…|\.\.\.)|[` + brailleClass + `](\s|$))`, Region: LastLines(15), Fresh: ms(1500)},
			{Name: "elapsed timer", Pattern: `\(\s*(\d+h\s*)?(\d+m\s*)?\d+(\.\d+)?s\b`, Region: LastLines(15), Fresh: ms(1500)},
			{Name: "title spinner", Pattern: `^[` + brailleClass + `◐◓◑◒]`, Region: Title, Fresh: ms(1500)},
		},
		Signals: []SignalSpec{{Name: "answer-ticked"}},
	}
}

// Claude returns the profile of Claude Code, from measurements of 2.1.197:
// the cursor sits in the input box at column 3 both idle and busy, the
// spinner repaints 100–450 ms apart, the title carries a spinner glyph while
// busy and ✳ when idle, and the footer is redrawn ~2.7 s after going idle.
// Replayed calibration (recordings/testdata/golden/calibration.txt,
// claude-*): idle col 3 (cursor hidden), busy col 3, not distinct; ready
// 200 ms after the answer's last byte; 0 premature.
func Claude() Profile {
	return Profile{
		Name:        "claude",
		Description: "Claude Code (npm @anthropic-ai/claude-code)",
		Commands:    []string{"claude", "claude-code"},
		Versions:    ">=2.1.0 <2.2.0",
		Cursor:      CursorRule{MinCol: 3, Hidden: true, Footer: 4},
		Quiet:       ms(200),
		Settle:      ms(500),
		Silence:     ms(3000),
		ClearGuard:  ms(500),
		Busy: []Marker{
			{Name: "esc to interrupt", Pattern: `(?i)esc to interrupt`, Region: LastLines(12)},
			{Name: "spinner verb", Pattern: `^\s*[✻✶✢✽✳·*]\s+\p{L}+…`, Region: LastLines(15)},
			{Name: "title spinner", Pattern: `^[` + brailleClass + `◐◓◑◒]`, Region: Title},
		},
		Idle: []Marker{
			{Name: "idle title", Pattern: `^✳`, Region: Title},
		},
		Question: []Marker{
			{Name: "permission", Pattern: `(?i)do you want to (proceed|make this edit|create|run|allow)`, Region: LastLines(20)},
			{Name: "trust", Pattern: `(?i)trust (this folder|the files in this folder)`, Region: LastLines(25)},
		},
		// Its terminal bell (preferredNotifChannel "terminal_bell") rings at
		// a turn's end once messageIdleNotifThresholdMs is short.
		Signals: []SignalSpec{{Name: "answer-ticked"}, {Name: "notify"}},
	}
}

// Codex returns the profile of Codex CLI, from measurements of 0.169.0: it
// speaks OSC 7501 (working/done/idle), redraws every ~33 ms inside
// synchronized updates while working, and keeps its composer cursor at
// column 3. Replayed calibration (codex-*): idle col 3, busy col 3, not
// distinct; ready 150 ms after the answer's last byte; 0 premature.
func Codex() Profile {
	return Profile{
		Name:        "codex",
		Description: "Codex CLI (npm @openai/codex)",
		Commands:    []string{"codex"},
		Versions:    ">=0.169.0 <0.170.0",
		Cursor:      CursorRule{MinCol: 3, Footer: 4},
		Quiet:       ms(150),
		Settle:      ms(400),
		Silence:     ms(3000),
		ClearGuard:  ms(500),
		Busy: []Marker{
			{Name: "working", Pattern: `•\s+Working\b`, Region: LastLines(12)},
			{Name: "esc to interrupt", Pattern: `(?i)esc to interrupt`, Region: LastLines(12)},
			{Name: "title spinner", Pattern: `^[` + brailleClass + `]`, Region: Title},
		},
		Question: []Marker{
			{Name: "approval", Pattern: `(?i)would you like to (run|make|apply)|allow command`, Region: LastLines(20)},
		},
		// Codex draws "› Ask Codex to do anything" on its splash screen
		// 0.25 s in, but only sets the window title (to the folder's name)
		// when it is initialised, 2 s in, right before OSC 7501 state=idle;
		// Enter typed before that is ignored (measured on 0.169.0).
		Signals: []SignalSpec{
			{Name: "answer-ticked"},
			{Name: "startup", Markers: []Marker{{Name: "window title", Pattern: `\S`, Region: Title}}},
			{Name: "notify", Markers: []Marker{{Name: "approval", Pattern: `^Approval requested`, Region: WholeScreen}}}, // tui.notifications
		},
	}
}

// Gemini returns the profile of Gemini CLI, from measurements of 0.61.0: a
// braille spinner with "(esc to cancel, Ns)" repainted every 40–125 ms while
// busy, the (hidden) cursor at column 4 of its input box " >   ", not 3 as
// first reported. Replayed calibration (gemini-*): idle col 4 hidden, busy
// col 4, not distinct; ready 150–510 ms after the answer's last byte (its
// title repaints up to ~340 ms apart while busy); 0 premature.
func Gemini() Profile {
	return Profile{
		Name:        "gemini",
		Description: "Gemini CLI (npm @google/gemini-cli)",
		Commands:    []string{"gemini"},
		Versions:    ">=0.61.0 <0.62.0",
		Cursor:      CursorRule{MinCol: 3, Hidden: true, Footer: 4},
		Quiet:       ms(150),
		Settle:      ms(400),
		Silence:     ms(3000),
		ClearGuard:  ms(500),
		Busy: []Marker{
			{Name: "esc to cancel", Pattern: `(?i)esc to cancel`, Region: LastLines(12)},
			{Name: "spinner", Pattern: `^[\s│]*[` + brailleClass + `]\s`, Region: LastLines(12)},
		},
		Question: []Marker{
			{Name: "confirmation", Pattern: `(?i)allow execution|apply this change|do you want to proceed`, Region: LastLines(20)},
		},
		// Gemini draws its input box ~0.5 s in but queues what is typed
		// ("Queued (press ↑ to edit)") until initialisation ends and the
		// banner is drawn (1.3 s in, 3 s under load; measured on 0.61.0).
		// Answering the trust question restarts the CLI (~2.5 s): busy
		// over the question still drawn, and start-up begins again.
		Signals: []SignalSpec{
			{Name: "answer-ticked"},
			{Name: "restart", Markers: []Marker{geminiRestarting}},
			{Name: "startup", Markers: []Marker{{Name: "banner", Pattern: `Gemini CLI v\d|Tips for getting started`, Region: WholeScreen}},
				Restart: []Marker{geminiRestarting}},
			{Name: "notify", Markers: []Marker{{Name: "attention", Pattern: `needs your attention`, Region: WholeScreen}}}, // general.enableNotifications
		},
	}
}

var geminiRestarting = Marker{Name: "restarting", Pattern: `(?i)Gemini CLI is restarting`, Region: LastLines(6)}

// Builtin returns the built-in profiles: generic, claude, codex, gemini.
func Builtin() []Profile { return []Profile{Generic(), Claude(), Codex(), Gemini()} }

// Lookup returns the built-in profile with that name.
func Lookup(name string) (Profile, error) {
	var names []string
	for _, p := range Builtin() {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Profile{}, fmt.Errorf("ready: no built-in profile %q (built in: %s)", name, strings.Join(names, ", "))
}

// interpreters run the program named by their first argument.
var interpreters = []string{"node", "nodejs", "bun", "deno", "npx", "python", "python3", "env"}

// ForCommand infers the profile from the program's argv: the base name of
// argv[0] (or of the script an interpreter such as node runs) against each
// built-in profile's Commands. It returns Generic when nothing matches.
func ForCommand(argv []string) Profile {
	for i, arg := range argv {
		base := strings.TrimSuffix(filepath.Base(arg), filepath.Ext(arg))
		for _, p := range Builtin() {
			if slices.Contains(p.Commands, base) {
				return p
			}
		}
		if i > 2 || !slices.Contains(interpreters, base) {
			break
		}
	}
	return Generic()
}

// LoadProfile reads a profile from a JSON file. Fields the file leaves out
// come from the built-in profile named by "extends" (generic by default).
// Errors name the file and the field.
func LoadProfile(path string) (Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Profile{}, fmt.Errorf("ready: loading profile: %w", err)
	}
	p, err := ParseProfile(data)
	if err != nil {
		return Profile{}, fmt.Errorf("ready: profile %s: %w", path, err)
	}
	if p.Name == "" {
		p.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return p, nil
}

// ParseProfile reads a profile from JSON, as LoadProfile does, and
// validates it.
func ParseProfile(data []byte) (Profile, error) {
	var head map[string]json.RawMessage
	if err := json.Unmarshal(data, &head); err != nil {
		return Profile{}, jsonError(data, err)
	}
	var extends string
	if raw, ok := head["extends"]; ok {
		if err := json.Unmarshal(raw, &extends); err != nil {
			return Profile{}, withLines(data, fmt.Errorf("extends: expected a profile name, got %s", raw))
		}
	}
	base := Generic()
	if extends != "" {
		b, err := Lookup(extends)
		if err != nil {
			return Profile{}, withLines(data, fmt.Errorf("extends: %w", err))
		}
		base = b
	}
	// A user profile is its own: named by its file unless it says, and
	// selected by its own commands, never by its base's.
	base.Name, base.Description, base.Commands = "", "", nil
	// Marker lists a file gives replace the base's whole (decoding into
	// them would merge element by element).
	for key, list := range map[string]*[]Marker{"busy": &base.Busy, "idle": &base.Idle, "question": &base.Question} {
		if _, ok := head[key]; ok {
			*list = nil
		}
	}
	if _, ok := head["signals"]; ok {
		base.Signals = nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	p := base
	if err := dec.Decode(&p); err != nil {
		if f := locateFault(data, reflect.TypeFor[Profile]()); f != nil {
			return Profile{}, f // profileerr.go: line and field
		}
		return Profile{}, jsonError(data, err)
	}
	if err := p.Validate(); err != nil {
		return Profile{}, withLines(data, err)
	}
	return p, nil
}

// jsonError adds the line number to a JSON syntax error and keeps the field
// path of a type error.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: %w", line, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		line := 1 + bytes.Count(data[:min(int(te.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: field %s: expected %s, got JSON %s: %w", line, te.Field, te.Type, te.Value, err)
	}
	return err
}

// Validate checks that the numbers make sense and every pattern compiles.
// Errors name the field, as in "busy[1].pattern: ...".
func (p Profile) Validate() error {
	var errs []error
	if p.Cursor.MinCol < 1 {
		errs = append(errs, fmt.Errorf("cursor.min_col: expected a column of 1 or more, got %d", p.Cursor.MinCol))
	}
	if p.Cursor.Footer < 0 {
		errs = append(errs, fmt.Errorf("cursor.footer: expected 0 or more rows, got %d", p.Cursor.Footer))
	}
	if p.Quiet <= 0 {
		errs = append(errs, fmt.Errorf("quiet: expected a positive duration, got %v", p.Quiet))
	}
	if p.Settle < p.Quiet {
		errs = append(errs, fmt.Errorf("settle: expected at least quiet (%v), got %v", p.Quiet, p.Settle))
	}
	if p.Silence < p.Settle {
		errs = append(errs, fmt.Errorf("silence: expected at least settle (%v), got %v", p.Settle, p.Silence))
	}
	if p.ClearGuard < 0 {
		errs = append(errs, fmt.Errorf("clear_guard: expected 0 or more, got %v", p.ClearGuard))
	}
	for _, set := range []struct {
		field   string
		markers []Marker
	}{{"busy", p.Busy}, {"idle", p.Idle}, {"question", p.Question}} {
		for i, m := range set.markers {
			if _, err := m.compile(); err != nil {
				errs = append(errs, fmt.Errorf("%s[%d]%s: %w", set.field, i, nameSuffix(m.Name), err))
			}
		}
	}
	for i, spec := range p.Signals {
		if err := spec.validate(); err != nil {
			errs = append(errs, fmt.Errorf("signals[%d]%s: %w", i, nameSuffix(spec.Name), err))
		}
	}
	return errors.Join(errs...)
}

func nameSuffix(name string) string {
	if name == "" {
		return ""
	}
	return fmt.Sprintf(" (%q)", name)
}

// compiledMarker is a Marker ready to match.
type compiledMarker struct {
	Marker
	re *regexp.Regexp
}

func (m Marker) compile() (compiledMarker, error) {
	if m.Pattern == "" {
		return compiledMarker{}, errors.New("pattern: expected a regular expression, got an empty string")
	}
	re, err := compilePattern(m.Pattern)
	if err != nil {
		return compiledMarker{}, fmt.Errorf("pattern: %w", err)
	}
	if m.Region.Kind == "" {
		m.Region = WholeScreen
	}
	if m.Fresh < 0 {
		return compiledMarker{}, fmt.Errorf("fresh: expected 0 or more, got %v", m.Fresh)
	}
	return compiledMarker{Marker: m, re: re}, nil
}

// patterns caches compiled marker patterns: every engine (one per
// terminal, one per replay) validates and compiles its profile, and a
// *regexp.Regexp is safe to share. It stops growing at maxCachedPatterns,
// so generated patterns cannot fill memory.
var patterns = struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}{m: map[string]*regexp.Regexp{}}

const maxCachedPatterns = 1024

func compilePattern(pattern string) (*regexp.Regexp, error) {
	patterns.Lock()
	re, ok := patterns.m[pattern]
	patterns.Unlock()
	if ok {
		return re, nil
	}
	re, err := regexp.Compile("(?m)" + pattern)
	if err != nil {
		return nil, err
	}
	patterns.Lock()
	if len(patterns.m) < maxCachedPatterns {
		patterns.m[pattern] = re
	}
	patterns.Unlock()
	return re, nil
}

// Resolve finds the profile a session decides with: runtime names a
// built-in profile, or is a path to a JSON profile (it ends in ".json" or
// contains a slash); empty runtime infers the profile from the command.
func Resolve(runtime string, argv []string) (Profile, error) {
	switch {
	case runtime == "":
		return ForCommand(argv), nil
	case strings.HasSuffix(runtime, ".json") || strings.ContainsRune(runtime, '/'):
		return LoadProfile(runtime)
	}
	return Lookup(runtime)
}
