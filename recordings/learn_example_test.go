package recordings_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ttyrig/ttyrig/recordings"
)

// Learn a profile from marked recordings of one program, see how it fares
// on recordings it did not learn from, and write it where tests load it.
func ExampleLearnAndCheck() {
	recs, err := recordings.ReadMarked(
		"agents/codex-two-turns.cast",
		"agents/codex-notify.cast",
		"agents/codex-long-session.cast",
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	learnt, heldOut, err := recordings.LearnAndCheck("codex-mine", recs, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range learnt.Rules {
		if r.Kept && r.Field == "busy" {
			fmt.Printf("busy %s, %d of %d turns\n", r.Value, r.Turns, r.Of)
		}
	}
	for _, h := range heldOut {
		fmt.Printf("%s: %d early, %d missed, p50 %v\n", h.Recording, h.Learned.Premature, h.Learned.Missed, h.Learned.P50)
	}
	dir, err := os.MkdirTemp("", "calibration")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	if err := learnt.Save(filepath.Join(dir, "codex-mine.json")); err != nil {
		fmt.Println(err)
	}
	// Output:
	// busy ^[\s│┃|]*[•]\s+Working\b (last_lines:9), 9 of 9 turns
	// busy esc\s+to\s+interrupt (last_lines:9), 9 of 9 turns
	// busy ^[\x{2800}-\x{28FF}] (title), 9 of 9 turns
	// codex-two-turns: 0 early, 0 missed, p50 150ms
	// codex-notify: 0 early, 0 missed, p50 50ms
	// codex-long-session: 0 early, 0 missed, p50 50ms
}
