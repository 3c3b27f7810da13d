package examples

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docSnippet is a Go block of a page in docs/.
type docSnippet struct {
	page string
	line int
	text string
}

// goBlocks returns the ```go blocks of a Markdown page.
func goBlocks(t *testing.T, page string) []docSnippet {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var out []docSnippet
	var cur *docSnippet
	for i, l := range strings.Split(string(b), "\n") {
		switch {
		case cur == nil && strings.TrimSpace(l) == "```go":
			cur = &docSnippet{page: page, line: i + 2}
		case cur != nil && strings.TrimSpace(l) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += l + "\n"
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: a ```go block that never ends", page, cur.line-1)
	}
	return out
}

// unindent drops every line's leading blanks, so a snippet quoted from
// inside a function matches its text there.
func unindent(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// Every Go snippet of the docs this module's tests compile is the text of
// one of these tests, or of a part of one: a page cannot show code that no
// longer compiles or passes.
func TestDocSnippets(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.WriteString(unindent(string(b)) + "\n")
	}
	code := "\n" + src.String()
	funcName := regexp.MustCompile(`^func (\w+)\(`)
	n := 0
	for _, page := range []string{"../docs/WRITING-TESTS.md", "../docs/API.md"} {
		for _, s := range goBlocks(t, page) {
			n++
			if strings.Contains(code, "\n"+unindent(s.text)+"\n") {
				continue
			}
			hint := ""
			if m := funcName.FindStringSubmatch(s.text); m != nil {
				hint = " (its " + m[1] + " differs from the test's, or is gone)"
			}
			t.Errorf("%s:%d: this snippet is not the text of a test in examples/%s:\n%s", s.page, s.line, hint, s.text)
		}
	}
	if n < 5 {
		t.Errorf("found %d Go snippets in the docs, want the guide's", n)
	}
}
