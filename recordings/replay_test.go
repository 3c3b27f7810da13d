package recordings_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

func corpusFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"testdata/corpus/*.cast", "agents/*.cast"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no recordings in testdata/corpus: run go test ./recordings -run TestMakeCorpus -regen")
	}
	return files
}

func name(path string) string { return strings.TrimSuffix(filepath.Base(path), ".cast") }

// Replay is deterministic: the same recording gives the same timeline and
// final screen on every run.
func TestReplayIsDeterministic(t *testing.T) {
	t.Parallel()
	for _, f := range corpusFiles(t) {
		replay := func() ([]ready.Transition, string) {
			rep, err := recordings.ReplayFile(f)
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			tl := rep.Run()
			return tl, rep.Snapshot().String()
		}
		tl1, s1 := replay()
		tl2, s2 := replay()
		if d := cmp.Diff(tl1, tl2); d != "" {
			t.Errorf("%s: timelines differ (-first +second):\n%s", f, d)
		}
		if s1 != s2 {
			t.Errorf("%s: final screens differ", f)
		}
		if len(tl1) < 2 {
			t.Errorf("%s: replay decided nothing: %v", f, tl1)
		}
	}
}

// The calibration table of the whole corpus is a golden file, and the
// engine is never early on any recording with ground truth.
func TestCalibrationGolden(t *testing.T) {
	t.Parallel()
	var cals []*recordings.Calibration
	for _, f := range corpusFiles(t) {
		c, err := asciicast.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cal, err := recordings.Calibrate(name(f), c)
		if err != nil {
			t.Fatal(err)
		}
		if cal.Premature != 0 {
			t.Errorf("%s: %d premature ready decisions", f, cal.Premature)
		}
		if cal.Turns > 0 && cal.Missed != 0 {
			t.Errorf("%s: %d of %d ground-truth ready moments never declared", f, cal.Missed, cal.Turns)
		}
		cals = append(cals, cal)
	}
	var txt, js bytes.Buffer
	if err := recordings.WriteTable(&txt, cals); err != nil {
		t.Fatal(err)
	}
	if err := recordings.WriteJSON(&js, cals); err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("testdata/golden"), goldie.WithNameSuffix(""))
	g.Assert(t, "calibration.txt", txt.Bytes())
	g.Assert(t, "calibration.json", js.Bytes())
}

