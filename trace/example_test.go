package trace_test

import (
	"bytes"
	"fmt"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/trace"
)

// The trace page of a recording: one HTML file, with nothing to fetch.
func ExamplePage() {
	cast, err := asciicast.ReadFile("../recordings/testdata/corpus/osc133.cast")
	if err != nil {
		panic(err)
	}
	page, err := trace.Page(cast, trace.WithTitle("an OSC 133 shell"))
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.HasPrefix(page, []byte("<!doctype html>")), bytes.Contains(page, []byte("http")))
	// Output: true false
}
