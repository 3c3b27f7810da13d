package termtest_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttyrig/ttyrig/termtest"
)

// WithRuntime names a built-in profile; a file is WithProfileFile's, and
// what is wrong in it is named by file, line and field before the program
// starts.
func TestProfileOptions(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"name\": \"x\",\n  \"quiet\": \"soon\"\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opt  termtest.Option
		want []string
	}{
		{termtest.WithRuntime("profiles/menu.json"), []string{`WithRuntime("profiles/menu.json")`, "no built-in profile", "WithProfileFile"}},
		{termtest.WithRuntime("vim"), []string{`WithRuntime("vim")`, "generic, claude, codex, gemini"}},
		{termtest.WithProfileFile(bad), []string{"WithProfileFile", "bad.json", "line 3", "quiet"}},
		{termtest.WithProfileFile("no/such.json"), []string{"WithProfileFile", "no/such.json"}},
	} {
		term, err := termtest.Start(context.Background(), []string{"true"}, tc.opt)
		if err == nil {
			_ = term.Close()
			t.Errorf("Start with %v: no error, want one naming %q", tc.want[0], tc.want)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Start: %v\nwant it to say %q", err, w)
			}
		}
	}
	term := termtest.Spawn(t, []string{"sh", "-c", "read x"}, termtest.WithProfileFile("../recordings/agents/codex.learnt.json"))
	if got := term.Profile().Name; got != "codex-learnt" {
		t.Errorf("profile %q, want codex-learnt from the file", got)
	}
}
