package recordings

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A fragment is a generalised piece of one screen line: the shape a rule
// looks for, with numbers as \d+ and a spinner glyph as a placeholder that
// becomes a character class of the glyphs seen in its place. Exact strings
// with numbers in them (timers, counts) never become rules.

// glyphSlot stands for the spinner glyph of a fragment until its class is
// known.
const glyphSlot = "\x00"

// braille is the block of cli-spinners' "dots" frames: one seen means any
// of them may come next.
const brailleLo, brailleHi = 0x2800, 0x28FF

// isGlyph says whether r can be a spinner frame: braille, or a symbol
// (not a letter, digit, space or common punctuation).
func isGlyph(r rune) bool {
	if r >= brailleLo && r <= brailleHi {
		return true
	}
	if r < 0x80 {
		return r == '*'
	}
	return unicode.IsSymbol(r) || unicode.Is(unicode.Po, r) && r != '…' ||
		strings.ContainsRune("◐◓◑◒◴◷◶◵✻✶✢✽✳✦·•●○◉", r)
}

// isSpinner says whether r is a glyph animations cycle through (braille,
// Claude Code's asterisks, half circles, dots), not a fixed symbol such as
// an arrow or a check mark.
func isSpinner(r rune) bool {
	return r >= brailleLo && r <= brailleHi || strings.ContainsRune("◐◓◑◒◴◷◶◵✻✶✢✽✳✦·•●○◉*", r)
}

var (
	borderRunes = "│┃|╭╮╰╯─ "
	splitter    = regexp.MustCompile(`\s{2,}|\s+[·•|│]\s+|[()\[\]]`)
	digits      = regexp.MustCompile(`\d+`)
	spaces      = regexp.MustCompile(`[\s\x{A0}]+`)
)

// fragments returns the generalised fragments of a line, each once, with
// the glyph each one's slot held ('0' when it has none).
func fragments(line string) map[string]rune {
	out := map[string]rune{}
	t := strings.Trim(line, borderRunes+"\u00a0\t")
	if t == "" {
		return out
	}
	// A spinner line: a glyph, then a word (which varies: Claude's verbs),
	// then maybe an ellipsis.
	if r, n := utf8.DecodeRuneInString(t); isGlyph(r) {
		rest := strings.TrimLeft(t[n:], " \u00a0")
		if len(rest) < len(t[n:]) && rest != "" {
			w, _ := utf8.DecodeRuneInString(rest)
			if unicode.IsLetter(w) {
				word := strings.IndexFunc(rest, func(c rune) bool { return !unicode.IsLetter(c) })
				sep := space(t[n : len(t)-len(rest)])
				pat := `^[\s│┃|]*` + glyphSlot + sep + `\p{L}+`
				if word >= 0 {
					switch {
					case strings.HasPrefix(rest[word:], "…"):
						pat += `…`
					case strings.HasPrefix(rest[word:], "..."):
						pat += `\.\.\.`
					}
				}
				out[pat] = r
				// The word itself too, for a program whose spinner says one
				// thing ("• Working"), unlike Claude Code's changing verbs.
				if word < 0 {
					word = len(rest)
				}
				out[`^[\s│┃|]*`+glyphSlot+sep+regexp.QuoteMeta(rest[:word])+`\b`] = r
			}
		}
		if r >= brailleLo && r <= brailleHi {
			out[`^[\s│┃|]*`+glyphSlot+`(\s|$)`] = r
		}
	}
	defer func() {
		// Every shape must match the line it came from, as the engine
		// will match it (RE2, line by line): a pattern that cannot is
		// no rule.
		for pat, r := range out {
			glyph := ""
			if r != '0' {
				glyph = "[" + regexp.QuoteMeta(string(r)) + "]"
			}
			re, err := compileFragment(strings.ReplaceAll(pat, glyphSlot, glyph))
			if err != nil || !re.MatchString(line) {
				delete(out, pat)
			}
		}
	}()
	for _, seg := range splitter.Split(t, -1) {
		seg = strings.Trim(seg, " \u00a0,.:;-–—"+borderRunes)
		if utf8.RuneCountInString(seg) < 4 || utf8.RuneCountInString(seg) > 60 || !strings.ContainsFunc(seg, unicode.IsLetter) {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(seg); isSpinner(r) {
			continue // a frame of an animation: the spinner line's shape above covers it
		}
		out[generalise(seg)] = '0'
	}
	return out
}

// generalise turns literal text into a pattern: metacharacters quoted,
// numbers as \d+, runs of space as \s+.
func generalise(s string) string {
	q := regexp.QuoteMeta(s)
	q = digits.ReplaceAllString(q, `\d+`)
	return spaces.ReplaceAllStringFunc(q, space)
}

// space is the pattern for a run of blanks: \s+, or with U+00A0 when the
// run holds one (RE2's \s is ASCII only, and programs pad with NBSP:
// Claude Code's "❯\u00a0").
func space(run string) string {
	if strings.ContainsRune(run, '\u00a0') {
		return `[\s\x{A0}]+`
	}
	return `\s+`
}

// glyphClass is the character class of the glyphs seen in a slot: the
// whole braille block when any braille frame was seen.
func glyphClass(seen map[rune]bool) string {
	var b strings.Builder
	b.WriteByte('[')
	braille := false
	for r := range seen {
		if r >= brailleLo && r <= brailleHi {
			braille = true
		}
	}
	if braille {
		b.WriteString(`\x{2800}-\x{28FF}`)
	}
	for _, r := range sortedRunes(seen) {
		if r >= brailleLo && r <= brailleHi || r == '0' {
			continue
		}
		b.WriteString(regexp.QuoteMeta(string(r)))
	}
	b.WriteByte(']')
	return b.String()
}

func sortedRunes(m map[rune]bool) []rune {
	out := make([]rune, 0, len(m))
	for r := range m {
		out = append(out, r)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// fragmentREs caches the compiled shapes: lines repeat them (a spinner
// line differs from the last only in its glyph and its timer). It stops
// growing at maxFragmentREs entries.
var fragmentREs = struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}{m: map[string]*regexp.Regexp{}}

const maxFragmentREs = 4096

func compileFragment(pat string) (*regexp.Regexp, error) {
	fragmentREs.Lock()
	re, ok := fragmentREs.m[pat]
	fragmentREs.Unlock()
	if ok {
		return re, nil
	}
	re, err := regexp.Compile("(?m)" + pat)
	if err != nil {
		return nil, err
	}
	fragmentREs.Lock()
	if len(fragmentREs.m) < maxFragmentREs {
		fragmentREs.m[pat] = re
	}
	fragmentREs.Unlock()
	return re, nil
}
