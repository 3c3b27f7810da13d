package ready

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The package doc lists the signals in the order the engine asks them.
func TestDocListsSignalsInOrder(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for _, m := range regexp.MustCompile(`(?m)^//\s+\d+\.\s+([a-z-]+)`).FindAllStringSubmatch(string(src), -1) {
		doc = append(doc, m[1])
	}
	var code []signalKind
	for _, k := range kinds {
		code = append(code, k)
	}
	slices.SortFunc(code, func(a, b signalKind) int { return a.rank - b.rank })
	var names []string
	for _, k := range code {
		names = append(names, k.name)
	}
	if strings.Join(doc, " ") != strings.Join(names, " ") {
		t.Errorf("doc.go lists\n  %s\nthe engine asks\n  %s", strings.Join(doc, " "), strings.Join(names, " "))
	}
}
