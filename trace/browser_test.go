package trace_test

import (
	"context"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/trace"
)

// browserEnv turns the browser test on (make browser, which installs
// Chromium, sets it): it starts the browser some twenty times, too slow
// for every go test. With it set, a missing browser is a failure.
const browserEnv = "TTYRIG_BROWSER"

// ScreenshotDirEnv names where TestTracePageInBrowser leaves its
// screenshots (default: the test's temporary directory, removed after).
const screenshotDirEnv = "TTYRIG_SCREENSHOTS"

// chromium returns the headless browser to test with.
func chromium(t *testing.T) string {
	t.Helper()
	if os.Getenv(browserEnv) == "" {
		t.Skipf("the browser test runs with %s=1 (make browser)", browserEnv)
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatalf("no chromium on PATH; make browser installs Debian's")
	return ""
}

// runChromium runs the headless browser on url with args, bounded.
func runChromium(t *testing.T, bin, url string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	profile := t.TempDir()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--disable-crash-reporter", "--disable-breakpad",
		"--user-data-dir=" + profile, "--hide-scrollbars"}, args...)
	cmd := exec.CommandContext(ctx, bin, append(all, url)...)
	cmd.WaitDelay = 5 * time.Second
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

var (
	rowRE    = regexp.MustCompile(`<div class="row( changed)?" data-row="(\d+)">(.*?)</div>`)
	cursorRE = regexp.MustCompile(`<div class="cursor[^"]*" data-row="(\d+)" data-col="(\d+)"`)
	screenRE = regexp.MustCompile(`<div id="screen"[^>]*>`)
	attrRE   = regexp.MustCompile(`data-(time|decision|cols|rows)="(-?\d+)"`)
	tagRE    = regexp.MustCompile(`<[^>]*>`)
)

// shown is the screen a page shows, read back from the browser's DOM.
type shown struct {
	attrs   map[string]int
	rows    map[int]string // inner HTML
	changed map[int]bool
	cursor  string // "row,col" or ""
}

func readDOM(t *testing.T, dom string) shown {
	t.Helper()
	s := shown{attrs: map[string]int{}, rows: map[int]string{}, changed: map[int]bool{}}
	tag := screenRE.FindString(dom)
	if tag == "" {
		t.Fatalf("no screen in the page's DOM:\n%s", dom[:min(len(dom), 3000)])
	}
	for _, m := range attrRE.FindAllStringSubmatch(tag, -1) {
		s.attrs[m[1]], _ = strconv.Atoi(m[2])
	}
	for _, m := range rowRE.FindAllStringSubmatch(dom, -1) {
		r, _ := strconv.Atoi(m[2])
		s.rows[r] = m[3]
		s.changed[r] = m[1] != ""
	}
	if m := cursorRE.FindStringSubmatch(dom); m != nil {
		s.cursor = m[1] + "," + m[2]
	}
	return s
}

// textOf is what a row's HTML reads as.
func textOf(h string) string { return html.UnescapeString(tagRE.ReplaceAllString(h, "")) }

// sameAs reports how the shown screen differs from snap, "" if it does not.
func (s shown) sameAs(snap screen.Snapshot) string {
	cols, rows := snap.Size()
	if s.attrs["cols"] != cols || s.attrs["rows"] != rows || len(s.rows) != rows {
		return fmt.Sprintf("page shows %dx%d (%d rows), replay %dx%d", s.attrs["cols"], s.attrs["rows"], len(s.rows), cols, rows)
	}
	for r := 1; r <= rows; r++ {
		got, want := strings.TrimRight(textOf(s.rows[r]), " "), strings.TrimRight(snap.Row(r), " ")
		if got != want {
			return fmt.Sprintf("row %d reads %q on the page, %q in the replay", r, got, want)
		}
		// The browser serialises what it parsed: the same markup, with
		// quotes in text no longer escaped and U+00A0 as &nbsp;.
		wantHTML := strings.NewReplacer("&#34;", `"`, "&#39;", "'").Replace(picture.RowHTML(snap, r))
		if strings.ReplaceAll(s.rows[r], "&nbsp;", "\u00a0") != wantHTML {
			return fmt.Sprintf("row %d styled differently:\npage:   %s\nreplay: %s", r, s.rows[r], wantHTML)
		}
	}
	want := ""
	if snap.CursorVisible() {
		want = snap.Cursor().String()
	}
	if s.cursor != want {
		return fmt.Sprintf("cursor at %q on the page, %q in the replay", s.cursor, want)
	}
	return ""
}

