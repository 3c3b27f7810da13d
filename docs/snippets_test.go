// Package docs holds the project's guides (Markdown) and the test that
// keeps their Go snippets true: every ```go block in README.md, docs/ and
// examples/README.md must stand, line for line, in a Go file of the
// repository that is compiled (an Example, a test, a program), so no
// snippet can drift from the API.
package docs

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSnippetsAreCompiledCode(t *testing.T) {
	root := ".."
	var sources [][]string
	var guides []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(name, ".go"):
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sources = append(sources, normalized(string(b)))
		case strings.HasSuffix(name, ".md"):
			guides = append(guides, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, guide := range guides {
		for _, sn := range goSnippets(t, guide) {
			checked++
			lines := normalized(sn.text)
			if len(lines) == 0 {
				continue
			}
			if !containedInAny(sources, lines) {
				t.Errorf("%s:%d: this Go snippet is not in any Go file of the repository, so nothing compiles it; "+
					"put it in an Example or a test and keep the two the same:\n%s", guide, sn.line, sn.text)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no Go snippets found: the walk missed README.md and docs/")
	}
	t.Logf("%d Go snippets in %d guides, each found in compiled code", checked, len(guides))
}

type snippet struct {
	line int // where the block starts
	text string
}

// goSnippets returns the ```go blocks of a Markdown file.
func goSnippets(t *testing.T, path string) []snippet {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []snippet
	var cur *strings.Builder
	start := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && trimmed == "```go":
			cur, start = &strings.Builder{}, n+1
		case cur != nil && trimmed == "```":
			out = append(out, snippet{start, cur.String()})
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if cur != nil {
		t.Errorf("%s:%d: a ```go block is never closed", path, start-1)
	}
	return out
}

// normalized is text as lines with indentation and runs of blanks folded
// (gofmt aligns comments differently in a block than in a file) and blank
// lines dropped.
func normalized(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			out = append(out, strings.Join(f, " "))
		}
	}
	return out
}

func containedInAny(sources [][]string, lines []string) bool {
	for _, src := range sources {
		for i := 0; i+len(lines) <= len(src); i++ {
			if src[i] != lines[0] {
				continue
			}
			j := 1
			for j < len(lines) && src[i+j] == lines[j] {
				j++
			}
			if j == len(lines) {
				return true
			}
		}
	}
	return false
}
