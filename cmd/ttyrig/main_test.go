package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

const corpus = "../../recordings/testdata/corpus/"

func TestHelpAndBadArguments(t *testing.T) {
	tests := []struct {
		args             []string
		code             int
		inStdout, stderr string // stderr: "" means none
	}{
		{nil, 2, "", "usage:"},
		{[]string{"--help"}, 0, "ttyrig show", ""},
		{[]string{"help"}, 0, "ttyrig calibrate", ""},
		{[]string{"help", "replay"}, 0, "usage: ttyrig replay", ""},
		{[]string{"replay", "--help"}, 0, "-at string", ""},
		{[]string{"record", "-h"}, 0, "Ctrl-] r marks ready", ""},
		{[]string{"show", "--help"}, 0, "trace page", ""},
		{[]string{"--version"}, 0, "ttyrig ", ""},
		{[]string{"bogus"}, 2, "", `unknown command "bogus"`},
		{[]string{"help", "bogus"}, 2, "", `unknown command "bogus"`},
		{[]string{"replay", "--frobnicate", "x.cast"}, 2, "", "flag provided but not defined: -frobnicate"},
		{[]string{"replay"}, 2, "", "want exactly one recording file"},
		{[]string{"replay", "no/such/file.cast"}, 1, "", "no/such/file.cast: no such file"},
		{[]string{"replay", "--screen", "png", corpus + "osc133.cast"}, 2, "", `--screen "png": want plain, decorated, svg or html`},
		{[]string{"show"}, 2, "", "want exactly one recording file"},
		{[]string{"calibrate"}, 2, "", "want one or more recording files"},
		{[]string{"record", "--size", "wide", "--", "true"}, 2, "", `--size "wide" is not COLSxROWS`},
		{[]string{"record", "--cast-version", "1", "--", "true"}, 2, "", `--cast-version 1: want 2 or 3`},
		{[]string{"record"}, 2, "", "want a command to run"},
		{[]string{"replay", "--runtime", "nosuch", corpus + "osc133.cast"}, 1, "", "nosuch"},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.inStdout) || !strings.Contains(stderr, tc.stderr) || (tc.stderr == "") != (stderr == "") {
			t.Errorf("ttyrig %q: exit %d, stdout %.200q, stderr %q; want exit %d, %q on stdout, %q on stderr",
				tc.args, code, stdout, stderr, tc.code, tc.inStdout, tc.stderr)
		}
	}
}

func TestReplayAtRejectsTimesOutsideTheRecording(t *testing.T) {
	for at, want := range map[string]string{
		"NaN":  "--at NaN is not a time in the recording (want seconds from 0 to",
		"Inf":  "--at Inf is not a time in the recording",
		"-inf": "--at -inf is not a time in the recording",
		"-1":   "--at -1 is before the start of the recording",
		"999":  "--at 999 is past the end of the recording at",
		"1s":   `--at "1s" is not a number of seconds`,
	} {
		code, out, stderr := runCmd(t, "replay", "--at", at, corpus+"agent-two-turns.cast")
		if code != 2 || out != "" || !strings.Contains(stderr, want) {
			t.Errorf("--at %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", at, code, out, stderr, want)
		}
	}
}

// Off a terminal the screen is its rows, so "ttyrig replay x.cast >
// screen.txt" is the screen; --screen chooses.
func TestReplayScreenViews(t *testing.T) {
	cast := "testdata/asciinema-rec.cast"
	_, plain, _ := runCmd(t, "replay", cast)
	if plain != "red 256 true\n中文 ok\nbye\n" {
		t.Errorf("plain screen %q", plain)
	}
	_, deco, _ := runCmd(t, "replay", "--screen", "decorated", cast)
	if !strings.HasPrefix(deco, "screen 40x8, cursor 4,1 (visible)\n  1 │red 256 true\n") {
		t.Errorf("decorated screen:\n%s", deco)
	}
	_, svg, _ := runCmd(t, "replay", "--screen", "svg", "--at", "0.1", cast)
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `fill="#cd3131" font-weight="bold">red</text>`) || strings.Contains(svg, "bye") {
		t.Errorf("svg at 0.1 s:\n%s", svg)
	}
	_, page, _ := runCmd(t, "replay", "--screen", "html", cast)
	if !strings.HasPrefix(page, "<!doctype html>") || !strings.Contains(page, "background:#005f87") {
		t.Errorf("html:\n%s", page)
	}
}

