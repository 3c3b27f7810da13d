package termtest

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	// Only for the order of initialisation: see init below.
	_ "text/template"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// goldenStableFor is how long the screen must stay unchanged before it is
// compared with (or saved as) a golden screen, so a half-drawn frame is
// never saved.
const goldenStableFor = 300 * time.Millisecond

// The -update flag, as gotest.tools/v3/golden treats it: registered only if
// no other package did, and read whoever registered it. goldie registers it
// unconditionally and panics if it exists, so termtest must initialise after
// goldie whenever both are linked: Go initialises, of the packages whose
// imports are ready, the one whose import path sorts first. goldie waits for
// text/template, so termtest imports it too, and github.com/sebdah sorts
// before github.com/ttyrig. gotest.tools accepts a -update defined by
// anyone, as long as it is a bool.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "update golden files")
	}
}

// updatingGoldens reports whether the test runs with -update.
func updatingGoldens() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	if g, ok := f.Value.(flag.Getter); ok {
		b, ok := g.Get().(bool)
		return ok && b
	}
	return f.Value.String() == "true"
}

// GoldenOption configures a golden screen.
type GoldenOption func(*golden)

// Mask hides the parts of the screen that change from run to run (version
// banners, clocks, paths): every match of re, in the text, the title and
// the styled runs, is written as <masked>.
func Mask(re *regexp.Regexp) GoldenOption {
	return func(g *golden) { g.masks = append(g.masks, re) }
}

// Golden is the condition that the screen, once stable (no change for
// 300 ms, no synchronized update open), matches the test's golden file:
// testdata/<TestName>.golden, or testdata/<TestName>-<name>.golden when
// name is not empty (a subtest's '/' makes a directory). The file records
// what a person sees: size, cursor and title, each line numbered as
// Snapshot.Line numbers them, and under each line its styled runs (which
// text is bold, reversed, coloured), so the highlighted option is part of
// the golden screen.
//
// A stable screen that differs fails at once with a diff (-want +got); it
// does not wait out the timeout. With `go test -update` the stable screen is
// written to the file instead, and nothing else is ever written or deleted.
// Stability cannot tell a program that pauses mid-draw from one that is
// done, so first wait for what the screen is meant to show.
func Golden(tb testing.TB, name string, opts ...GoldenOption) expect.Condition {
	tb.Helper()
	file := goldenName(tb.Name())
	if name != "" {
		file += "-" + goldenName(name)
	}
	g := &golden{tb: tb, path: filepath.Join("testdata", file+".golden"), update: updatingGoldens(),
		stable: expect.Stable(goldenStableFor)}
	for _, o := range opts {
		o(g)
	}
	// A side-by-side picture an earlier failing run left goes once the
	// test passes (resolved now: the test may change directory).
	if pic, err := filepath.Abs(goldenPicturePath(tb)); err == nil {
		tb.Cleanup(func() {
			if !tb.Failed() && !panicking() {
				removeStale(pic)
			}
		})
	}
	return g
}

