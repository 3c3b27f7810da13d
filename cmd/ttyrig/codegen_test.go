package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

func TestTokensNameKeysByTheProgramsModes(t *testing.T) {
	normal := screen.New(20, 3)
	defer normal.Close()
	app := screen.New(20, 3)
	defer app.Close()
	app.WriteAt(app.Snapshot().Time(), []byte("\x1b[?1h")) // application cursor keys, as less and vim set them
	tests := []struct {
		name string
		snap screen.Snapshot
		data string
		want []token
	}{
		{"text then Enter", normal.Snapshot(), "ls -l\r", []token{{'t', "ls -l"}, {'k', "termtest.KeyEnter"}}},
		{"arrows, normal mode", normal.Snapshot(), "\x1b[B\x1b[A", []token{{'k', "termtest.KeyDown"}, {'k', "termtest.KeyUp"}}},
		{"arrows, application mode", app.Snapshot(), "\x1bOB", []token{{'k', "termtest.KeyDown"}}},
		{"ESC [ B in application mode is not an arrow", app.Snapshot(), "\x1b[B", []token{{'k', "termtest.KeyEsc"}, {'t', "[B"}}},
		{"ctrl and alt", normal.Snapshot(), "\x03\x1bx", []token{{'k', "termtest.Ctrl('c')"}, {'k', "termtest.Alt(termtest.Rune('x'))"}}},
		{"tab, backspace, esc alone", normal.Snapshot(), "\t\x7f\x1b", []token{{'k', "termtest.KeyTab"}, {'k', "termtest.KeyBackspace"}, {'k', "termtest.KeyEsc"}}},
		{"bracketed paste", normal.Snapshot(), "\x1b[200~a\nb\x1b[201~", []token{{'p', "a\nb"}}},
		{"a paste never closed is keys and text", normal.Snapshot(), "\x1b[200~ab", []token{{'k', "termtest.KeyEsc"}, {'t', "[200~ab"}}},
		{"wide text", normal.Snapshot(), "héllo ✻", []token{{'t', "héllo ✻"}}},
		{"a byte no key names", normal.Snapshot(), "\x00\xff", []token{{'k', "termtest.Ctrl(' ')"}, {'r', "\xff"}}},
	}
	for _, tc := range tests {
		got := tokens(tc.data, tc.snap)
		if d := cmp.Diff(tc.want, got, cmp.AllowUnexported(token{})); d != "" {
			t.Errorf("%s: tokens(%q) (-want +got):\n%s", tc.name, tc.data, d)
		}
	}
}

func TestCodegenSteps(t *testing.T) {
	cast, err := asciicast.ReadFile(corpus + "agent-permission.cast")
	if err != nil {
		t.Fatal(err)
	}
	src, err := generateTest(cast, genOptions{pkg: "x_test", name: "TestX"})
	if err != nil {
		t.Fatal(err)
	}
	code := string(src.code)
	for _, want := range []string{
		`term := termtest.Spawn(t, []string{"agent", "-seed", "3", "-work", "1s", "-ask"}, termtest.WithSize(100, 30))`,
		"\tterm.Submit(\"run the tool\")\n\tterm.Type(\"1\")\n",
		`term.ExpectScreen(termtest.Golden(t, ""))`,
	} {
		if !strings.Contains(code, want) {
			t.Errorf("generated test lacks %q:\n%s", want, code)
		}
	}
	// The agent was hung up by the test's Close (exit 129): no WaitExit,
	// and the golden is the screen of the last ready, not after the hangup.
	if strings.Contains(code, "WaitExit") {
		t.Errorf("a recording ended by the test's Close must not wait for an exit:\n%s", code)
	}
	if !strings.Contains(src.golden, "cursor 10,3") {
		t.Errorf("golden should be the screen at the last ready (cursor in the input box at 10,3):\n%s", src.golden)
	}
}

