package trace_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/termtest"
)

// failingTB is a test that failed: what termtest.Spawn sees at the end of
// one. Its cleanups run when runCleanups is called.
type failingTB struct {
	testing.TB
	cleanups []func()
	logs     []string
}

func (f *failingTB) Helper()                      {}
func (f *failingTB) Failed() bool                 { return true }
func (f *failingTB) Name() string                 { return "TestExample/fails" }
func (f *failingTB) Cleanup(fn func())            { f.cleanups = append(f.cleanups, fn) }
func (f *failingTB) Logf(format string, a ...any) { f.logs = append(f.logs, format) }
func (f *failingTB) runCleanups() {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
}

// A failing test's picture and trace page open in the browser: the page
// shows the session's screens as the replay does, and both draw.
func TestFailurePicturesInBrowser(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	t.Setenv(termtest.FailureDirEnv, dir)
	tb := &failingTB{TB: t}
	term := termtest.Spawn(tb, []string{"bash", "--norc", "--noprofile", "-c",
		`printf '\033[1mMenu\033[m\n  \033[7m> one \033[m\n    two\n\033[33mpick:\033[m '; read a; printf 'got %s\n' "$a"; sleep 30`},
		termtest.WithSize(40, 8))
	term.ExpectScreen(expect.Contains("pick:"))
	term.Type("two\n")
	term.ExpectScreen(expect.Contains("got two"))
	tb.runCleanups()

	base := filepath.Join(dir, "TestExample", "fails")
	cast, err := asciicast.ReadFile(base + ".cast")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast)
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	p := openPage(t, bin, "file://"+base+".html")
	n := 0
	for _, snap := range rep.Transitions() {
		n++
		s := p.goTo("#d=" + strconv.Itoa(n))
		if diff := s.sameAs(snap); diff != "" {
			t.Errorf("failure trace page, decision %d: %s", n, diff)
		}
	}
	if n < 2 {
		t.Errorf("only %d decisions in the failed session", n)
	}
	shots := os.Getenv(screenshotDirEnv)
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{base + ".svg", base + ".html"} {
		png := filepath.Join(shots, "failure-"+strings.TrimPrefix(filepath.Ext(f), ".")+".png")
		runChromium(t, bin, "file://"+f, "--screenshot="+png, "--window-size=1200,700")
		if st, err := os.Stat(png); err != nil || st.Size() < 5_000 {
			t.Errorf("screenshot of %s missing or blank (%v)", f, err)
		}
	}
}
