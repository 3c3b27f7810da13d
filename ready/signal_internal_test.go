package ready

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The package doc lists the signals in the order the engine asks them.
func TestDocListsSignalsInOrder(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for _, m := range regexp.MustCompile(`(?m)^//\s+\d+\.\s+([a-z-]+)`).FindAllStringSubmatch(string(src), -1) {
		doc = append(doc, m[1])
	}
	var code []signalKind
	for _, k := range kinds {
		code = append(code, k)
	}
	slices.SortFunc(code, func(a, b signalKind) int { return a.rank - b.rank })
	var names []string
	for _, k := range code {
		names = append(names, k.name)
	}
	if strings.Join(doc, " ") != strings.Join(names, " ") {
		t.Errorf("doc.go lists\n  %s\nthe engine asks\n  %s", strings.Join(doc, " "), strings.Join(names, " "))
	}
}

// countingSignal notes the events it is shown and votes busy until it has
// seen an Input: an observer, as the kernel's view will be.
type countingSignal struct{ kinds []EventKind }

func (c *countingSignal) seen(*facts)                {}
func (c *countingSignal) observe(_ *facts, ev Event) { c.kinds = append(c.kinds, ev.Kind) }
func (c *countingSignal) vote(*facts, time.Time) vote {
	if !slices.Contains(c.kinds, Input) {
		return hold(SignalOutput, "no input seen")
	}
	return vote{}
}

// A signal that observes events gets every one, screen or not, before the
// vote: adding such a signal is adding it to the list.
func TestObserverSignalSeesEveryEvent(t *testing.T) {
	e, err := NewEngine(Generic())
	if err != nil {
		t.Fatal(err)
	}
	c := &countingSignal{}
	e.signals = append([]signal{c}, e.signals...)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	e.Observe(Event{Time: t0, Kind: Output, Data: []byte("x")})
	e.Observe(Event{Time: t0.Add(time.Second), Kind: Resize})
	if got := e.Status(); got.Reason != "no input seen" {
		t.Errorf("status %v, want the observer's vote", got)
	}
	e.Observe(Event{Time: t0.Add(2 * time.Second), Kind: Input, Data: []byte("\r")})
	if !slices.Equal(c.kinds, []EventKind{Output, Resize, Input}) {
		t.Errorf("observer saw %v, want output, resize, input", c.kinds)
	}
	if got := e.Status(); got.Reason == "no input seen" {
		t.Errorf("status %v: the observer still holds after the input", got)
	}
}