// A recording made by asciinema itself (asciinema 2.2.0, Debian's, with
// rec --cols 40 --rows 8 -c "printf ...") replays to the screen asciinema
// showed: colours of all three kinds, wide characters, CR CR LF line ends.
func TestAsciinemaRecordingReplays(t *testing.T) {
	code, out, stderr := runCmd(t, "replay", "--screen", "svg", "testdata/asciinema-rec.cast")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`fill="#cd3131" font-weight="bold">red</text>`, // SGR 1;31
		`fill="#ff8700">256</text>`,                    // 38;5;208
		`fill="#005f87"/>`,                             // 48;2;0;95;135
		`>中</text>`, `>文</text>`, `> ok</text>`, ">bye</text>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %s:\n%s", want, out)
		}
	}
}

func TestShowWritesTheTracePage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "page.html")
	code, stdout, stderr := runCmd(t, "show", "-o", out, corpus+"agent-permission.cast")
	if code != 0 || !strings.Contains(stdout, "file://"+out) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `id="trace-data"`) || !strings.Contains(string(page), "Bash(run the tool)") {
		t.Errorf("page lacks the trace")
	}
}

func TestCalibrateSaysWhyATableIsEmpty(t *testing.T) {
	code, out, stderr := runCmd(t, "calibrate", "testdata/asciinema-rec.cast")
	if code != 0 || !strings.Contains(out, "asciinema-rec") {
		t.Fatalf("exit %d, %s %s", code, out, stderr)
	}
	if !strings.Contains(stderr, `testdata/asciinema-rec.cast has no "ready" or "busy" markers`) || !strings.Contains(stderr, "Ctrl-] r") {
		t.Errorf("stderr does not say why the row is empty: %q", stderr)
	}
}

func TestCorruptFileNamesTheLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.cast")
	if err := os.WriteFile(path, []byte(`{"version":2,"width":80,"height":24}`+"\n"+`[0.5,"o","ok"]`+"\n"+`[0.6,"o",`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd(t, "replay", path)
	if code != 1 || !strings.Contains(stderr, path+":3:") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("exit %d, stderr %q; want one line naming %s:3", code, stderr, path)
	}
}

// A recording of a terminal larger than a screen emulates fails with the
// file, the line and the field, and the limit, instead of being replayed
// on a cut-down screen (a 10000×10000 header once ran the replay out of
// memory). The reader refuses it, so every command says the same; the
// largest size replays.
func TestOversizeRecordingNamesTheLimit(t *testing.T) {
	for name, tc := range map[string]struct{ cast, want string }{
		"header": {`{"version":2,"width":10000,"height":10000}` + "\n" + `[0.5,"o","ok"]` + "\n",
			`:1: bad header: "width" 10000 is out of range (want 1 to 500)`},
		"v3 header": {`{"version":3,"term":{"cols":80,"rows":301}}` + "\n" + `[0.5,"o","ok"]` + "\n",
			`:1: bad header: "term.rows" 301 is out of range (want 1 to 300)`},
		"resize": {`{"version":2,"width":80,"height":24}` + "\n" + `[0.5,"o","ok"]` + "\n" + `[0.6,"r","80x900"]` + "\n",
			`:3: resize "80x900": rows 900 is out of range (want 1 to 300)`},
		"largest": {`{"version":2,"width":500,"height":300}` + "\n" + `[0.5,"o","ok"]` + "\n" + `[0.6,"r","500x300"]` + "\n", ""},
	} {
		for _, cmd := range []string{"replay", "show"} {
			t.Run(name+"/"+cmd, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "big.cast")
				if err := os.WriteFile(path, []byte(tc.cast), 0o644); err != nil {
					t.Fatal(err)
				}
				args := []string{cmd, path}
				if cmd == "show" {
					args = []string{cmd, "-o", filepath.Join(dir, "big.html"), path}
				}
				code, _, stderr := runCmd(t, args...)
				if tc.want == "" {
					if code != 0 {
						t.Errorf("exit %d, stderr %q; want the largest size to %s", code, stderr, cmd)
					}
					return
				}
				if code != 1 || !strings.Contains(stderr, path+tc.want) {
					t.Errorf("exit %d, stderr %q; want %q", code, stderr, path+tc.want)
				}
			})
		}
	}
}

