package truth

import "testing"

func TestVisible(t *testing.T) {
	for in, want := range map[string]bool{
		"\x1b]11;?\x1b\\":            false, // bubbletea's background colour query
		"\x1b[6n":                    false,
		"\x1b[?25l\x1b[?2004h":       false,
		"\r   \r\n":                  false,
		"\x1b[2A\r> \x1b[7m \x1b[0m": true,
		"\x1b]0;title\x07x":          true,
	} {
		if got := Visible([]byte(in)); got != want {
			t.Errorf("Visible(%q) = %v, want %v", in, got, want)
		}
	}
}
