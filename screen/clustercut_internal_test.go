package screen

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// A piece of output is cut where no grapheme cluster goes on: x/vt draws
// the cluster it holds at the end of each write.
func TestClusterCut(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		n          int
		ok         func(p string, at int) bool
	}{
		{"short", "abc", 10, func(p string, at int) bool { return at == 3 }},
		{"ascii", strings.Repeat("abcdefgh", 100), 100, func(p string, at int) bool { return at == 100 }},
		{"after a control", strings.Repeat("é\r\n", 50) + strings.Repeat("é", 100), 200,
			func(p string, at int) bool { return p[at-1] == '\n' }},
		{"combining marks", strings.Repeat("e\u0301", 200), 101,
			func(p string, at int) bool { return p[at] == 'e' && at <= 101 && at > 50 }},
		{"flags", strings.Repeat("🇫🇷", 100), 101,
			func(p string, at int) bool { return at%8 == 0 && at <= 101 && at > 50 }},
		{"one long cluster", "e" + strings.Repeat("\u0301", 200), 101,
			func(p string, at int) bool { return utf8.RuneStart(p[at]) && at <= 101 }},
	} {
		at := clusterCut([]byte(tc.text), tc.n)
		if !tc.ok(tc.text, at) {
			t.Errorf("%s: cut at %d of %d bytes (at most %d): %q | %q", tc.name, at, len(tc.text), tc.n,
				tc.text[max(at-8, 0):at], tc.text[at:min(at+8, len(tc.text))])
		}
	}
}

// A long run of text without a control character, cut into pieces as feed
// cuts it, draws as x/vt draws it in one write.
func TestLongTextDrawsWhole(t *testing.T) {
	const cols, rows = 20, 6
	for _, text := range []string{
		strings.Repeat("e\u0301", 3000),
		strings.Repeat("👩\u200d💻 ", 1500),
		strings.Repeat("🇫🇷", 2000),
		strings.Repeat("日本語", 2000),
	} {
		ref := referenceEmulator(t, cols, rows)
		_, _ = ref.Write([]byte(text))
		s := New(cols, rows)
		s.WriteAt(time.Now(), []byte(text))
		for y := range rows {
			var want strings.Builder
			for x := range cols {
				if c := ref.CellAt(x, y); c != nil {
					want.WriteString(c.Content)
				}
			}
			if got := s.Snapshot().Lines()[y]; strings.TrimRight(got, " ") != strings.TrimRight(want.String(), " ") {
				t.Errorf("%.12q…: row %d is %q, x/vt draws %q", text, y, got, want.String())
			}
		}
		s.Close()
	}
}
