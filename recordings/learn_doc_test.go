package recordings_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// Every Go snippet in docs/CALIBRATION.md is the body of an Example
// function (or a contiguous part of one), so it compiles and runs under
// go test; a change to either shows here.
func TestCalibrationGuideSnippetsAreExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/CALIBRATION.md")
	if err != nil {
		t.Fatal(err)
	}
	var bodies []string
	for _, file := range []string{"learn_example_test.go", "../termtest/example_profile_test.go"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(fn.Name.Name, "Example") {
				bodies = append(bodies, normalise(string(src[fn.Body.Lbrace:fn.Body.Rbrace])))
			}
		}
	}
	snippets := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(doc), -1)
	if len(snippets) == 0 {
		t.Fatal("docs/CALIBRATION.md has no Go snippets")
	}
	for i, s := range snippets {
		want := normalise(s[1])
		found := false
		for _, b := range bodies {
			if strings.Contains(b, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("snippet %d of docs/CALIBRATION.md is in no Example function:\n%s", i+1, s[1])
		}
	}
}

// normalise drops indentation and blank lines.
func normalise(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return "\n" + strings.Join(out, "\n") + "\n"
}