func TestCodegenBadInput(t *testing.T) {
	dir := t.TempDir()
	nocmd := filepath.Join(dir, "nocmd.cast")
	if err := os.WriteFile(nocmd, []byte("{\"version\":2,\"width\":10,\"height\":3}\n[0.1,\"o\",\"x\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"codegen"}, 2, "want one recording"},
		{[]string{"codegen", "--name", "Bad-Name", corpus + "agent-permission.cast"}, 2, `--name "Bad-Name"`},
		{[]string{"codegen", "--env", "NOVALUE", corpus + "agent-permission.cast"}, 2, `--env "NOVALUE": want KEY=VALUE`},
		{[]string{"codegen", nocmd}, 1, "nocmd.cast: the recording's header names no command"},
		{[]string{"codegen", "no/such.cast"}, 1, "no/such.cast"},
	} {
		code, _, stderr := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("ttyrig %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.stderr)
		}
	}
}

// TestCodegenTestPassesLive records a session, turns it into a test in a
// module of its own, and runs that test against the same program.
func TestCodegenTestPassesLive(t *testing.T) {
	if testing.Short() {
		t.Skip("records a session, then builds and runs the generated test with go test")
	}
	dir := t.TempDir()
	cast := filepath.Join(dir, "python-session.cast")
	term := termtest.Spawn(t, []string{"python3", "-q", "-i"}, termtest.WithSize(60, 10), termtest.WithRecording(cast))
	term.WaitForReady()
	term.Submit("print(6 * 7)")
	term.WaitForReady()
	term.Press(termtest.KeyUp) // history: the line again
	term.WaitForReady()
	term.Press(termtest.KeyBackspace, termtest.KeyBackspace)
	term.Submit("8)")
	term.WaitForReady()
	term.Submit("exit()")
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("python exited %d", code)
	}
	term.Close()

	mod := filepath.Join(dir, "mod")
	writeModule(t, mod)
	if code, out, errs := runCmd(t, "codegen", "-o", filepath.Join(mod, "session_test.go"), cast); code != 0 {
		t.Fatalf("codegen: exit %d\n%s%s", code, out, errs)
	}
	gen, err := os.ReadFile(filepath.Join(mod, "session_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`term.Submit("print(6 * 7)")`, "term.Press(termtest.KeyUp)", "term.Press(termtest.KeyBackspace, termtest.KeyBackspace)", `term.Submit("8)")`, "term.WaitExit()"} {
		if !strings.Contains(string(gen), want) {
			t.Errorf("generated test lacks %q:\n%s", want, gen)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestPythonSession", ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the generated test failed live: %v\n%s\ngenerated:\n%s", err, out, gen)
	}
}

// writeModule makes a module that uses this checkout of ttyrig.
func writeModule(t *testing.T, dir string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/recorded\n\ngo 1.24.2\n\nrequire github.com/ttyrig/ttyrig v0.0.0\n\nreplace github.com/ttyrig/ttyrig => " + root + "\n"
	for name, text := range map[string]string{"go.mod": mod, "go.sum": string(sum), "doc.go": "package recorded\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// ttyrig record --test writes the session's test as it ends; the test
// passes against the same program.
func TestRecordWritesATest(t *testing.T) {
	if testing.Short() {
		t.Skip("records a session in a terminal, then builds and runs its test with go test")
	}
	dir := t.TempDir()
	cast, mod := filepath.Join(dir, "greet.cast"), filepath.Join(dir, "mod")
	writeModule(t, mod)
	script := `printf 'name? '; read a; printf 'hi %s\n' "$a"`
	term := ttyrigIn(t, []string{"ttyrig", "record", "-o", cast, "--test", filepath.Join(mod, "greet_test.go"), "--", "sh", "-c", script},
		termtest.WithSize(60, 10))
	term.ExpectScreen(expect.Contains("name? "))
	term.Type("bob\r")
	term.ExpectScreen(expect.Contains("a test of this session: "))
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("ttyrig record exited %d\n%s", code, term.Describe())
	}
	gen, err := os.ReadFile(filepath.Join(mod, "greet_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(gen), `term.Submit("bob")`) || !strings.Contains(string(gen), "func TestGreet(") {
		t.Errorf("the test written lacks TestGreet or its Submit:\n%s", gen)
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the recorded test failed live: %v\n%s\ngenerated:\n%s", err, out, gen)
	}
}
