package ready

import (
	"math/bits"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// A literal is text that every match of a pattern contains, found in the
// pattern itself: a row without it cannot match, and looking for it is far
// cheaper than running the pattern, which finds no prefix to skip ahead to
// when it ignores case or starts with a class ("(?i)esc to interrupt",
// "^\s*[✻✶]\s+\p{L}+…"). Most rows of a screen match none of the patterns
// asked of them, and each changed row is asked of every marker.
//
// A pattern that requires no text may still require one of a few ASCII
// bytes (class): the "[.)]" after the digits of "1. Yes", the "\d" itself.
// A row with none of them cannot match either, and a byte scan is cheaper
// than the pattern's run and than the memo's hash of the row (memo.go).
//
// A pattern of alternatives ("↑|↓|navigate", "[│┃▌]") may require one of
// a few texts (alts), each one a branch requires.
type literal struct {
	text     string  // "" when the pattern requires none
	fold     bool    // ASCII letters match in either case; text is lower case
	class    byteSet // ASCII bytes one of which every match holds; empty for none
	alts     string  // texts one of which every match holds, split by NUL; "" for none
	altsFold bool    // as fold, for alts
}

// byteSet is a set of ASCII bytes.
type byteSet [2]uint64

func (b *byteSet) add(c byte)     { b[c/64] |= 1 << (c % 64) }
func (b byteSet) has(c byte) bool { return c < utf8.RuneSelf && b[c/64]&(1<<(c%64)) != 0 }
func (b byteSet) empty() bool     { return b == byteSet{} }
func (b byteSet) size() (n int)   { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }
func (b byteSet) anyIn(s string) bool {
	for i := 0; i < len(s); i++ {
		if b.has(s[i]) {
			return true
		}
	}
	return false
}

// in reports whether s may match the pattern: whether s contains the
// literal, a byte of its class and one of its alternatives.
func (l literal) in(s string) bool {
	if !l.class.empty() && !l.class.anyIn(s) {
		return false
	}
	if l.text != "" && !contains(s, l.text, l.fold) {
		return false
	}
	if l.alts == "" {
		return true
	}
	for alts := l.alts; ; {
		alt, rest, more := strings.Cut(alts, "\x00")
		if contains(s, alt, l.altsFold) {
			return true
		}
		if !more {
			return false
		}
		alts = rest
	}
}

// contains reports whether s contains text, in either case for ASCII
// letters if fold (text then in lower case).
func contains(s, text string, fold bool) bool {
	if !fold {
		return strings.Contains(s, text)
	}
	// The first byte is found by IndexByte, in each case: a row is
	// scanned by the processor's vector instructions, not byte by byte.
	first := text[0]
	for _, c := range [...]byte{first, upper(first)} {
		for i := 0; ; {
			j := strings.IndexByte(s[i:], c)
			if j < 0 || i+j+len(text) > len(s) {
				break
			}
			if foldedPrefix(s[i+j:], text) {
				return true
			}
			i += j + 1
		}
		if upper(first) == first {
			break
		}
	}
	return false
}

// foldedPrefix reports whether s starts with lit, lit in lower case,
// ASCII letters of s compared in either case.
func foldedPrefix(s, lit string) bool {
	for j := 1; j < len(lit); j++ {
		if lower(s[j]) != lit[j] {
			return false
		}
	}
	return true
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - ('a' - 'A')
	}
	return b
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// literals holds each pattern's literal, found once per process.
var literals struct {
	m sync.Map // *regexp.Regexp → literal
	n atomic.Int32
}

// maxLiterals bounds the patterns whose literal is kept: a program that
// compiles profiles by the thousand recomputes them instead.
const maxLiterals = 4096

// literalOf returns the literal every match of re contains.
func literalOf(re *regexp.Regexp) literal {
	if l, ok := literals.m.Load(re); ok {
		return l.(literal)
	}
	l := requiredLiteral(re.String())
	if literals.n.Load() < maxLiterals {
		if _, had := literals.m.LoadOrStore(re, l); !had {
			literals.n.Add(1)
		}
	}
	return l
}

// requiredLiteral returns the longest literal that every match of pattern
// (in regexp's syntax) contains, or none.
func requiredLiteral(pattern string) literal {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return literal{}
	}
	return required(re.Simplify())
}

