package ready

import (
	"slices"
	"strings"
	"unicode"
)

// Typed keys shown back. A full-screen program's frame is still once its
// solid changes stop, and a change that only repaints a region seen
// animating moments before is a repeat frame, not a solid change
// (perceive_animation.go). A change that shows the keys just typed is
// neither a clock nor a spinner: it is the program taking them, and what
// it does with them may follow (vifm shows the first "d" of "dd" as a
// pending key in its status row, erases the message there, and draws its
// "Deletion" window only after it reads the second). So the first change
// after input that shows (the start of) what was typed is solid, and the
// quiet window starts over from it.

// typedText returns the text a program could show back of input data:
// its printable characters, with control characters and escape sequences
// (arrows, function keys) left out.
func typedText(data []byte) string {
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

// echoesTyped reports whether one of rows, changed from old to cur, shows
// nothing new but the start of typed: what its change wrote, blanks
// trimmed, is a prefix of what was typed.
func echoesTyped(old, cur *view, rows []int, typed string) bool {
	if old == nil || typed == "" {
		return false
	}
	return slices.ContainsFunc(rows, func(r int) bool {
		if r < 1 || r > len(cur.rows) || r > len(old.rows) {
			return false
		}
		shown := strings.TrimSpace(written(old.rows[r-1], cur.rows[r-1]))
		return shown != "" && strings.HasPrefix(typed, shown)
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