// The test API works on replays: an expectation waits on the replay's
// screen as the replay advances.
func TestExpectOnReplay(t *testing.T) {
	rep, err := recordings.ReplayFile("testdata/corpus/agent-two-turns.cast")
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	if got := rep.At(0).Text(); strings.Contains(got, "● say hi") {
		t.Fatalf("the answer is on screen at the start:\n%s", got)
	}
	snap := rep.At(rep.Offset() + 30*time.Second)
	if err := expect.Contains("● say hi").Check(snap); err != nil {
		t.Error(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := expect.Wait(ctx, rep, expect.Contains("● and again")); err != nil {
		t.Error(err)
	}
}

func TestStepVisitsEveryTransition(t *testing.T) {
	rep, err := recordings.ReplayFile("testdata/corpus/osc133.cast")
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	var stepped []ready.State
	for {
		tr, _, ok := rep.Step()
		if !ok {
			break
		}
		stepped = append(stepped, tr.State)
	}
	var all []ready.State
	for _, tr := range rep.Timeline() {
		all = append(all, tr.State)
	}
	if d := cmp.Diff(all, stepped); d != "" || len(all) == 0 {
		t.Errorf("Step saw (-timeline +stepped):\n%s", d)
	}
}

// Transitions yields each transition once, with the screen at that moment,
// and the screens are the ones At shows at the same offsets.
func TestTransitionsCarryTheirScreens(t *testing.T) {
	rep, err := recordings.ReplayFile("testdata/corpus/agent-two-turns.cast")
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	type seen struct {
		tr   ready.Transition
		text string
	}
	var got []seen
	for tr, snap := range rep.Transitions() {
		got = append(got, seen{tr, snap.Text()})
	}
	if d := cmp.Diff(rep.Timeline(), func() []ready.Transition {
		var trs []ready.Transition
		for _, s := range got {
			trs = append(trs, s.tr)
		}
		return trs
	}()); d != "" {
		t.Fatalf("Transitions differ from the timeline (-timeline +yielded):\n%s", d)
	}
	var readies int
	for _, s := range got {
		if s.tr.State != ready.Ready {
			continue
		}
		readies++
		// A fresh replay moved to the same moment shows the same screen.
		again, err := recordings.ReplayFile("testdata/corpus/agent-two-turns.cast")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(s.text, again.At(s.tr.Time.Sub(again.Start())).Text()); d != "" {
			t.Errorf("screen at the ready of %v differs from At (-yielded +At):\n%s", s.tr.Time.Sub(rep.Start()), d)
		}
		again.Close()
	}
	if readies < 2 {
		t.Errorf("want at least the two turns' ready transitions, got %d in %v", readies, rep.Timeline())
	}
}

// StopAt ends the replay early: later events never reach the screen and
// Done is closed at the stop.
func TestStopAt(t *testing.T) {
	full, err := recordings.ReplayFile("testdata/corpus/agent-two-turns.cast")
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	var firstReady time.Duration
	for _, tr := range full.Run() {
		if tr.State == ready.Ready {
			firstReady = tr.Time.Sub(full.Start())
			break
		}
	}
	if firstReady == 0 {
		t.Fatal("no ready in the recording")
	}
	if !strings.Contains(full.Snapshot().Text(), "● and again") {
		t.Fatalf("the full replay lacks the second answer:\n%s", full.Snapshot())
	}

	rep, err := recordings.ReplayFile("testdata/corpus/agent-two-turns.cast", recordings.StopAt(firstReady))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	tl := rep.Run()
	if got := rep.End(); got != firstReady {
		t.Errorf("End() = %v, want the stop %v", got, firstReady)
	}
	select {
	case <-rep.Done():
	default:
		t.Error("Done not closed after Run reached the stop")
	}
	if last := tl[len(tl)-1]; last.State != ready.Ready || last.Time.Sub(rep.Start()) != firstReady {
		t.Errorf("timeline ends with %v at %v, want ready at %v", last.State, last.Time.Sub(rep.Start()), firstReady)
	}
	if text := rep.Snapshot().Text(); strings.Contains(text, "● and again") {
		t.Errorf("an event after the stop reached the screen:\n%s", text)
	}
}

// A wait on a replay plays it forward only as far as its condition needs.
func TestWaitStopsWhereTheConditionHolds(t *testing.T) {
	rep, err := recordings.ReplayFile("testdata/corpus/agent-two-turns.cast")
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := expect.Wait(ctx, rep, expect.Contains("● say hi")); err != nil {
		t.Fatal(err)
	}
	at := rep.Offset()
	if at >= rep.End() {
		t.Fatalf("the wait played to the end (%v of %v)", at, rep.End())
	}
	if strings.Contains(rep.Snapshot().Text(), "● and again") {
		t.Errorf("the wait played past the first answer into the second turn (at %v)", at)
	}
	// The moment before, the answer was not there yet: the wait stopped at
	// the first step that showed it, not some later one.
	if text := rep.At(at - 10*time.Millisecond).Text(); strings.Contains(text, "● say hi") {
		t.Errorf("the answer was already on screen 10 ms before the wait returned at %v", at)
	}
}

// The profile is inferred from the header's command read back as the argv
// termtest wrote, quoting and all: a path with a space still names the
// program.
func TestReplayInfersProfileFromQuotedCommand(t *testing.T) {
	for _, c := range []struct {
		command string
		want    string
	}{
		{asciicast.JoinCommand([]string{"/opt/my tools/claude", "--resume"}), "claude"},
		{asciicast.JoinCommand([]string{"node", "/srv/a b/codex"}), "codex"},
		{"gemini -m flash", "gemini"}, // an older recording's unquoted line
		{"bash", "generic"},
	} {
		cast := &asciicast.Cast{Header: asciicast.Header{Width: 80, Height: 24, Command: c.command}}
		rep, err := recordings.Replay(cast)
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.Profile().Name; got != c.want {
			t.Errorf("command %s: profile %q, want %q", c.command, got, c.want)
		}
		rep.Close()
	}
}
