package asciicast

import (
	"strconv"
	"unicode/utf8"
)

// splitEvent reads the event line a Writer writes, `[time, "c", "data"]`
// with the data's escapes among \" \\ \/ \b \f \n \r \t and \uXXXX outside
// the surrogates, without encoding/json: a recording is mostly such lines,
// and decoding them through encoding/json was a tenth of a whole `ttyrig
// replay`. ok is false for anything else (other spacing, other escapes,
// invalid UTF-8, a control byte), which parseEvent then reads the general
// way, so both give the same event for every line this reads.
func splitEvent(line []byte) (secs float64, code, data string, ok bool) {
	i := 1 // past '['
	j := jsonNumberEnd(line, i)
	if j == i || j+2 >= len(line) || line[j] != ',' {
		return 0, "", "", false
	}
	f, err := strconv.ParseFloat(string(line[i:j]), 64)
	if err != nil {
		return 0, "", "", false
	}
	i = j + 1
	if line[i] == ' ' {
		i++
	}
	// The code: one plain character in quotes.
	if i+4 > len(line) || line[i] != '"' || line[i+2] != '"' || line[i+3] != ',' || line[i+1] < 0x20 || line[i+1] >= 0x7f || line[i+1] == '"' || line[i+1] == '\\' {
		return 0, "", "", false
	}
	code = string(line[i+1 : i+2])
	i += 4
	if i < len(line) && line[i] == ' ' {
		i++
	}
	if i >= len(line) || line[i] != '"' {
		return 0, "", "", false
	}
	end := len(line) - 1
	for end > i && (line[end] == ' ' || line[end] == '\r') {
		end--
	}
	if end < i+2 || line[end] != ']' || line[end-1] != '"' {
		return 0, "", "", false
	}
	data, ok = unquoteSimple(line[i+1 : end-1])
	return f, code, data, ok
}

// jsonNumberEnd returns where a JSON number without sign or exponent that
// starts at i ends ("0", "12", "0.5"; not "00", "1.", ".5"), or i.
func jsonNumberEnd(b []byte, i int) int {
	digits := func(j int) int {
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		return j
	}
	j := digits(i)
	if j == i || b[i] == '0' && j > i+1 {
		return i
	}
	if j < len(b) && b[j] == '.' {
		k := digits(j + 1)
		if k == j+1 {
			return i
		}
		j = k
	}
	return j
}

// unquoteSimple decodes the inside of a JSON string with only the escapes
// splitEvent reads; ok is false for anything else.
func unquoteSimple(s []byte) (string, bool) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c < 0x20:
			return "", false
		case c < utf8.RuneSelf && c != '\\':
			out = append(out, c)
			i++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false
			}
			out = append(out, s[i:i+size]...)
			i += size
		default: // a backslash
			if i+1 >= len(s) {
				return "", false
			}
			switch e := s[i+1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				if i+6 > len(s) {
					return "", false
				}
				v, err := strconv.ParseUint(string(s[i+2:i+6]), 16, 32)
				if err != nil || v >= 0xd800 && v < 0xe000 {
					return "", false
				}
				out = utf8.AppendRune(out, rune(v))
				i += 6
				continue
			default:
				return "", false
			}
			i += 2
		}
	}
	return string(out), true
}