// required walks a pattern's tree: a literal of a concatenation's part,
// of a group, or of what repeats at least once is required of the whole;
// optional parts require nothing; a class of ASCII bytes alone requires
// one of them, one of a few other runes one of those; alternatives require
// one of what each requires, if each requires something. A concatenation
// keeps its longest literal, its smallest class and its fewest
// alternatives.
func required(re *syntax.Regexp) literal {
	switch re.Op {
	case syntax.OpLiteral:
		return literalRun(re.Rune, re.Flags&syntax.FoldCase != 0)
	case syntax.OpCharClass:
		if c := asciiClass(re.Rune); !c.empty() {
			return literal{class: c}
		}
		return literal{alts: runeAlts(re.Rune)}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpAlternate:
		return alternatives(re.Sub)
	case syntax.OpConcat:
		var best literal
		for _, sub := range re.Sub {
			l := required(sub)
			if len(l.text) > len(best.text) {
				best.text, best.fold = l.text, l.fold
			}
			if !l.class.empty() && (best.class.empty() || l.class.size() < best.class.size()) {
				best.class = l.class
			}
			if l.alts != "" && (best.alts == "" || strings.Count(l.alts, "\x00") < strings.Count(best.alts, "\x00")) {
				best.alts, best.altsFold = l.alts, l.altsFold
			}
		}
		return best
	}
	return literal{}
}

// maxAlts bounds the alternatives a literal keeps: past it, looking for
// each costs more than the pattern's run saves.
const maxAlts = 16

// alternatives returns what one of subs, alternatives, requires: for each,
// its literal, else its alternatives, else its class's bytes if few; none
// if one requires none of these. Where any ignores case, all are compared
// so, in lower case: a comparison that lets more through.
func alternatives(subs []*syntax.Regexp) literal {
	var alts []string
	fold := false
	for _, sub := range subs {
		l := required(sub)
		switch {
		case l.text != "":
			alts, fold = append(alts, l.text), fold || l.fold
		case l.alts != "":
			alts, fold = append(alts, strings.Split(l.alts, "\x00")...), fold || l.altsFold
		case !l.class.empty() && l.class.size() <= maxAlts:
			for c := range utf8.RuneSelf {
				if l.class.has(byte(c)) {
					alts = append(alts, string(rune(c)))
				}
			}
		default:
			return literal{}
		}
	}
	if len(alts) == 0 || len(alts) > maxAlts {
		return literal{}
	}
	if fold {
		for i, a := range alts {
			alts[i] = lowerASCII(a)
		}
	}
	return literal{alts: strings.Join(alts, "\x00"), altsFold: fold}
}

// runeAlts returns the runes of a class given as rune ranges as
// alternatives, if it holds few; "" otherwise.
func runeAlts(ranges []rune) string {
	var alts []string
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1]-ranges[i] >= maxAlts {
			return ""
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if r == utf8.RuneError || len(alts) == maxAlts {
				return "" // U+FFFD matches invalid UTF-8 too
			}
			alts = append(alts, string(r))
		}
	}
	return strings.Join(alts, "\x00")
}

// lowerASCII returns s with its ASCII letters in lower case, the rest as
// it is (as contains compares it).
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lower(c)
	}
	return string(b)
}

// asciiClass returns the bytes of a class given as rune ranges (lo, hi
// pairs, case folding already in them), or none if it holds a rune past
// ASCII: a byte scan finds ASCII runes alone.
func asciiClass(ranges []rune) byteSet {
	var b byteSet
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1] >= utf8.RuneSelf {
			return byteSet{}
		}
		for c := ranges[i]; c <= ranges[i+1]; c++ {
			b.add(byte(c))
		}
	}
	return b
}

// literalRun returns the longest run of runes that a byte search finds
// wherever the pattern matches them. Cut out: U+FFFD, which the pattern
// matches on invalid UTF-8 that a byte search would not find, and, where
// case is ignored, every rune that folds to a rune outside ASCII ("k" is
// also the Kelvin sign, "s" the long s) or letters that differ by more
// than ASCII case.
func literalRun(runes []rune, fold bool) literal {
	var best, cur strings.Builder
	keep := func() {
		if cur.Len() > best.Len() {
			best.Reset()
			best.WriteString(cur.String())
		}
		cur.Reset()
	}
	for _, r := range runes {
		if r == utf8.RuneError || fold && !asciiFold(r) {
			keep()
			continue
		}
		if fold {
			r = unicode.ToLower(r)
		}
		cur.WriteRune(r)
	}
	keep()
	return literal{text: best.String(), fold: fold}
}

// asciiFold reports whether r's case folding stays within what in
// compares: r folds to no rune but itself, or r is an ASCII letter whose
// only other case is its ASCII pair.
func asciiFold(r rune) bool {
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f >= utf8.RuneSelf || r >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