// --events output is an interface scripts use: one JSON object per line
// with t, state, reason, row and col.
func TestReplayEvents(t *testing.T) {
	code, out, stderr := runCmd(t, "replay", "--events", corpus+"agent-permission.cast")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d is not JSON: %q", i+1, line)
		}
		for _, k := range []string{"t", "state", "reason", "row", "col"} {
			if _, ok := m[k]; !ok {
				t.Errorf("line %d lacks %q: %s", i+1, k, line)
			}
		}
	}
	goldie.New(t).Assert(t, "replay-events-agent-permission", []byte(out))
}

func TestReplayScreenAt(t *testing.T) {
	code, out, _ := runCmd(t, "replay", "--at", "0.001", corpus+"agent-two-turns.cast")
	if code != 0 || strings.Contains(out, "● say hi") {
		t.Errorf("screen at 1 ms shows the answer already:\n%s", out)
	}
	code, out, _ = runCmd(t, "replay", corpus+"agent-two-turns.cast")
	if code != 0 || !strings.Contains(out, "● and again") {
		t.Errorf("final screen lacks the last answer:\n%s", out)
	}
}

func TestCalibrateTable(t *testing.T) {
	code, out, stderr := runCmd(t, "calibrate", corpus+"agent-two-turns.cast", corpus+"spinner.cast")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "longest busy gap") || !strings.Contains(out, "agent-two-turns") || !strings.Contains(out, "spinner") {
		t.Errorf("table:\n%s", out)
	}
}

// record runs a program in the user's terminal; without one nothing typed
// could reach the program, so it says so and stops rather than hang.
func TestRecordWantsATerminal(t *testing.T) {
	start := time.Now()
	code, _, stderr := runCmd(t, "record", "-o", filepath.Join(t.TempDir(), "x.cast"), "--", "sleep", "30")
	if code != 1 || !strings.Contains(stderr, "stdin is not a terminal") || time.Since(start) > 5*time.Second {
		t.Errorf("exit %d after %v, stderr %q", code, time.Since(start), stderr)
	}
}

// TestMain lets tests run this binary as the ttyrig command, in a real
// terminal: TTYRIG_TEST_MAIN=1 makes it ttyrig.
func TestMain(m *testing.M) {
	if os.Getenv("TTYRIG_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// ttyrigIn runs "ttyrig args..." in a termtest terminal, as a user would
// in theirs.
func ttyrigIn(t *testing.T, argv []string, opts ...termtest.Option) *termtest.Term {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if argv[0] == "ttyrig" {
		argv[0] = self
	}
	for i, a := range argv {
		argv[i] = strings.ReplaceAll(a, "$TTYRIG", self)
	}
	return termtest.Spawn(t, argv, append(opts, termtest.WithEnv("TTYRIG_TEST_MAIN=1"), termtest.WithRuntime("generic"))...)
}

// A user records a program in their terminal, typing into it and marking
// the moment they saw it waiting: the recording is asciicast v2 with the
// program's output, their input without the mark keys, and the marker.
func TestRecordInATerminal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.cast")
	term := ttyrigIn(t, []string{"ttyrig", "record", "-o", path, "--", "sh", "-c", `printf 'name? '; read a; printf 'hi %s\n' "$a"`},
		termtest.WithSize(60, 10))
	term.ExpectScreen(expect.Contains("name? "))
	term.Type("\x1dr")          // Ctrl-] r: ready
	term.NoWait().Type("bob\r") // the mark keys draw nothing: no reaction to wait for
	term.ExpectScreen(expect.Contains("hi bob"))
	term.ExpectScreen(expect.Contains("exited with status 0 (1 marker)"))
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("ttyrig record exited %d", code)
	}
	head, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(head, []byte(`{"version":2,`)) && !bytes.HasPrefix(head, []byte(`{"version": 2,`)) {
		t.Errorf("recording is not asciicast v2: %.80s", head)
	}
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if cast.Header.Width != 60 || cast.Header.Height != 10 {
		t.Errorf("recorded size %dx%d, want the terminal's 60x10", cast.Header.Width, cast.Header.Height)
	}
	var in, out string
	var marks []string
	for _, e := range cast.Events {
		switch e.Kind {
		case asciicast.Input:
			in += e.Data
		case asciicast.Output:
			out += e.Data
		case asciicast.Marker:
			if in == "" { // before anything was typed
				marks = append(marks, e.Data)
			}
		}
	}
	if in != "bob\r" || !strings.Contains(out, "hi bob") || len(marks) != 1 || marks[0] != "ready" {
		t.Errorf("recorded input %q, output %q, markers before the input %q; want \"bob\\r\", hi bob, [ready]", in, out, marks)
	}
	code, table, stderr := runCmd(t, "calibrate", path)
	if code != 0 || strings.Contains(stderr, "no \"ready\"") || !strings.Contains(table, "rec") {
		t.Errorf("calibrate of the marked recording: exit %d\n%s%s", code, table, stderr)
	}
}

