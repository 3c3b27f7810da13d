package expect

import "testing"

// The pattern kept for a text is the one blankTails makes for it, made
// once: a second Contains of the same text gets the same Regexp; a text
// with no trailing space keeps nil.
func TestBlankPatternKept(t *testing.T) {
	for _, s := range []string{"$ ", "choose> ", "a \nb", "no tail", "x  \n  y  "} {
		first := blankPattern(s)
		want := blankTails(s)
		if (first == nil) != (want == nil) || first != nil && first.String() != want.String() {
			t.Errorf("blankPattern(%q) = %v, want %v", s, first, want)
		}
		if again := blankPattern(s); again != first {
			t.Errorf("blankPattern(%q) made a second pattern", s)
		}
	}
}
