package ready

import (
	"slices"
	"strings"
	"unicode"
)

// Keys taken, not a frame. A full-screen program's frame is still once its
// solid changes stop, and a change that only repaints a region seen
// changing moments before is a repeat frame, not a solid change
// (perceive_animation.go): a clock's tick, a counter, a spinner. The first
// change after input that draws nothing of its own, only (the start of)
// the keys typed or blanks where text was, is neither: it is the program
// taking the keys (a pending key shown, the last message cleared at the
// next key), and what it does with them may follow. vifm shows the first
// "d" of "dd" in its status row and erases the message there in one write,
// and draws its "Deletion" window only after it reads the second "d". So
// that change is solid, and the quiet window starts over from it. A
// change of colours alone (focus moved between buttons) draws no text and
// stays a repeat frame.

// typedText returns the text a program could show back of input data:
// its printable characters, with control characters and escape sequences
// (arrows, function keys) left out. Input that is all printable ASCII (a
// line typed, a paste of text) is its own text, without a rune slice of
// it.
func typedText(data []byte) string {
	if printableASCII(data) == len(data) {
		return string(data)
	}
	var b strings.Builder
	rs := []rune(string(data))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == 0x1b:
			i = skipEscape(rs, i)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// skipEscape returns the index of the last rune of the escape sequence
// that starts at rs[i]: a CSI or SS3 sequence up to its final byte, or
// ESC and the key it prefixes (Alt).
func skipEscape(rs []rune, i int) int {
	if i+1 >= len(rs) {
		return i
	}
	if rs[i+1] != '[' && rs[i+1] != 'O' {
		return i + 1
	}
	for j := i + 2; j < len(rs); j++ {
		if rs[j] >= 0x40 && rs[j] <= 0x7e && (rs[i+1] == 'O' || rs[j] != '[') {
			return j
		}
	}
	return len(rs) - 1
}

// showsOnlyTyped reports whether one of rows, changed from old to cur, shows
// nothing new but the start of typed: what its change wrote, blanks
// trimmed, is a prefix of what was typed (blank: text erased). A row whose
// text is as it was changed its colours alone.
func showsOnlyTyped(old, cur *view, rows []int, typed string) bool {
	if old == nil {
		return false
	}
	return slices.ContainsFunc(rows, func(r int) bool {
		if r < 1 || r > len(cur.rows) || r > len(old.rows) || old.rows[r-1] == cur.rows[r-1] {
			return false
		}
		return strings.HasPrefix(typed, strings.TrimSpace(written(old.rows[r-1], cur.rows[r-1])))
	})
}

// written returns the part of cur that differs from old, from the first
// character that differs to the last (the row's text, blanks padded).
func written(old, cur string) string {
	a, b := []rune(old), []rune(cur)
	for len(a) < len(b) {
		a = append(a, ' ')
	}
	for len(b) < len(a) {
		b = append(b, ' ')
	}
	first, last := 0, len(b)
	for first < last && a[first] == b[first] {
		first++
	}
	for last > first && a[last-1] == b[last-1] {
		last--
	}
	return string(b[first:last])
}