// A terminal that reports no size (0x0) gets record's 100x30 default
// instead of an error.
func TestRecordInATerminalOfNoSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.cast")
	term := ttyrigIn(t, []string{"sh", "-c", "stty cols 0 rows 0 && exec $TTYRIG record -o " + path + " -- echo hello"})
	term.ExpectScreen(expect.Contains("echo exited with status 0"))
	if code := term.WaitExit(); code != 0 {
		t.Fatalf("ttyrig record exited %d", code)
	}
	term.ExpectScreen(expect.Contains("reports no size; recording at 100x30"))
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if cast.Header.Width != 100 || cast.Header.Height != 30 {
		t.Errorf("recorded size %dx%d, want 100x30", cast.Header.Width, cast.Header.Height)
	}
}

func TestMarkKeys(t *testing.T) {
	var m markKeys
	var sent []byte
	var labels []string
	for _, p := range []string{"ab\x1d", "r", "c\x1d\x1d", "\x1db\x1dx"} {
		s, l := m.filter([]byte(p))
		sent, labels = append(sent, s...), append(labels, l...)
	}
	if string(sent) != "abc\x1d\x1dx" || strings.Join(labels, ",") != "ready,busy" {
		t.Errorf("sent %q, marks %q; want \"abc\\x1d\\x1dx\" and ready,busy", sent, labels)
	}
}

// SIGUSR1 and SIGUSR2 mark ready and busy, for marking from a script or
// another window.
func TestRecordMarksOnSignals(t *testing.T) {
	dir := t.TempDir()
	path, pidfile := filepath.Join(dir, "rec.cast"), filepath.Join(dir, "pid")
	term := ttyrigIn(t, []string{"sh", "-c", "echo $$ > " + pidfile + " && exec $TTYRIG record -o " + path + ` -- sh -c 'printf "go? "; read a'`})
	term.ExpectScreen(expect.Contains("go? "))
	pid := readPid(t, pidfile)
	for _, sig := range []syscall.Signal{syscall.SIGUSR1, syscall.SIGUSR2} {
		if err := syscall.Kill(pid, sig); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond) // signals of one kind may merge; keep them apart
	}
	term.Type("\r")
	term.ExpectScreen(expect.Contains("2 markers"))
	term.WaitExit()
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var marks []string
	for _, e := range cast.Events {
		if e.Kind == asciicast.Marker && !strings.HasPrefix(e.Data, "exit") {
			marks = append(marks, e.Data)
		}
	}
	if strings.Join(marks, ",") != "ready,busy" {
		t.Errorf("markers %q, want ready,busy", marks)
	}
}

// Stopping ttyrig record (SIGTERM, SIGHUP, SIGINT) ends the program and
// closes the recording, which keeps what happened.
func TestRecordStoppedBySignalKeepsTheRecording(t *testing.T) {
	dir := t.TempDir()
	path, pidfile := filepath.Join(dir, "rec.cast"), filepath.Join(dir, "pid")
	term := ttyrigIn(t, []string{"sh", "-c", "echo $$ > " + pidfile + " && exec $TTYRIG record -o " + path + ` -- sh -c 'echo started; sleep 30'`})
	term.ExpectScreen(expect.Contains("started"))
	pid := readPid(t, pidfile)
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	term.ExpectScreen(expect.Contains("terminated stopped sh"))
	if code := term.WaitExit(); code != 128+int(syscall.SIGTERM) {
		t.Errorf("ttyrig record stopped by SIGTERM exited %d, want %d", code, 128+int(syscall.SIGTERM))
	}
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out string
	for _, e := range cast.Events {
		out += e.Data
	}
	if !strings.Contains(out, "started") {
		t.Errorf("recording lacks the output: %q", out)
	}
}

func TestCalibrateShowsProgressOnManyFiles(t *testing.T) {
	files := []string{corpus + "osc133.cast", corpus + "spinner.cast", corpus + "chevron.cast", corpus + "slowprompt.cast"}
	code, _, stderr := runCmd(t, append([]string{"calibrate"}, files...)...)
	if code != 0 || !strings.Contains(stderr, "[1/4] "+files[0]) || !strings.Contains(stderr, "[4/4] "+files[3]) {
		t.Errorf("exit %d, progress on stderr %q", code, stderr)
	}
}

