package ready

import "testing"

func TestUnansweredHelpers(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"", ""}, {"abc", "abc"}, {"ab", "abc"}, {"┃  say hi", "┃  Ask anything"}, {"é", "è"}, {"┃", "┃x"}, {"x┃", "x┃"},
	} {
		n := commonPrefix(tc.a, tc.b)
		if n > len(tc.a) || n > len(tc.b) || tc.a[:n] != tc.b[:n] {
			t.Errorf("commonPrefix(%q, %q) = %d", tc.a, tc.b, n)
		}
	}
	if got := lastRunes("héllo", 3); got != "llo" {
		t.Errorf("lastRunes = %q", got)
	}
	if got := lastRunes("hé", 5); got != "hé" {
		t.Errorf("lastRunes = %q", got)
	}
	for _, tc := range []struct {
		row, sent string
		want      bool
	}{
		{"  ┃  think slowly", "think slowly", true},
		{"> say hi", "say hi", true},
		{"● say hi", "say hi", true},
		{"┃  ing, until the very end.", "think slowly, thinking, until the very end.", true},
		{"Hello from the fake model", "say hi", false},
		{"  ┃  hi", "say hi", false}, // a tail shorter than 8 characters
		{"user said: say hi", "say hi", false},
		{"", "x", false},
	} {
		if got := isEcho(tc.row, tc.sent); got != tc.want {
			t.Errorf("isEcho(%q, %q) = %v, want %v", tc.row, tc.sent, got, tc.want)
		}
	}
}
