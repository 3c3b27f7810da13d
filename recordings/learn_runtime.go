package recordings

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/ready"
)

// RuntimeCheck is a runtime's profile learnt from every marked recording
// of it, with the leave-one-out check beside generic and, for a runtime
// with a built-in profile, the hand-made one.
type RuntimeCheck struct {
	Runtime  string
	Learned  *Learned
	HeldOut  []HeldOut
	Recorded []string // the marked recordings used
	Skipped  []string // recordings without markers, with what they lack
}

// LearnRuntime learns the profile of one runtime from the recordings in
// dir named RUNTIME-*.cast that carry ready and busy markers (the
// convention of recordings/agents), and checks it leaving one recording
// out at a time. Unmarked recordings are skipped and listed.
func LearnRuntime(dir, runtime string, opts ...LearnOption) (*RuntimeCheck, error) {
	paths, err := filepath.Glob(filepath.Join(dir, runtime+"-*.cast"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	rc := &RuntimeCheck{Runtime: runtime}
	var recs []Marked
	for _, p := range paths {
		c, err := asciicast.ReadFile(p)
		if err != nil {
			return nil, err
		}
		m := Marked{Name: baseName(p), Cast: c}
		if err := checkMarked(m.Name, c); err != nil {
			rc.Skipped = append(rc.Skipped, m.Name)
			continue
		}
		recs = append(recs, m)
		rc.Recorded = append(rc.Recorded, m.Name)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("recordings: no marked recordings %s-*.cast in %s", runtime, dir)
	}
	var hand *ready.Profile
	if p, err := ready.Lookup(runtime); err == nil {
		hand = &p
	}
	if rc.Learned, rc.HeldOut, err = LearnAndCheck(runtime+"-learnt", recs, hand, opts...); err != nil {
		return nil, err
	}
	return rc, nil
}

// Runtimes returns the runtimes that have at least min recordings with
// ready and busy markers in dir, by the RUNTIME-*.cast convention.
func Runtimes(dir string, min int) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*-*.cast"))
	if err != nil {
		return nil, err
	}
	count := map[string]int{}
	for _, p := range paths {
		c, err := asciicast.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if checkMarked(p, c) == nil {
			count[strings.SplitN(filepath.Base(p), "-", 2)[0]]++
		}
	}
	var out []string
	for r, n := range count {
		if n >= min {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out, nil
}

// WriteRuntimeCheck renders a runtime's check: the recordings used and
// skipped, the rules, and the leave-one-out table.
func WriteRuntimeCheck(w io.Writer, rc *RuntimeCheck) error {
	fmt.Fprintf(w, "runtime %s: learnt from %s\n", rc.Runtime, strings.Join(rc.Recorded, ", "))
	if len(rc.Skipped) > 0 {
		fmt.Fprintf(w, "skipped (no ready/busy markers): %s\n", strings.Join(rc.Skipped, ", "))
	}
	fmt.Fprintln(w, "\nrules:")
	if err := WriteRules(w, rc.Learned.Rules); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nleave-one-out (early / missed / p50 on the held-out recording):")
	return WriteHeldOut(w, rc.HeldOut)
}
