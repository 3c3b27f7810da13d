package trace

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/picture"
)

// page.html is the page: its style, a script of a few hundred lines that
// draws the data, and three places filled in by Page.
//
//go:embed page.html
var pageTemplate string

// Page replays cast and returns its trace page.
func Page(cast *asciicast.Cast, opts ...Option) ([]byte, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	d, err := build(cast, c)
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	js, err := json.Marshal(d) // escapes <, > and &, so it cannot end the script element
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	return []byte(strings.NewReplacer(
		"{{title}}", html.EscapeString(d.Title),
		"/*{{screen-css}}*/", picture.CSS(),
		"{{data}}", string(js),
	).Replace(pageTemplate)), nil
}
