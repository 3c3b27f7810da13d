package asciicast_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/asciicast"
)

// A command line written by JoinCommand reads back as the same argv,
// whatever the arguments hold.
func TestCommandRoundTrip(t *testing.T) {
	for _, argv := range [][]string{
		{"bash"},
		{"bash", "--norc", "-c", "echo 'hi there'; exit 3"},
		{"/usr/bin/env", "python3", "-c", `print("a b")`},
		{"x", "", "a\tb", `back\slash`, "dollar $HOME", "new\nline", "ünïcode ✳"},
	} {
		line := asciicast.JoinCommand(argv)
		if got := asciicast.SplitCommand(line); !cmp.Equal(got, argv) {
			t.Errorf("SplitCommand(JoinCommand(%q)) = %q via %q", argv, got, line)
		}
	}
}

// Lines other shells' quoting wrote, and the unquoted lines older
// recordings hold, read as a shell would; an unclosed quote falls back to
// splitting at spaces.
func TestSplitCommand(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"", nil},
		{"claude", []string{"claude"}},
		{"  node   agent.js  --fast ", []string{"node", "agent.js", "--fast"}},
		{`bash -c "echo \"hi\" \$x"`, []string{"bash", "-c", `echo "hi" $x`}},
		{`printf a\ b`, []string{"printf", "a b"}},
		{`it's open`, []string{"it's", "open"}},
		{`say "unclosed`, []string{"say", `"unclosed`}},
	} {
		if got := asciicast.SplitCommand(c.line); !cmp.Equal(got, c.want) {
			t.Errorf("SplitCommand(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}
