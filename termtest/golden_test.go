package termtest_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// Golden files are named after the test: testdata/<Test>-<name>.golden.
func TestGoldenScreens(t *testing.T) {
	t.Parallel()
	term := spawnBash(t, termtest.WithSize(60, 8))
	term.Type("printf 'one\\ntwo\\n'\n")
	term.ExpectScreen(termtest.Golden(t, "bash-printf"))

	// Stability alone cannot tell a program that paused mid-draw (python
	// starting up) from one that is done, so wait for the state meant.
	py := termtest.Spawn(t, []string{"python3", "-q"}, termtest.WithSize(40, 6), termtest.WithEnv("PYTHONSTARTUP="))
	py.ExpectScreen(expect.Line(-1).Equals(">>> "))
	py.Type("'ab' * 3\n")
	py.ExpectScreen(expect.Contains("'ababab'\n>>> "))
	py.ExpectScreen(termtest.Golden(t, "python-repl"))
}

// A golden screen records style: which option is highlighted is part of
// it, and masks hide what changes from run to run.
func TestGoldenRecordsStyle(t *testing.T) {
	t.Parallel()
	menu := `printf 'tool v1.%s.3 ready\n  apple\n\033[7m> banana\033[m\n  \033[1;34mcherry\033[m\n'; sleep 30`
	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "v=$RANDOM; " + strings.Replace(menu, "%s", "'$v'", 1)},
		termtest.WithSize(30, 6))
	term.ExpectScreen(expect.Contains("cherry"))
	term.ExpectScreen(termtest.Golden(t, "", termtest.Mask(regexp.MustCompile(`v\d+\.\d+\.\d+`))))
}

func updating() bool { f := flag.Lookup("update"); return f != nil && f.Value.String() == "true" }

// A stable screen that differs from the golden file fails at once, not at
// the timeout, with a diff; a missing file says how to make it. Both run in
// a scratch directory, never touching testdata/.
func TestGoldenFailures(t *testing.T) {
	if updating() {
		t.Skip("-update rewrites golden files instead of comparing them")
	}
	t.Chdir(t.TempDir())
	path := filepath.Join("testdata", "TestGoldenFailures-hello.golden")
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	golden := "screen 30x4, cursor 2,1 (visible)\n  1 │hello\n  2 │\n    │^ cursor\n"
	if err := os.WriteFile(path, []byte(golden), 0o644); err != nil {
		t.Fatal(err)
	}
	echo := func(text string) []string {
		return []string{"bash", "--norc", "--noprofile", "-c", "echo " + text + "; sleep 30"}
	}

	// The matching screen passes.
	term := termtest.Spawn(t, echo("hello"), termtest.WithSize(30, 4))
	term.ExpectScreen(termtest.Golden(t, "hello"))

	start := time.Now()
	msg := fatalMessage(t, func(tb testing.TB) {
		term := termtest.Spawn(tb, echo("help"), termtest.WithSize(30, 4), termtest.WithTimeout(30*time.Second))
		term.ExpectScreen(termtest.Golden(t, "hello"))
	})
	// Far below the timeout, with room for a loaded machine to start bash
	// (3 s, before, was a speed: the wait is 300 ms of stillness).
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("a stable screen that differs failed after %v; want at once (stable for 300ms), not the 30s timeout", d)
	}
	for _, want := range []string{"the screen settled", path, "(-want +got)", `"  1 │hello"`, `"  1 │help"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("mismatch message lacks %q:\n%s", want, msg)
		}
	}

	start = time.Now()
	msg = fatalMessage(t, func(tb testing.TB) {
		term := termtest.Spawn(tb, echo("hi"), termtest.WithSize(30, 4), termtest.WithTimeout(30*time.Second))
		term.ExpectScreen(termtest.Golden(t, "missing"))
	})
	if !strings.Contains(msg, "testdata/TestGoldenFailures-missing.golden does not exist") || !strings.Contains(msg, "-update") {
		t.Errorf("missing-golden message:\n%s", msg)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("a missing golden file failed after %v; want at once, not the 30s timeout", d)
	}
}

// With -update the stable screen is written to the test's own file, and
// nothing else in testdata/ is touched.
func TestGoldenUpdateWritesOnlyItsFile(t *testing.T) {
	if updating() {
		t.Skip("the test sets -update itself")
	}
	t.Chdir(t.TempDir())
	if err := os.MkdirAll(filepath.Join("testdata", "failures"), 0o755); err != nil {
		t.Fatal(err)
	}
	others := map[string]string{
		"testdata/other.golden":           "another test's golden\n",
		"testdata/failures/x.cast":        "a kept recording\n",
		"testdata/input.json":             "{}\n",
		"testdata/TestX-unrelated.golden": "not ours\n",
	}
	for p, s := range others {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := flag.Set("update", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = flag.Set("update", "false") })

	term := termtest.Spawn(t, []string{"bash", "--norc", "--noprofile", "-c", "echo written; sleep 30"}, termtest.WithSize(20, 3))
	term.ExpectScreen(expect.Contains("written"))
	term.ExpectScreen(termtest.Golden(t, "new"))

	got, err := os.ReadFile("testdata/TestGoldenUpdateWritesOnlyItsFile-new.golden")
	if err != nil {
		t.Fatal(err)
	}
	if want := "screen 20x3, cursor 2,1 (visible)\n  1 │written\n  2 │\n    │^ cursor\n"; string(got) != want {
		t.Errorf("golden file written:\n%s\nwant:\n%s", got, want)
	}
	for p, s := range others {
		if b, err := os.ReadFile(p); err != nil || string(b) != s {
			t.Errorf("%s changed: %q, %v", p, b, err)
		}
	}
}

func TestRenderGolden(t *testing.T) {
	s := screen.New(24, 4)
	defer s.Close()
	s.WriteAt(time.Now(), []byte("\x1b]2;build 12:04:33\x07  one\r\n\x1b[7m> two     \x1b[m\r\n\x1b[1;38;5;208m三\x1b[m x\x1b[48;2;1;2;3m  \x1b[m"))
	got := termtest.RenderGolden(s.Snapshot(), regexp.MustCompile(`\d\d:\d\d:\d\d`))
	want := `screen 24x4, cursor 3,7 (visible), title "build <masked>"
  1 │  one
  2 │> two
    ╰ "> two" +5 blank: reverse
  3 │三 x  
    │      ^ cursor
    ╰ "三": bold fg=color(208)
    ╰ 2 blank: bg=#010203
`
	if got != want {
		t.Errorf("RenderGolden:\n%s\nwant:\n%s", got, want)
	}
}