// v3 stays writable (and readable: replay reads it back).
func TestRecordCastVersion3(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.cast")
	term := ttyrigIn(t, []string{"ttyrig", "record", "--cast-version", "3", "-o", path, "--", "echo", "hello v3"})
	term.ExpectScreen(expect.Contains("echo exited with status 0"))
	term.WaitExit()
	head, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(head, []byte(`{"version":3,`)) {
		t.Errorf("not asciicast v3: %.80s", head)
	}
	if code, out, stderr := runCmd(t, "replay", path); code != 0 || out != "hello v3\n" {
		t.Errorf("replay of the v3 recording: exit %d, %q %s", code, out, stderr)
	}
}

// A killed ttyrig record (SIGKILL: no chance to close anything) leaves a
// recording of what happened up to then: events are written as they happen.
func TestRecordKilledKeepsWhatHappened(t *testing.T) {
	dir := t.TempDir()
	path, pidfile := filepath.Join(dir, "rec.cast"), filepath.Join(dir, "pid")
	term := ttyrigIn(t, []string{"sh", "-c", "echo $$ > " + pidfile + " && exec $TTYRIG record -o " + path + ` -- sh -c 'printf "name? "; read a; echo "hello $a"; sleep 30'`})
	term.ExpectScreen(expect.Contains("name? "))
	term.Type("ann\r")
	term.ExpectScreen(expect.Contains("hello ann"))
	pid := readPid(t, pidfile)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	term.WaitExit()
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var in, out string
	for _, e := range cast.Events {
		switch e.Kind {
		case asciicast.Input:
			in += e.Data
		case asciicast.Output:
			out += e.Data
		}
	}
	if in != "ann\r" || !strings.Contains(out, "hello ann") {
		t.Errorf("recording of the killed session: input %q, output %q", in, out)
	}
}

// readPid reads the pid a test's shell wrote to path before exec'ing
// ttyrig record.
func readPid(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return pid
}

// A recording longer than a page holds gets a page of its first events
// (up to pageEvents or pageBytes), the replay stopped at the last one
// shown, and a note naming the file, the events shown and the limit.
func TestShowPagesALongRecording(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	var b strings.Builder
	b.WriteString(`{"version":2,"width":40,"height":5}` + "\n")
	for i := range pageEvents + 5 {
		// Output that moves the cursor only, so each event's screen is
		// cheap to draw and the test times the paging, not the drawing.
		fmt.Fprintf(&b, "[%d.%03d,\"o\",\"\\u001b[%d;%dHe%d\"]\n", i/1000, i%1000, 1+i%5, 1+i%30, i)
	}
	dir := t.TempDir()
	path, page := filepath.Join(dir, "long.cast"), filepath.Join(dir, "long.html")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd(t, "show", "-o", page, path)
	want := fmt.Sprintf("%s has %d events (", path, pageEvents+5)
	if code != 0 || !strings.Contains(stderr, want) || !strings.Contains(stderr, fmt.Sprintf("the page shows the first %d, to +9.999s", pageEvents)) {
		t.Fatalf("exit %d, stderr %q; want a note starting %q", code, stderr, want)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if last, next := fmt.Sprintf("e%d", pageEvents-1), fmt.Sprintf("e%d", pageEvents); !bytes.Contains(html, []byte(last)) || bytes.Contains(html, []byte(next)) {
		t.Errorf("the page should list event %s and not %s", last, next)
	}
}

// firstPage cuts at the event limit or the byte limit, whichever comes
// first, and keeps at least one event.
func TestFirstPage(t *testing.T) {
	c := &asciicast.Cast{Header: asciicast.Header{Width: 80, Height: 24}}
	for range 10 {
		c.Events = append(c.Events, asciicast.Event{Kind: asciicast.Output, Data: "0123456789"})
	}
	for _, tc := range []struct {
		events int
		bytes  int64
		want   int
	}{{20, 1000, 10}, {4, 1000, 4}, {20, 35, 3}, {20, 1, 1}, {10, 100, 10}} {
		page, n, size := firstPage(c, tc.events, tc.bytes)
		if n != tc.want || len(page.Events) != tc.want || size != 100 || (n == 10) != (page == c) {
			t.Errorf("firstPage(%d events, %d bytes) = %d events (n %d, size %d), want %d", tc.events, tc.bytes, len(page.Events), n, size, tc.want)
		}
	}
}
