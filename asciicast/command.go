package asciicast

import "strings"

// JoinCommand writes argv as the header's command line, quoted the way a
// POSIX shell reads it back, so it can be pasted into a shell and
// SplitCommand returns argv exactly.
func JoinCommand(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.IndexFunc(a, needsQuote) < 0 {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

func needsQuote(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
}

// SplitCommand reads a header's command line back into argv with the
// quoting rules of a POSIX shell's words (single quotes, double quotes,
// backslash escapes), the inverse of JoinCommand. A line no shell would
// accept (an unclosed quote), as older or foreign recordings may hold, is
// split at spaces instead, which is how such recordings were read before.
func SplitCommand(line string) []string {
	var (
		argv  []string
		word  strings.Builder
		inArg bool
	)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inArg {
				argv, inArg = append(argv, word.String()), false
				word.Reset()
			}
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return strings.Fields(line)
			}
			word.WriteString(line[i+1 : i+1+j])
			i, inArg = i+1+j, true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("$`\"\\\n", line[i+1]) >= 0 {
					i++
				}
				word.WriteByte(line[i])
			}
			if i >= len(line) {
				return strings.Fields(line)
			}
			inArg = true
		case c == '\\':
			if i+1 < len(line) {
				i++
				word.WriteByte(line[i])
			}
			inArg = true
		default:
			word.WriteByte(c)
			inArg = true
		}
	}
	if inArg {
		argv = append(argv, word.String())
	}
	return argv
}

// Argv returns the header's command line as argv (see SplitCommand); nil
// if the header has none.
func (h Header) Argv() []string { return SplitCommand(h.Command) }
