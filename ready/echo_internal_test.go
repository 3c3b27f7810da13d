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

// showsOnlyTyped: the keys or blanks, drawn where text was, in one of the
// rows changed; never a change of colours alone, nor text of the
// program's own.
func TestShowsOnlyTyped(t *testing.T) {
	rows := func(r ...string) *view { return &view{rows: r} }
	for _, c := range []struct {
		name     string
		old, cur *view
		typed    string
		want     bool
	}{
		{"vifm's pending key", rows("", "1 directory created          2/6"), rows("", "                      d      2/6"), "dd", true},
		{"a message cleared at a key", rows("saved", "x"), rows("", "x"), "", true},
		{"the start of a command", rows("-- INSERT --"), rows(":"), ":w", true},
		{"colours alone", rows("  Save    Quit"), rows("  Save    Quit"), "", false},
		{"a clock's tick", rows("12:00:01"), rows("12:00:02"), "j", false},
		// A tick that happens to show the key typed is taken for it: the
		// frame waits its quiet window, never less.
		{"a tick that shows the key", rows("12:00:01"), rows("12:00:02"), "2", true},
		{"text of its own after the keys", rows("1 directory created"), rows("d  deleting"), "dd", false},
		{"not the start of the keys", rows("ready"), rows("d"), "xd", false},
	} {
		if got := showsOnlyTyped(c.old, c.cur, []int{1, 2}[:len(c.cur.rows)], c.typed); got != c.want {
			t.Errorf("%s: showsOnlyTyped(%q, %q, typed %q) = %v, want %v", c.name, c.old.rows, c.cur.rows, c.typed, got, c.want)
		}
	}
}
