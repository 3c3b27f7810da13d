package termtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// A failed test keeps, beside its recording, a picture of the last screen
// and a trace page, and its report names both.
func TestFailedTestKeepsPictures(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	tb := &failedTB{TB: t, name: "TestPictured/case", failed: true}
	term := termtest.Spawn(tb, []string{"bash", "--norc", "--noprofile", "-c", `printf 'plain \033[31mred\033[m ok\n'; sleep 30`})
	term.ExpectScreen(expect.Contains("red ok"))
	base := filepath.Join(dir, "TestPictured", "case")
	report := term.Terminal.Describe()
	for _, want := range []string{"last screen as a picture: " + base + ".svg", "trace page (open in a browser): " + base + ".html", "ttyrig show " + base + ".cast"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	tb.runCleanups()

	svg, err := os.ReadFile(base + ".svg")
	if err != nil {
		t.Fatalf("no picture of the failed test's screen: %v", err)
	}
	if !strings.Contains(string(svg), `fill="#cd3131">red</text>`) || !strings.Contains(string(svg), "TestPictured/case: the last screen") {
		t.Errorf("picture does not show the red word or the test:\n%s", svg)
	}
	page, err := os.ReadFile(base + ".html")
	if err != nil {
		t.Fatalf("no trace page of the failed test: %v", err)
	}
	if !strings.Contains(string(page), `id="trace-data"`) || !strings.Contains(string(page), "red") {
		t.Errorf("trace page lacks its data")
	}
	logs := strings.Join(tb.logs, "\n")
	if !strings.Contains(logs, "trace page") {
		t.Errorf("test log does not name the pictures: %s", logs)
	}
}

// A golden mismatch draws the golden screen and the one got side by side.
func TestGoldenMismatchPicture(t *testing.T) {
	if updating() {
		t.Skip("-update rewrites golden files instead of comparing them")
	}
	t.Chdir(t.TempDir())
	t.Setenv(termtest.FailureDirEnv, "") // the default folder, whatever the run sets
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	golden := "screen 30x4, cursor 2,1 (visible)\n  1 │hello 中\n  2 │\n    │^ cursor\n"
	if err := os.WriteFile(filepath.Join("testdata", "TestGoldenMismatchPicture-hello.golden"), []byte(golden), 0o644); err != nil {
		t.Fatal(err)
	}
	msg := fatalMessage(t, func(tb testing.TB) {
		term := termtest.Spawn(tb, []string{"bash", "--norc", "--noprofile", "-c", "echo help 中; sleep 30"},
			termtest.WithSize(30, 4), termtest.WithTimeout(time.Second))
		term.ExpectScreen(termtest.Golden(tb, "hello"))
	})
	want := filepath.Join("testdata", "failures", "TestGoldenMismatchPicture.golden.svg")
	if !strings.Contains(msg, "want and got side by side: "+want) {
		t.Fatalf("message does not name the picture %s:\n%s", want, msg)
	}
	svg, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	for _, part := range []string{">want: testdata/TestGoldenMismatchPicture-hello.golden</text>", ">got</text>", ">hello</text>", ">help</text>", ">中</text>"} {
		if !strings.Contains(s, part) {
			t.Errorf("side-by-side picture lacks %s:\n%s", part, s)
		}
	}
	if n := strings.Count(s, `fill="#e5484d"`); n != 2 {
		t.Errorf("%d rows marked as differing, want row 1 in each panel", n)
	}
}
