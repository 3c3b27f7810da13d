package ready

import "testing"

func TestTypedTextLeavesOutKeysWithNoText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"dd", "dd"},
		{":mkdir build\r", ":mkdir build"},
		{"\t", ""},
		{"\x1b[A\x1b[1;5Cy", "y"}, // arrows, with a modifier
		{"\x1bOPq", "q"},          // SS3: F1
		{"\x1bx", ""},             // Alt-x
		{"héllo\x7f", "héllo"},
		{"\x1b[", ""}, // cut short
	} {
		if got := typedText([]byte(c.in)); got != c.want {
			t.Errorf("typedText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// written returns the new text from the first character that differs to
// the last; echoesTyped trims its blanks.
func TestWrittenIsTheSpanThatDiffers(t *testing.T) {
	for _, c := range []struct{ old, cur, want string }{
		// vifm: the message erased, the pending key drawn at the right
		{"1 directory created          2/6", "                      d      2/6", "                      d"},
		{"[Save]  Quit", " Save  [Quit]", " Save  [Quit]"},
		{"same", "same", ""},
		{"ab", "abc", "c"},
	} {
		if got := written(c.old, c.cur); got != c.want {
			t.Errorf("written(%q, %q) = %q, want %q", c.old, c.cur, got, c.want)
		}
	}
}
