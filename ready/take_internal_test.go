package ready

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
)

// takeRuneByRune is what unansweredSignal.take did before round 11, kept
// as the reference its faster form must agree with.
func takeRuneByRune(typed []rune, p []byte) []rune {
	if strings.IndexByte(string(p), 0x1b) >= 0 {
		return typed[:0]
	}
	for _, r := range string(p) {
		switch {
		case r == 0x7f || r == 0x08:
			if len(typed) > 0 {
				typed = typed[:len(typed)-1]
			}
		case unicode.IsPrint(r):
			typed = append(typed, r)
		}
	}
	return typed
}

// typedRuneByRune is typedText before its ASCII path.
func typedRuneByRune(data []byte) string {
	var b strings.Builder
	rs := []rune(string(data))
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; {
		case r == 0x1b:
			i = skipEscape(rs, i)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// What take keeps of a sequence of inputs is what the rune-by-rune
// reference keeps: printable text, backspaces taking back whole
// characters (wide, combined, or a byte that is no UTF-8), escapes
// forgetting the line; and typedText says the same of each input.
func TestTakeAgreesWithRuneByRune(t *testing.T) {
	seqs := [][]string{
		{"echo hi"},
		{"héllo", "\x7f\x7f", "x"},
		{"日本語", "\x08", "\x7f", "ok"},
		{"a\xffb", "\x7f", "c"}, // an invalid byte types U+FFFD
		{"\xe6\x97", "\xa5"},    // a rune split across two inputs: two U+FFFD
		{"abc", "\x1b[D", "x"},
		{"\x7f\x7f", "tab\there", "\x00bell\x07"},
		{"e\u0301", "\x7f", "z"},
		{strings.Repeat("long line ", 5000), "\x7f"},
	}
	alphabet := []string{"a", "Z", " ", "~", "\x7f", "\x08", "é", "語", "🙂", "\t", "\x01", "\xff", "\xe2\x82", "\x1bOA", "\x1b[1;5C", "\u0301"}
	rng := rand.New(rand.NewPCG(11, 22))
	for range 500 {
		var seq []string
		for range 1 + rng.IntN(5) {
			var b strings.Builder
			for range rng.IntN(40) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			seq = append(seq, b.String())
		}
		seqs = append(seqs, seq)
	}
	for _, seq := range seqs {
		var u unansweredSignal
		var want []rune
		for i, in := range seq {
			u.take([]byte(in))
			want = takeRuneByRune(want, []byte(in))
			if got := string(u.typed); got != string(want) {
				t.Fatalf("after inputs %q (the %d-th): typed %q, want %q", seq, i+1, got, string(want))
			}
			if got, want := typedText([]byte(in)), typedRuneByRune([]byte(in)); got != want {
				t.Fatalf("typedText(%q) = %q, want %q", in, got, want)
			}
		}
	}
}