// TestTracePageInBrowser loads trace pages in headless Chromium, moves to
// every decision and to the moment of every event through the address,
// and checks that the screen the page draws is the replay's screen there;
// it takes a screenshot of each page.
func TestTracePageInBrowser(t *testing.T) {
	bin := chromium(t)
	shots := os.Getenv(screenshotDirEnv)
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		"../recordings/agents/claude-approval.cast",    // colours, a question, a sync-updated UI
		"../recordings/testdata/corpus/spinner.cast",   // a busy spinner
		"../asciicast/testdata/asciinema-v2.cast",      // asciinema's own example, with a resize and a marker
		"../recordings/agents/gemini-trust-burst.cast", // alt screen
		"../recordings/testdata/corpus/agent-permission.cast",
	} {
		name := strings.TrimSuffix(filepath.Base(path), ".cast")
		t.Run(name, func(t *testing.T) {
			cast, err := asciicast.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			page := filepath.Join(t.TempDir(), name+".html")
			if err := trace.WriteFile(page, cast); err != nil {
				t.Fatal(err)
			}
			url := "file://" + page

			rep, err := recordings.Replay(cast)
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			var snaps []screen.Snapshot
			for _, snap := range rep.Transitions() {
				snaps = append(snaps, snap)
			}
			if len(snaps) < 2 {
				t.Fatalf("%d decisions in %s", len(snaps), path)
			}
			at, err := recordings.Replay(cast)
			if err != nil {
				t.Fatal(err)
			}
			defer at.Close()

			// A page opened at an address naming a decision shows it.
			s := readDOM(t, runChromium(t, bin, url+"#d=2", "--dump-dom"))
			if s.attrs["decision"] != 2 {
				t.Fatalf("#d=2: page selected decision %d", s.attrs["decision"])
			}
			if diff := s.sameAs(snaps[1]); diff != "" {
				t.Errorf("opened at decision 2: %s", diff)
			}

			// Then, in one open page, every decision (#d=N) and the
			// moment of every event and a little after (#t=SECONDS).
			p := openPage(t, bin, url)
			for i, snap := range snaps {
				s := p.goTo(fmt.Sprintf("#d=%d", i+1))
				if s.attrs["decision"] != i+1 {
					t.Fatalf("#d=%d: page selected decision %d", i+1, s.attrs["decision"])
				}
				if diff := s.sameAs(snap); diff != "" {
					t.Errorf("decision %d: %s", i+1, diff)
				}
			}
			var times []time.Duration
			for _, e := range cast.Events {
				times = append(times, e.Time, e.Time+time.Millisecond)
			}
			for _, d := range times {
				d = min(d.Truncate(time.Microsecond), cast.Duration())
				s := p.goTo(fmt.Sprintf("#t=%.6f", d.Seconds()))
				if s.attrs["time"] != int(d.Microseconds()) || s.attrs["decision"] != 0 {
					t.Fatalf("#t=%.6f: page is at %dµs, decision %d", d.Seconds(), s.attrs["time"], s.attrs["decision"])
				}
				if diff := s.sameAs(at.At(d)); diff != "" {
					t.Errorf("at +%.6fs: %s", d.Seconds(), diff)
				}
			}

			png := filepath.Join(shots, name+".png")
			runChromium(t, bin, url+"#d=2", "--screenshot="+png, "--window-size=1400,900")
			if st, err := os.Stat(png); err != nil || st.Size() < 10_000 {
				t.Errorf("screenshot %s missing or blank (%v)", png, err)
			}
		})
	}
}
