package termtest

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/screen"
)

// goldenStableFor is how long the screen must stay unchanged before it is
// compared with (or saved as) a golden screen, so a half-drawn frame is
// never saved.
const goldenStableFor = 300 * time.Millisecond

// ToMatchGolden waits until the screen is stable (no change for 300 ms, no
// synchronized update open) and equal to the golden file
// testdata/<name>.golden of the calling package, up to the terminal's
// timeout; a mismatch shows a diff (-want +got). With `go test -update` it
// waits for a stable screen and writes it as the golden file instead.
//
// Stability cannot tell a program that pauses mid-draw (starting up,
// waiting on the network) from one that is done, so before -update first
// wait for what the screen is meant to show (ToContain, WaitForReady).
//
// The file holds the screen as Snapshot.String renders it: the size, cursor
// and title, each line numbered, and a caret under the cursor. It applies to
// the whole screen, so it cannot follow Line, Row, Region or Not.
func (s *ScreenAssertion) ToMatchGolden(name string) {
	s.tb.Helper()
	if s.narrowed {
		s.tb.Fatalf("termtest: ToMatchGolden(%q) compares the whole screen; call it on ExpectScreen() itself, not after Line, Row, Region or Not", name)
	}
	g := goldie.New(s.tb)
	path := g.GoldenFileName(s.tb, name)
	cond := &goldenCondition{path: path, update: updatingGoldens(), stable: expect.Screen(nil).ToBeStable(goldenStableFor)}
	if !cond.update {
		want, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			s.tb.Fatalf("termtest: golden file %s does not exist; run the test with -update to create it from the screen once stable. The screen now:\n%s",
				path, s.term.Screen())
		}
		if err != nil {
			s.tb.Fatalf("termtest: reading golden file: %v", err)
		}
		cond.want = string(want)
	}
	if err := s.a.ToSatisfy(cond).Wait(context.Background()); err != nil {
		if !cond.update && cond.seen != nil {
			if pic, perr := keepGoldenPicture(s.tb, path, cond.want, *cond.seen); perr == nil {
				err = fmt.Errorf("%w\nwant and got side by side: %s", err, pic)
			}
		}
		s.tb.Fatalf("%v", err)
	}
	if cond.update {
		if err := g.Update(s.tb, name, []byte(cond.last.String())); err != nil {
			s.tb.Fatalf("termtest: writing golden file %s: %v", path, err)
		}
		s.tb.Logf("termtest: wrote golden file %s", path)
	}
}

// updatingGoldens reports whether the test runs with -update (goldie's
// flag, also set by GOLDIE_UPDATE=1).
func updatingGoldens() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// goldenCondition holds when the screen is stable and, unless updating,
// renders exactly as the golden file. It keeps the snapshot that satisfied
// it, which is the one an update saves.
type goldenCondition struct {
	path   string
	want   string
	update bool
	stable *expect.Expectation
	last   screen.Snapshot
	seen   *screen.Snapshot // the last screen checked, for the picture of a mismatch
}

func (g *goldenCondition) String() string {
	if g.update {
		return fmt.Sprintf("the screen is stable for %v, to be saved as %s", goldenStableFor, g.path)
	}
	return fmt.Sprintf("the screen, once stable for %v, matches %s", goldenStableFor, g.path)
}

func (g *goldenCondition) Check(snap screen.Snapshot) error {
	_, err := g.CheckAt(snap, time.Now())
	return err
}

func (g *goldenCondition) CheckAt(snap screen.Snapshot, now time.Time) (time.Time, error) {
	g.seen = &snap
	if recheck, err := g.stable.CheckAt(snap, now); err != nil {
		return recheck, err
	}
	if got := snap.String(); !g.update && got != g.want {
		return time.Time{}, fmt.Errorf("the stable screen differs from %s (-want +got):\n%s",
			g.path, cmp.Diff(strings.Split(g.want, "\n"), strings.Split(got, "\n")))
	}
	g.last = snap
	return time.Time{}, nil
}
