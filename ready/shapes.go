package ready

import (
	"strings"
	"unicode/utf8"
)

// Scanners for the three patterns progressShape flattens rows with
// (barSegment, digitRun and dotsRun in busyanim.go), written out by hand:
// they run on every changed row of every frame, a flood's whole screen at
// each read, where the patterns cost more than the rest of the engine. Each
// finds exactly what its pattern finds, leftmost first, as tests check
// against the patterns.

// barCells are what barSegment allows between a bar's delimiters.
const barCells = "█▉▊▋▌▍▎▏#=>━■▰░▒▓▱ .-"

// nextBar returns the first bar segment of s at or after from, as
// barSegment.FindStringIndex would find it: "|" or "[", any bar cells, then
// "|" or "]". ok is false if there is none.
func nextBar(s string, from int) (start, end int, ok bool) {
	for i := from; i < len(s); i++ {
		if s[i] != '|' && s[i] != '[' {
			continue
		}
		j := i + 1
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if !strings.ContainsRune(barCells, r) {
				break
			}
			j += size
		}
		// Cells are never delimiters, so only the first cell that is not
		// one can close the bar: no shorter run can.
		if j < len(s) && (s[j] == '|' || s[j] == ']') {
			return i, j + 1, true
		}
	}
	return 0, 0, false
}

// barSegments returns every bar segment of s, as
// barSegment.FindAllStringIndex(s, -1) does.
func barSegments(s string) [][]int {
	var out [][]int
	for at := 0; ; {
		i, j, ok := nextBar(s, at)
		if !ok {
			return out
		}
		out = append(out, []int{i, j})
		at = j
	}
}

// flattenBars is barSegment.ReplaceAllString(s, "[#]").
func flattenBars(s string) string {
	var b []byte
	last := 0
	for at := 0; ; {
		i, j, ok := nextBar(s, at)
		if !ok {
			break
		}
		b = append(append(b, s[last:i]...), "[#]"...)
		last, at = j, j
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// flattenDigits is digitRun.ReplaceAllString(s, "0"): every run of digits,
// with any ".", "," or ":" between digits ("1,024", "12:30", "3.5"), as one
// "0".
func flattenDigits(s string) string {
	var b []byte
	last := 0
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		for j+1 < len(s) && (s[j] == '.' || s[j] == ',' || s[j] == ':') && isDigit(s[j+1]) {
			j++
			for j < len(s) && isDigit(s[j]) {
				j++
			}
		}
		b = append(append(b, s[last:i]...), '0')
		last, i = j, j
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

// isSpace is the pattern syntax's \s.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// nextDots returns the first trailing dots of s at or after from, as
// dotsRun finds them: one to three dots, or "…", then a blank (taken with
// them) or the end. ok is false if there are none.
func nextDots(s string, from int) (start, end int, ok bool) {
	for i := from; i < len(s); i++ {
		n := 0
		switch {
		case s[i] == '.':
			for i+n < len(s) && s[i+n] == '.' {
				n++
			}
			if n > 3 {
				continue // a longer run of dots matches from its last three
			}
		case strings.HasPrefix(s[i:], "…"):
			n = len("…")
		default:
			continue
		}
		switch j := i + n; {
		case j == len(s):
			return i, j, true
		case isSpace(s[j]):
			return i, j + 1, true
		}
	}
	return 0, 0, false
}

// flattenDots is dotsRun.ReplaceAllString(s, "…$2").
func flattenDots(s string) string {
	var b []byte
	last := 0
	for at := 0; ; {
		i, j, ok := nextDots(s, at)
		if !ok {
			break
		}
		b = append(append(b, s[last:i]...), "…"...)
		if j > i && isSpace(s[j-1]) {
			b = append(b, s[j-1])
		}
		last, at = j, j
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}
