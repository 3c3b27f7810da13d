package ready

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/screen"
)

// recordedRows returns every distinct row text the recordings in
// testdata and ../recordings/agents drew, as a view reads them: the texts
// the engine's memo and prefilters see in practice.
func recordedRows(t testing.TB) []string {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.cast")
	more, _ := filepath.Glob("../recordings/agents/*.cast")
	seen := map[string]bool{}
	for _, f := range append(files, more...) {
		c, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := screen.New(c.Header.Width, c.Header.Height)
		for _, e := range c.Events {
			if e.Kind != asciicast.Output {
				continue
			}
			s.WriteAt(time.Unix(0, 0).Add(e.Time), []byte(e.Data))
			v := newView(s.Snapshot(), true)
			for _, r := range v.rows {
				seen[r] = true
			}
		}
		_ = s.Close()
	}
	return slices.Sorted(func(yield func(string) bool) {
		for r := range seen {
			if !yield(r) {
				return
			}
		}
	})
}

var prefilterSeeds = []string{
	"", "12s", "1m 05s", "3.2s", "450ms", "(esc to cancel, 1s)", "• Working (3s • esc to interrupt)",
	"12:34", "12:34:56 PM", "0:07", "✻ Thinking… (3s · ↓ 2 tokens)", "⠋ Downloading files...",
	"  0%|          | 0/10 [00:00<?, ?it/s]", "[##   ] 37%", "1.04s/it", "Loading.", "Loading..",
	"nothing to do", "ms", "s", "5", "x5s", "5 s", "5m", "│ > hello", "100%|██████████|",
}

// The prefilters run before the patterns must never turn away a text the
// pattern would match: each is a character the pattern cannot match
// without.
func FuzzPrefilters(f *testing.F) {
	for _, s := range prefilterSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkPrefilters(t, s) })
}

func TestPrefiltersOnRecordedRows(t *testing.T) {
	rows := recordedRows(t)
	if len(rows) < 100 {
		t.Fatalf("only %d distinct rows in the recordings", len(rows))
	}
	for _, s := range append(rows, prefilterSeeds...) {
		checkPrefilters(t, s)
	}
}

func checkPrefilters(t *testing.T, s string) {
	t.Helper()
	if durationToken.MatchString(s) && !mayHoldDuration(s) {
		t.Errorf("%q: durationToken matches, mayHoldDuration says no", s)
	}
	if got, want := clockMask(s), clockToken.ReplaceAllString(s, "#"); got != want {
		t.Errorf("clockMask(%q) = %q, want %q", s, got, want)
	}
	if got, want := tickShape(s), durationToken.ReplaceAllString(clockToken.ReplaceAllString(s, "#"), "#"); hasDigit(s) && got != want {
		t.Errorf("tickShape(%q) = %q, want %q", s, got, want)
	}
	if got, want := hasTick(s), clockToken.MatchString(s) || durationToken.MatchString(s); got != want {
		t.Errorf("hasTick(%q) = %v, want %v", s, got, want)
	}
	unfiltered := barSegment.ReplaceAllString(s, "[#]")
	unfiltered = digitRun.ReplaceAllString(unfiltered, "0")
	unfiltered = dotsRun.ReplaceAllString(unfiltered, "…$2")
	if got, want := progressShape(s), strings.Join(strings.Fields(unfiltered), " "); got != want {
		t.Errorf("progressShape(%q) = %q, want %q", s, got, want)
	}
	if statusWord.MatchString(s) && !(strings.Contains(s, "ing") && strings.ContainsAny(s, ".…")) {
		t.Errorf("%q: statusWord matches, its prefilter says no", s)
	}
	if barSegment.MatchString(s) && !strings.ContainsAny(s, "|[") {
		t.Errorf("%q: barSegment matches without | or [", s)
	}
}

// The memo answers as the pattern does, hands out copies, and forgets
// everything past its bound.
func TestMatchMemo(t *testing.T) {
	var mm matchMemo
	re := regexp.MustCompile(`(\w+)=(\d+)`)
	for range 2 { // the second round is answered from the memo
		for _, s := range []string{"a=1", "b=2 c=3", "none", ""} {
			if got, want := mm.matches(re, s), re.MatchString(s); got != want {
				t.Errorf("matches(%q) = %v, want %v", s, got, want)
			}
			got := mm.find(re, s)
			if want := re.FindStringSubmatch(s); !slices.Equal(got, want) {
				t.Errorf("find(%q) = %q, want %q", s, got, want)
			}
			if got != nil {
				got[1] = "changed" // the caller's copy
			}
			all := mm.findAll(re, s)
			if want := re.FindAllStringSubmatch(s, -1); len(all) != len(want) {
				t.Errorf("findAll(%q) = %q, want %q", s, all, want)
			}
			if got, want := mm.remove(re, s), re.ReplaceAllString(s, ""); got != want {
				t.Errorf("remove(%q) = %q, want %q", s, got, want)
			}
			if got, want := mm.shape(opTickShape, s, strings.ToUpper), strings.ToUpper(s); got != want {
				t.Errorf("shape(%q) = %q, want %q", s, got, want)
			}
		}
	}
	for i := range 3 * memoKept {
		mm.matches(re, strings.Repeat("x", i%50)+string(rune('a'+i%26))+strings.Repeat("y", i/1300))
		if n := len(mm.m) + len(mm.hits); n > memoKept {
			t.Fatalf("memo holds %d entries, bound %d", n, memoKept)
		}
	}
	long := strings.Repeat("a=1 ", 500)
	for i := range 1000 {
		mm.matches(re, long+strings.Repeat("b", i))
		if mm.bytes > memoBytes+len(long)+1000 {
			t.Fatalf("memo holds %d bytes of text, bound %d", mm.bytes, memoBytes)
		}
	}
}

// A view updated in place before anyone asked for its question (a blink,
// a repeat snapshot) answers with the question it showed when it was made.
func TestPromptOfAViewUpdatedInPlace(t *testing.T) {
	s := screen.New(40, 5)
	defer s.Close()
	s.WriteAt(time.Unix(1, 0), []byte("Overwrite file? [y/N] "))
	v := newView(s.Snapshot(), true)
	v.freeze()
	s.WriteAt(time.Unix(2, 0), []byte("\r\x1b[Kdone\r\n$ "))
	later := newView(s.Snapshot(), true)
	v.snap, v.rows, v.cursor, v.before, v.bottom = later.snap, later.rows, later.cursor, later.before, later.bottom
	p := v.prompt()
	if p == nil || p.Kind != PromptYesNo {
		t.Fatalf("prompt = %+v, want the y/N question the view was made with", p)
	}
	if findPrompt(later) != nil {
		t.Fatalf("the later screen has a question too; the test shows nothing")
	}
}
