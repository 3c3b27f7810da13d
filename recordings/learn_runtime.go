package recordings

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

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
	if err := WriteHeldOut(w, rc.HeldOut); err != nil {
		return err
	}
	hand, err := ready.Lookup(rc.Runtime)
	if err != nil {
		return nil // no hand-made profile to set beside it
	}
	fmt.Fprintf(w, "\nbeside the hand-made profile %q:\n", hand.Name)
	if err := writeProfiles(w, rc.Learned.Profile, hand); err != nil {
		return err
	}
	fmt.Fprintf(w, "\non held-out recordings: %s\n", compareHand(rc.HeldOut))
	fmt.Fprintf(w, "kept: %s\n", kept(rc, hand))
	return nil
}

// kept says which profile the runtime keeps: the hand-made one stays
// built in while it knows what the marked recordings cannot teach (question
// markers from unmarked approval sessions, start-up and restart signals);
// the learnt one is shipped beside it as data either way.
func kept(rc *RuntimeCheck, hand ready.Profile) string {
	var more []string
	if n := len(hand.Question); n > len(rc.Learned.Profile.Question) {
		more = append(more, fmt.Sprintf("%d question marker(s)", n))
	}
	have := map[string]bool{}
	for _, s := range rc.Learned.Profile.Signals {
		have[s.Name] = true
	}
	for _, s := range hand.Signals {
		if !have[s.Name] {
			more = append(more, "signal "+s.Name)
		}
	}
	if len(more) > 0 {
		return fmt.Sprintf("the hand-made %q stays built in: it also has %s, which the marked recordings do not teach; the learnt profile ships beside it as %s.learnt.json",
			hand.Name, strings.Join(more, ", "), rc.Runtime)
	}
	for _, r := range rc.HeldOut {
		if r.Hand != nil && r.Learned.worse(*r.Hand) {
			return fmt.Sprintf("the hand-made %q: the learnt one is worse on %s", hand.Name, r.Recording)
		}
	}
	return fmt.Sprintf("the learnt profile (%s.learnt.json): never worse than the hand-made %q on held-out recordings", rc.Runtime, hand.Name)
}

// writeProfiles sets two profiles' fields side by side.
func writeProfiles(w io.Writer, a, b ready.Profile) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "field\t%s\t%s\n", a.Name, b.Name)
	row := func(field string, x, y any) { fmt.Fprintf(tw, "%s\t%v\t%v\n", field, x, y) }
	row("cursor", fmt.Sprintf("%+v", a.Cursor), fmt.Sprintf("%+v", b.Cursor))
	row("quiet / settle / silence", fmt.Sprintf("%v / %v / %v", a.Quiet, a.Settle, a.Silence), fmt.Sprintf("%v / %v / %v", b.Quiet, b.Settle, b.Silence))
	lists := []struct {
		field string
		x, y  []ready.Marker
	}{{"busy", a.Busy, b.Busy}, {"idle", a.Idle, b.Idle}, {"question", a.Question, b.Question}}
	for _, l := range lists {
		for i := range max(len(l.x), len(l.y)) {
			row(l.field, markerCell(l.x, i), markerCell(l.y, i))
		}
	}
	row("signals", signalNames(a.Signals), signalNames(b.Signals))
	return tw.Flush()
}

func markerCell(ms []ready.Marker, i int) string {
	if i >= len(ms) {
		return ""
	}
	m := ms[i]
	s := fmt.Sprintf("%s (%s)", m.Pattern, m.Region)
	if m.Fresh > 0 {
		s += " fresh " + m.Fresh.String()
	}
	return s
}

func signalNames(specs []ready.SignalSpec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// compareHand says which profile did better on the held-out recordings.
func compareHand(rows []HeldOut) string {
	var better, worse []string
	for _, r := range rows {
		if r.Hand == nil {
			return "no hand-made profile"
		}
		switch {
		case r.Learned.worse(*r.Hand):
			worse = append(worse, r.Recording)
		case r.Hand.worse(r.Learned):
			better = append(better, r.Recording)
		}
	}
	switch {
	case len(worse) > 0 && len(better) > 0:
		return fmt.Sprintf("learnt better on %s, hand-made better on %s", strings.Join(better, ", "), strings.Join(worse, ", "))
	case len(worse) > 0:
		return "hand-made better on " + strings.Join(worse, ", ") + ", never worse"
	case len(better) > 0:
		return "learnt better on " + strings.Join(better, ", ") + ", never worse"
	}
	return "learnt and hand-made equal (within 10 ms at the median, never early, never missed)"
}