// goldenName keeps a test name usable as a path on any system; '/' (a
// subtest) stays a directory.
func goldenName(s string) string {
	return strings.NewReplacer(`\`, "_", ":", "_", " ", "_", "*", "_", "?", "_", `"`, "_", "<", "_", ">", "_", "|", "_", "..", "_").Replace(s)
}

// golden is the condition Golden returns. It reads the file once, at the
// first stable screen; in update mode it writes the file once.
type golden struct {
	tb     testing.TB
	path   string
	masks  []*regexp.Regexp
	update bool
	stable *expect.Expectation

	mu      sync.Mutex
	read    bool
	want    string
	readErr error
	written bool
}

func (g *golden) String() string {
	if g.update {
		return fmt.Sprintf("the screen is stable for %v, to be saved as %s", goldenStableFor, g.path)
	}
	return fmt.Sprintf("the screen, once stable for %v, matches %s", goldenStableFor, g.path)
}

func (g *golden) Check(snap screen.Snapshot) error {
	_, err := g.CheckAt(snap, time.Now())
	return err
}

func (g *golden) CheckAt(snap screen.Snapshot, now time.Time) (time.Time, error) {
	if recheck, err := g.stable.CheckAt(snap, now); err != nil {
		return recheck, err
	}
	got := RenderGolden(snap, g.masks...)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.update {
		if !g.written {
			if err := os.MkdirAll(filepath.Dir(g.path), 0o755); err != nil {
				return time.Time{}, expect.Settled(fmt.Errorf("writing golden file: %w", err))
			}
			if err := writePrivate(g.path, []byte(got)); err != nil { // files.go: 0600, the path in the error
				return time.Time{}, expect.Settled(fmt.Errorf("writing golden file: %w", err))
			}
			g.written = true
			g.tb.Logf("termtest: wrote golden file %s", g.path)
		}
		return time.Time{}, nil
	}
	if !g.read {
		b, err := os.ReadFile(g.path)
		g.read, g.want, g.readErr = true, string(b), err
		if errors.Is(err, fs.ErrNotExist) {
			g.readErr = fmt.Errorf("golden file %s does not exist; run the test with -update to write it from the stable screen", g.path)
		}
	}
	if g.readErr != nil {
		return time.Time{}, expect.Settled(g.readErr)
	}
	if got != g.want {
		err := fmt.Errorf("the stable screen differs from %s (-want +got):\n%s",
			g.path, cmp.Diff(strings.Split(g.want, "\n"), strings.Split(got, "\n")))
		if pic, perr := keepGoldenPicture(g.tb, g.path, g.want, snap); perr == nil {
			err = fmt.Errorf("%w\nwant and got side by side: %s", err, pic)
		} else {
			err = fmt.Errorf("%w\n(no side-by-side picture: %v)", err, perr)
		}
		return time.Time{}, expect.Settled(err)
	}
	return time.Time{}, nil
}

// RenderGolden renders a snapshot as a golden file holds it: the header of
// Snapshot.String, each line numbered with the cursor marked, and under a
// line each run of styled cells with its text and style:
//
//	3 │❯ Blue
//	  ╰ "❯ Blue": bold fg=blue
//
// Matches of masks are written as <masked>.
func RenderGolden(snap screen.Snapshot, masks ...*regexp.Regexp) string {
	mask := func(s string) string {
		for _, re := range masks {
			s = re.ReplaceAllLiteralString(s, "<masked>")
		}
		return s
	}
	cols, rows := snap.Size()
	cur := snap.Cursor()
	var b strings.Builder
	vis := "visible"
	if !snap.CursorVisible() {
		vis = "hidden"
	}
	fmt.Fprintf(&b, "screen %dx%d, cursor %d,%d (%s)", cols, rows, cur.Row, cur.Col, vis)
	if snap.AltScreen() {
		b.WriteString(", alt screen")
	}
	if t := snap.Title(); t != "" {
		fmt.Fprintf(&b, ", title %q", mask(t))
	}
	b.WriteString("\n")
	lines := snap.Lines()
	runs := make([][]styledRun, rows+1)
	last := len(lines)
	for r := 1; r <= rows; r++ {
		runs[r] = styledRuns(snap, r, cols)
		if len(runs[r]) > 0 {
			last = max(last, r)
		}
	}
	for r := 1; r <= last; r++ {
		fmt.Fprintf(&b, "%3d │%s\n", r, mask(snap.Line(r)))
		if r == cur.Row {
			fmt.Fprintf(&b, "    │%s^ cursor\n", strings.Repeat(" ", max(cur.Col-1, 0)))
		}
		for _, run := range runs[r] {
			text := strings.TrimRight(run.text, " ")
			n := len(run.text) - len(text)
			switch {
			case text == "":
				fmt.Fprintf(&b, "    ╰ %d blank", n)
			case n > 0:
				fmt.Fprintf(&b, "    ╰ %q +%d blank", mask(text), n)
			default:
				fmt.Fprintf(&b, "    ╰ %q", mask(text))
			}
			fmt.Fprintf(&b, ": %s\n", run.style)
		}
	}
	if last == 0 {
		b.WriteString("    │(empty)\n")
	}
	return b.String()
}

// styledRun is a stretch of one row's cells in the same style that is not
// the default.
type styledRun struct{ text, style string }

func styledRuns(snap screen.Snapshot, row, cols int) []styledRun {
	var out []styledRun
	var cur styledRun
	flush := func() {
		if cur.style != "" {
			out = append(out, cur)
		}
		cur = styledRun{}
	}
	for c := 1; c <= cols; c++ {
		cell := snap.Cell(row, c)
		if cell.Width == 0 && cell.Content == "" {
			continue // second half of a wide character
		}
		st := cell.Style()
		if st != cur.style {
			flush()
			cur.style = st
		}
		content := cell.Content
		if content == "" {
			content = " "
		}
		cur.text += content
	}
	flush()
	return out
}
