package ready_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

// A full-screen program that says what it does at the right end of its
// status row ("30% loading…", "94% sorting…", "99% writing…") works while
// it says so, though nothing else moves: visidata (corpus, round 9, its
// first recording, kept as testdata/visidata-first.cast since the corpus
// was recorded again with the strace truth of round 10) loads, sorts and saves 100 000 rows
// in threads, and the engine called its still frame ready after 150 ms in
// each (4 premature). Yet the program goes on taking input beside such a
// word — a prompt drawn into the same row, a window drawn elsewhere — and
// those turns must stay ready.
func TestStatusWordEndingTheRowHoldsUntilTheProgramMovesOn(t *testing.T) {
	trs, at, timeline := replayCast(t, filepath.Join("testdata", "visidata-first.cast"))
	waitingIn := func(from, to time.Duration) bool {
		for i, tr := range trs {
			if tr.State.Waiting() && at[i] >= from && at[i] < to {
				return true
			}
		}
		return false
	}
	// Busy by the truth: the rows still loading ("30% loading…", up to its
	// first ready at 2.750 s), the sort ("94% sorting…", from "]" at
	// 3.320 s to ^S at 3.798 s), the save ("99% writing…", from "y" at
	// 5.700 s to the exit).
	for _, busy := range []struct {
		what     string
		from, to time.Duration
	}{
		{"loading", 1500 * time.Millisecond, 2750 * time.Millisecond},
		{"sorting", 3321 * time.Millisecond, 3798 * time.Millisecond},
		{"writing", 5701 * time.Millisecond, 6050 * time.Millisecond},
	} {
		if waitingIn(busy.from, busy.to) {
			t.Errorf("waiting while %s (%v to %v):\n%s", busy.what, busy.from, busy.to, timeline)
		}
	}
	// Ready by the truth, the status word still on its row: the save
	// prompt drawn into it (truth 4.013 s, Enter typed at 4.043 s), the
	// overwrite window drawn above it (truth 5.667 s, "y" at 5.700 s).
	for _, waits := range []struct {
		what     string
		from, to time.Duration
	}{
		{"the save prompt", 4013 * time.Millisecond, 4043 * time.Millisecond},
		{"the overwrite window", 5667 * time.Millisecond, 5700 * time.Millisecond},
	} {
		if !waitingIn(waits.from, waits.to) {
			t.Errorf("not waiting at %s (%v to %v):\n%s", waits.what, waits.from, waits.to, timeline)
		}
	}
}

// The same sort in a live run on a loaded machine (kept as
// testdata/visidata-sort-under-load.cast, its truth from strace): the sort
// took 4.2 s, and visidata drew "94% sorting…" with the refresh that
// answered "]" and ticked its counter first 437 ms later. The word drawn
// with that refresh counts (tailAnswersInput): without it the engine was
// ready at 7.654 s, 400 ms into the sort, when the kernel's hold let go.
func TestStatusWordEndingTheRowInTheRefreshAnsweringInput(t *testing.T) {
	cast, err := asciicast.ReadFile(filepath.Join("testdata", "visidata-sort-under-load.cast"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime("generic"))
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	const sortFrom, sortTo = 7084 * time.Millisecond, 11235 * time.Millisecond // "]" typed; the truth's next ready
	ready := time.Duration(-1)
	for _, tr := range rep.Run() {
		at := tr.Time.Sub(rep.Start())
		if tr.State.Waiting() && at > sortFrom && at < sortTo {
			t.Errorf("waiting at %v while sorting (%v to %v): %s", at, sortFrom, sortTo, tr.Reason)
		}
		if tr.State.Waiting() && at >= sortTo && ready < 0 {
			ready = at
		}
	}
	if ready < 0 || ready-sortTo > 500*time.Millisecond {
		t.Errorf("ready %v after the sort ended at %v, want within 500ms", ready, sortTo)
	}
}
