package ready_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/ready"
)

func TestBuiltinProfilesRoundTrip(t *testing.T) {
	for _, p := range ready.Builtin() {
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		data, err := json.MarshalIndent(p, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got, err := ready.ParseProfile(data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", p.Name, err, data)
		}
		if !reflect.DeepEqual(got, p) {
			t.Errorf("%s: JSON round trip changed it:\n got %+v\nwant %+v", p.Name, got, p)
		}
	}
}

func TestLoadProfileErrorsNameFileAndField(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ json, want string }{
		{`{"busy": [{"name": "x", "pattern": "(unclosed"}]}`, `busy[0] ("x"): pattern: error parsing regexp`},
		{`{"quite": "1s"}`, `unknown field "quite"`},
		{`{"quiet": 150}`, `duration must be a string like "150ms", got 150`},
		{`{"idle": [{"pattern": "x", "region": "last_lines"}]}`, `region "last_lines" needs a positive line count`},
		{`{"cursor": {"min_col": "3"}}`, `field cursor.min_col: expected int`},
		{`{"settle": "50ms"}`, `settle: expected at least quiet (150ms), got 50ms`},
		{`{"extends": "vim"}`, `extends: ready: no built-in profile "vim"`},
		{"{\n\"quiet\": \"1s\",\n}", `line 3`},
		{`{"signals": [{"name": "teleport"}]}`, `signals[0] ("teleport"): name: unknown signal "teleport" (want one of answer-ticked, busy-gone, notify, restart, startup)`},
		{`{"signals": [{"name": "startup"}]}`, `signals[0] ("startup"): markers: expected at least one`},
		{`{"signals": [{"name": "restart", "markers": [{"pattern": "("}]}]}`, `signals[0] ("restart"): markers[0]: pattern: error parsing regexp`},
		// Every fault names its line and field (issue 24: an unknown field or
		// a bad region had no line; an overlong duration was "not a string").
		{"{\n  \"quiet\": \"1s\",\n  \"bogus\": 1\n}", `line 3: field bogus: unknown field "bogus"`},
		{"{\"idle\": [\n  {\"pattern\": \"x\",\n   \"region\": \"nowhere:3\"}]}", `line 3: field idle[0].region: unknown region "nowhere:3"`},
		{"{\"signals\": [\n  {\"name\": \"startup\",\n   \"markerz\": []}]}", `line 3: field signals[0].markerz: unknown field "markerz"`},
		{"{\n\"quiet\": \"9999999h\"}", `line 2: field quiet: duration "9999999h" is out of range`},
		{"{\n\"quiet\": \"1.5.5s\"}", `line 2: field quiet: duration must be a string like "150ms", got "1.5.5s"`},
		{"{\n\"cursor\": {\n\"min_col\": \"3\"}}", `line 3: field cursor.min_col: expected int`},
		{"{\n\"quiet\": \"1s\",\n\"settle\": \"50ms\"}", `line 3: settle: expected at least quiet (1s), got 50ms`},
		{"{\n\"extends\": \"vim\"}", `line 2: extends: ready: no built-in profile "vim"`},
	} {
		path := filepath.Join(dir, "p.json")
		if err := os.WriteFile(path, []byte(tc.json), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ready.LoadProfile(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v; want the file and %q", tc.json, err, tc.want)
		}
	}
}

func TestLoadProfileExtends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "myclaude.json")
	if err := os.WriteFile(path, []byte(`{"extends": "claude", "commands": ["myclaude"], "quiet": "300ms", "settle": "600ms"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ready.LoadProfile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := ready.Claude()
	if p.Name != "myclaude" || p.Quiet.D().String() != "300ms" || !reflect.DeepEqual(p.Busy, c.Busy) || p.Commands[0] != "myclaude" {
		t.Errorf("loaded %+v", p)
	}
}

// A file that lists signals replaces the base's list whole, as for marker
// lists: extending gemini with "signals": [] drops its start-up rule.
func TestParseProfileReplacesSignals(t *testing.T) {
	p, err := ready.ParseProfile([]byte(`{"extends": "gemini", "signals": []}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Signals) != 0 {
		t.Errorf("signals %+v, want none", p.Signals)
	}
	p, err = ready.ParseProfile([]byte(`{"extends": "gemini", "signals": [{"name": "answer-ticked"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Signals) != 1 || p.Signals[0].Name != "answer-ticked" || p.Signals[0].Markers != nil {
		t.Errorf("signals %+v, want only answer-ticked", p.Signals)
	}
	if _, err := ready.NewEngine(p); err != nil {
		t.Error(err)
	}
}

// Every optional signal says what it does.
func TestSignalsDocumented(t *testing.T) {
	for name, doc := range ready.Signals() {
		if doc == "" {
			t.Errorf("signal %q has no doc", name)
		}
	}
	if len(ready.Signals()) != 5 {
		t.Errorf("optional signals %v, want answer-ticked, busy-gone, notify, restart and startup", ready.Signals())
	}
}

func TestForCommand(t *testing.T) {
	for argv, want := range map[string]string{
		"/home/u/.cache/ttyrig/agents/node_modules/.bin/claude --model x": "claude",
		"codex --no-daemon":                   "codex",
		"node /opt/gemini-cli/dist/gemini.js": "gemini",
		"bash --norc":                         "generic",
		"python3 -i":                          "generic",
	} {
		if got := ready.ForCommand(strings.Fields(argv)).Name; got != want {
			t.Errorf("ForCommand(%q) = %s, want %s", argv, got, want)
		}
	}
}
