package ready

import (
	"slices"
	"testing"
)

// The perceptions run in the order their dependencies need: the change
// part makes the view every later part reads; the excursion, blink and clock end the
// look before anything is stamped; the clock reads the busy rows as they
// were before this change, the busy part the rows' new times, the
// animation part the busy rows just classified; the reaction comes last,
// after every part that may end the look. Each engine holds parts of its
// own.
func TestPerceptionsInOrder(t *testing.T) {
	want := []string{"sync", "writes", "change", "excursion", "blink", "clock", "drawn", "rows", "busy", "title", "animation", "reaction"}
	var got []string
	for _, k := range perceptions {
		got = append(got, k.name)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("perceptions in order %v, want %v", got, want)
	}
	a, err := NewEngine(Generic())
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewEngine(Generic())
	if err != nil {
		t.Fatal(err)
	}
	if len(a.f.parts) != len(want) {
		t.Fatalf("an engine holds %d parts, want %d", len(a.f.parts), len(want))
	}
	for i := range a.f.parts {
		if a.f.parts[i] == b.f.parts[i] {
			t.Errorf("part %s is shared by two engines", want[i])
		}
	}
}
